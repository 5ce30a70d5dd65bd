import { formatPrice } from "./money";
import { initialVariant, type ProductOption, type Variant } from "./variants";

/** Catalog shapes the pages work with: money in cents, images as a list. */

export interface Category {
  slug: string;
  title: string;
  route: string;
  imageUrl: string;
}

/** What a product card shows: the product without its description and its variants. */
export interface ProductSummary {
  id: number;
  categorySlug: string;
  name: string;
  /** Its variants' lowest price. */
  priceCents: number;
  /** Whether its variants' prices differ: the card says "From $X". */
  priceVaries: boolean;
  /** Whether it has options (sizes, scents): the shopper picks one on its page before adding it. */
  hasOptions: boolean;
  /** What can be bought of all its variants together. */
  stock: number;
  scent: string;
  images: string[];
}

export interface Product extends ProductSummary {
  description: string;
  /** Empty for a product without options, which has one variant. */
  options: ProductOption[];
  /** In the owner's order; those taken off sale read as stock 0. */
  variants: Variant[];
}

export interface CategoryWithProducts<P extends ProductSummary = Product> extends Category {
  products: P[];
}

/** "$24.00", or "From $18.00" when its variants' prices differ. */
export const shownPrice = (product: Pick<ProductSummary, "priceCents" | "priceVaries">) =>
  `${product.priceVaries ? "From " : ""}$${formatPrice(product.priceCents)}`;

export const categoryPath = (slug: string) => `/shop/${encodeURIComponent(slug)}`;

/** SPEC §2: product cards link to /shop/{category}/{id}/; a cart line of a variant to it chosen (`?variant=`). */
export const productPath = (product: Pick<Product, "categorySlug" | "id"> & { variant?: number }) =>
  `${categoryPath(product.categorySlug)}/${product.id}/${product.variant === undefined ? "" : `?variant=${product.variant}`}`;

/**
 * The variant `?variant=` names when it names exactly one of the product's
 * variants on sale, by its id as the shop writes it; a product without
 * options has none to name.
 */
export function namedVariant(product: Pick<Product, "options" | "variants">, search: URLSearchParams) {
  const named = search.getAll("variant");
  if (named.length !== 1 || product.options.length === 0) return undefined;
  return product.variants.find((variant) => String(variant.id) === named[0]);
}

/** The variant a product page shows for its query; undefined for a product without options. */
export const shownVariant = (product: Pick<Product, "options" | "variants">, search: URLSearchParams) =>
  product.options.length === 0 ? undefined : initialVariant(product.variants, namedVariant(product, search)?.id);

/** "wax" → "Wax": category headings are the capitalised name. */
export const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Product ids in URLs are plain decimal numbers; anything else is not found. */
export function parseProductId(param: string | undefined): number | undefined {
  if (!param || !/^\d{1,10}$/.test(param)) return undefined;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
