import { useEffect } from "react";
import { data } from "react-router";
import { dispatchCart } from "~/cart/store";
import { AddToCartButton } from "~/components/add-to-cart-button";
import { Carousel } from "~/components/carousel";
import { findProduct } from "~/.server/catalog/queries";
import { redirectRenamedCategory } from "~/.server/catalog/renamed";
import { parseProductId, productPath } from "~/lib/catalog";
import { pageMeta, rootOf } from "~/lib/meta";
import { centsToDollars, formatPrice } from "~/lib/money";
import type { Route } from "./+types/product";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  const product = id === undefined ? undefined : await findProduct(context.db, params.category, id);
  if (!product)
    await redirectRenamedCategory(context.db, params.category, { rest: params.id, url: new URL(request.url) });
  if (!product) throw data(null, { status: 404 });
  return { product };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  // SPEC §4: the cart dropdown is closed whenever a product page loads.
  useEffect(() => {
    dispatchCart({ type: "setCartOpen", open: false });
  }, [product.id]);
  return (
    <article className="page product-page">
      <div className="product-page__media">
        <Carousel images={product.images} alts={product.photoAlts} name={product.name} />
      </div>
      <div className="product-page__details">
        <h1 className="product-page__name">{product.name}</h1>
        <p className="product-page__price">Price: ${formatPrice(product.priceCents)}</p>
        <p className="product-page__scent">Scent: {product.scent}</p>
        <p className="product-page__description">{product.description}</p>
        {product.stock > 0 ? (
          <AddToCartButton product={product} className="button button--primary product-page__add">
            Add to Cart
          </AddToCartButton>
        ) : (
          <p className="product-page__sold-out">Sorry, this item is out of stock!</p>
        )}
      </div>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { product } = loaderData;
  const publicUrl = rootOf(matches).publicUrl ?? "";
  const url = `${publicUrl}${productPath(product)}`;
  const imageUrl = (image: string) => (image.startsWith("/") ? `${publicUrl}${image}` : image);
  return pageMeta({
    title: product.name,
    description: product.description.slice(0, 160) || `${product.name}, a hand-poured candle.`,
    path: productPath(product),
    matches,
    extra: [
      { property: "og:type", content: "product" },
      { property: "og:image", content: imageUrl(product.images[0] ?? "") },
      { property: "product:price:amount", content: centsToDollars(product.priceCents).toFixed(2) },
      { property: "product:price:currency", content: "USD" },
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "Product",
          name: product.name,
          description: product.description,
          image: product.images.map(imageUrl),
          sku: String(product.id),
          offers: {
            "@type": "Offer",
            url,
            price: centsToDollars(product.priceCents).toFixed(2),
            priceCurrency: "USD",
            availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          },
        },
      },
    ],
  });
};
