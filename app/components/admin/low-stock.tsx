import { Link } from "react-router";
import { imageUrl } from "~/lib/images";

interface LowStockProps {
  products: { id: number; variantId: number; name: string; stock: number; visible: boolean; image: string }[];
}

/** Today's "to pour": variants at or below their product's low-stock level, the emptiest first. */
export function LowStock({ products }: LowStockProps) {
  return (
    <section className="admin-section" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title" className="admin-section__title">
        Low stock
      </h2>
      {products.length === 0 ? (
        <p className="admin-empty">Every product is above its low-stock level.</p>
      ) : (
        <ul className="admin-cards">
          {products.map((product) => (
            <li key={product.variantId} className="admin-card product-row">
              <img
                src={imageUrl(product.image)}
                alt=""
                width={64}
                height={80}
                className="product-row__photo"
                loading="lazy"
              />
              <div>
                <p className="admin-card__title">
                  <Link to={`/admin/products/${product.id}`} className="admin-link">
                    {product.name}
                  </Link>
                </p>
                <p className="admin-card__detail">{`${product.stock === 0 ? "Sold out" : `${product.stock} left`}${product.visible ? "" : " · Hidden"}`}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
