import { Form, Link } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { listProducts } from "~/.server/admin/products";
import { Pagination } from "~/components/pagination";
import { imageUrl } from "~/lib/images";
import { shownPrice } from "~/lib/catalog";
import { pageCount, parsePageNumber } from "~/lib/pagination";
import { productSearchOf } from "~/lib/catalog-schemas";
import type { Route } from "./+types/admin.products";
import { Notice } from "~/components/admin/notices";
import { backOfficeTitle } from "~/lib/meta";

const PAGE_SIZE = 25;

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const search = productSearchOf(url);
  const page = parsePageNumber(url.searchParams.get("page")) ?? 1;
  const { products, total } = await listProducts(context.db, search, { number: page, size: PAGE_SIZE });
  // Only a number comes back from Delete product, so a link cannot put other words in the notice.
  const deleted = url.searchParams.get("deleted");
  const notice = deleted && /^\d{1,10}$/.test(deleted) ? `Product ${deleted} is deleted.` : undefined;
  return { search, page, pages: pageCount(total, PAGE_SIZE), total, products, notice };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { search, page, pages, total, products, notice } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="products-title">
      <div className="admin-page__head">
        <h1 id="products-title" className="admin-page__title">
          Products
        </h1>
        <Link to="/admin/products/new" className="button button--primary">
          New product
        </Link>
      </div>
      <Notice>{notice}</Notice>
      <Form method="get" className="order-filters" role="search" aria-label="Find products">
        <label className="ship-form__field">
          <span>Name or number</span>
          <input type="search" name="q" defaultValue={search} maxLength={100} />
        </label>
        <button type="submit" className="button button--primary">
          Find
        </button>
      </Form>
      <p className="order-filters__summary">
        {`${total} ${total === 1 ? "product" : "products"}`} ·{" "}
        <a href="/admin/catalog.json" className="admin-link">
          Download catalog (JSON)
        </a>{" "}
        ·{" "}
        <a href="/admin/products.csv" className="admin-link">
          Download products (CSV)
        </a>{" "}
        ·{" "}
        <Link to="/admin/import" className="admin-link">
          Import a catalog file
        </Link>
      </p>
      {products.length === 0 ? <p className="admin-empty">No product matches.</p> : null}
      <ul className="admin-cards">
        {products.map((product) => (
          <li key={product.id} className="admin-card product-row">
            <img
              src={imageUrl(product.images[0] ?? "")}
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
                </Link>{" "}
                <span className="admin-card__number">{product.id}</span>
              </p>
              <p className="admin-card__detail">{`${product.categoryTitle} · ${shownPrice(product)}`}</p>
              <p className="admin-card__detail">
                {`${product.stock} in stock`}
                {product.low ? <strong className="product-row__flag">{" · Low stock"}</strong> : null}
                {product.visible ? null : <strong className="product-row__flag">{" · Hidden"}</strong>}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        path={search ? `/admin/products?q=${encodeURIComponent(search)}` : "/admin/products"}
        page={page}
        pages={pages}
        label="products"
      />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Products", matches) }];
