import type { Generated, Insertable, Selectable } from "kysely";

export interface CategoryTable {
  id: Generated<number>;
  /** Lowercased title: the lookup key of SPEC §3 and the URL segment. */
  slug: string;
  title: string;
  route: string;
  image_url: string;
  position: number;
}

export interface ProductTable {
  /** The catalog number the shop owner gave the item. */
  id: number;
  category_id: number;
  name: string;
  price_cents: number;
  /** What can still be bought; never below zero. */
  stock: number;
  scent: string;
  description: string;
  /** JSON array of image URLs, the first shown on cards. */
  images: string;
  position: number;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
}

export type CategoryRow = Selectable<CategoryTable>;
export type ProductRow = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
