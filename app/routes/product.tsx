import { useEffect } from "react";
import { data, redirect } from "react-router";
import { cartProductOf } from "~/cart/reducer";
import { dispatchCart } from "~/cart/store";
import { AddToCartButton } from "~/components/add-to-cart-button";
import { Carousel } from "~/components/carousel";
import { useChosenVariant, VariantPicker } from "~/components/variant-picker";
import { findProduct } from "~/.server/catalog/queries";
import { redirectRenamedCategory } from "~/.server/catalog/renamed";
import { namedVariant, parseProductId, productPath, shownVariant } from "~/lib/catalog";
import { pageMeta, rootOf } from "~/lib/meta";
import { centsToDollars, formatPrice } from "~/lib/money";
import { productJsonLd } from "~/lib/product-json-ld";
import { keepDataOnVariantChoice } from "~/lib/revalidate";
import type { Route } from "./+types/product";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  const url = new URL(request.url);
  const product = id === undefined ? undefined : await findProduct(context.db, params.category, id);
  if (!product) await redirectRenamedCategory(context.db, params.category, { rest: params.id, url });
  if (!product) throw data(null, { status: 404 });
  // Only a variant of this product makes a page of its own (and a copy in the page cache): others open the product.
  if (url.searchParams.has("variant") && !namedVariant(product, url.searchParams)) {
    url.searchParams.delete("variant");
    throw redirect(`${productPath(product)}${url.search}`);
  }
  return { product };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const [variant, chooseVariant] = useChosenVariant(product);
  const forSale = cartProductOf(product, variant);
  // SPEC §4: the cart dropdown is closed whenever a product page loads.
  useEffect(() => {
    dispatchCart({ type: "setCartOpen", open: false });
  }, [product.id]);
  return (
    <article className="page product-page">
      <div className="product-page__media">
        <Carousel images={product.images} alts={product.photoAlts} name={product.name} start={variant?.image ?? 0} />
      </div>
      <div className="product-page__details">
        <h1 className="product-page__name">{product.name}</h1>
        <p className="product-page__price">Price: ${formatPrice(forSale.priceCents)}</p>
        <p className="product-page__scent">Scent: {product.scent}</p>
        <p className="product-page__description">{product.description}</p>
        {variant ? (
          <VariantPicker
            options={product.options}
            variants={product.variants}
            chosen={variant}
            onChoose={chooseVariant}
          />
        ) : null}
        {forSale.stock > 0 ? (
          <AddToCartButton product={forSale} className="button button--primary product-page__add">
            Add to Cart
          </AddToCartButton>
        ) : (
          <p className="product-page__sold-out">Sorry, this item is out of stock!</p>
        )}
      </div>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  if (!loaderData) return [];
  const { product } = loaderData;
  const publicUrl = rootOf(matches).publicUrl ?? "";
  const imageUrl = (image: string) => (image.startsWith("/") ? `${publicUrl}${image}` : image);
  const shown = cartProductOf(product, shownVariant(product, new URLSearchParams(location.search)));
  return pageMeta({
    title: product.name,
    description: product.description.slice(0, 160) || `${product.name}, a hand-poured candle.`,
    path: productPath(product),
    matches,
    extra: [
      { property: "og:type", content: "product" },
      { property: "og:image", content: imageUrl(shown.images[0] ?? "") },
      { property: "product:price:amount", content: centsToDollars(shown.priceCents).toFixed(2) },
      { property: "product:price:currency", content: "USD" },
      { "script:ld+json": productJsonLd(product, publicUrl, imageUrl) },
    ],
  });
};

export const shouldRevalidate = keepDataOnVariantChoice;
