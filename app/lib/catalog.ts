/** Catalog shapes the pages work with: money in cents, images as a list. */

export interface Category {
  slug: string;
  title: string;
  route: string;
  imageUrl: string;
}

export interface Product {
  id: number;
  categorySlug: string;
  name: string;
  priceCents: number;
  stock: number;
  scent: string;
  description: string;
  images: string[];
}

/** What a product card shows and the cart keeps: the product without its description. */
export type ProductSummary = Omit<Product, "description">;

export interface CategoryWithProducts<P extends ProductSummary = Product> extends Category {
  products: P[];
}

export const categoryPath = (slug: string) => `/shop/${encodeURIComponent(slug)}`;

/** SPEC §2: product cards link to /shop/{category}/{id}/. */
export const productPath = (product: Pick<Product, "categorySlug" | "id">) =>
  `${categoryPath(product.categorySlug)}/${product.id}/`;

/** "wax" → "Wax": category headings are the capitalised name. */
export const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Product ids in URLs are plain decimal numbers; anything else is not found. */
export function parseProductId(param: string | undefined): number | undefined {
  if (!param || !/^\d{1,10}$/.test(param)) return undefined;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
