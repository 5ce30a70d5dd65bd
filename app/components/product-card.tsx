import { Link } from "react-router";
import { type ProductSummary, productPath, shownPrice } from "~/lib/catalog";
import { PRODUCT_IMAGE_SIZE } from "~/lib/images";
import { AddToCartButton } from "./add-to-cart-button";
import { ResponsiveImage } from "./responsive-image";

/** Grid cells are a quarter of the page on desktop, the whole width on phones. */
export const PRODUCT_GRID_SIZES = "(max-width: 500px) 100vw, (max-width: 700px) 50vw, (max-width: 900px) 33vw, 300px";

interface ProductCardProps {
  product: ProductSummary;
  /** The first cards of a page are above the fold, one of them the page's largest paint: load their images at once, first. */
  eager?: boolean;
  /** The level of the name's heading: one below the heading the grid sits under. */
  headingLevel?: 2 | 3;
}

export function ProductCard({ product, eager = false, headingLevel = 3 }: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="product-card">
      <Link to={productPath(product)} className="product-card__link">
        <ResponsiveImage
          className="product-card__image"
          src={product.images[0] ?? ""}
          alt=""
          {...PRODUCT_IMAGE_SIZE}
          sizes={PRODUCT_GRID_SIZES}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
        />
        <Heading className="product-card__name">{product.name}</Heading>
        <p className="product-card__price">{shownPrice(product)}</p>
      </Link>
      {product.stock > 0 && product.hasOptions ? (
        // A size or scent is chosen on the product's page: the card leads there.
        <Link
          to={productPath(product)}
          className="button button--secondary product-card__add"
          aria-label={`Choose options, ${product.name}`}
        >
          Choose options
        </Link>
      ) : product.stock > 0 ? (
        <AddToCartButton
          product={product}
          className="button button--secondary product-card__add"
          // A grid of buttons that all say "Add to cart" cannot be told apart in a list of buttons;
          // the visible words come first, so voice control finds it by what it shows (WCAG 2.5.3).
          aria-label={`Add to cart, ${product.name}`}
        >
          Add to cart
        </AddToCartButton>
      ) : null}
    </article>
  );
}
