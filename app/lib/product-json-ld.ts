import { productPath, type Product } from "./catalog";
import { centsToDollars } from "./money";
import { variantLabel } from "./variants";

const availability = (stock: number) => (stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");

const offer = (url: string, priceCents: number, stock: number) => ({
  "@type": "Offer",
  url,
  price: centsToDollars(priceCents).toFixed(2),
  priceCurrency: "USD",
  availability: availability(stock),
});

/**
 * A product page's schema.org Product: one Offer, or for a product with
 * options an Offer per variant, each at its own `?variant=` URL.
 */
export function productJsonLd(product: Product, publicUrl: string, imageUrl: (image: string) => string) {
  const offers =
    product.options.length === 0
      ? offer(`${publicUrl}${productPath(product)}`, product.priceCents, product.stock)
      : product.variants.map((variant) => ({
          ...offer(
            `${publicUrl}${productPath({ ...product, variant: variant.id })}`,
            variant.priceCents,
            variant.stock,
          ),
          name: variantLabel(variant.values),
          ...(variant.sku ? { sku: variant.sku } : {}),
        }));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: product.images.map(imageUrl),
    sku: String(product.id),
    offers,
  };
}
