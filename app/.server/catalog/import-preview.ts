import type { Db } from "../db";
import { type CatalogFile, categorySlug, itemColumns } from "./file";

/**
 * What importing a catalog file would change, for the owner to read before
 * she imports it from the back office (the CLI imports straight away): the
 * categories and products it adds, changes (and which fields) and, when it
 * replaces the catalog, removes.
 */

export interface ImportPreview {
  categories: { added: string[]; changed: string[]; removed: string[] };
  products: {
    added: { id: number; name: string }[];
    changed: { id: number; name: string; fields: string[] }[];
    removed: { id: number; name: string }[];
    unchanged: number;
  };
}

const FIELDS = [
  ["name", "name"],
  ["price_cents", "price"],
  ["stock", "stock"],
  ["scent", "scent"],
  ["description", "description"],
  ["images", "photos"],
  ["category_id", "category"],
  ["weight", "weight"],
] as const;

export async function previewImport(db: Db, file: CatalogFile, options: { replace: boolean }): Promise<ImportPreview> {
  const categories = await db.selectFrom("categories").select(["id", "slug", "title", "image_url"]).execute();
  // A product as the file's item would show it: its first variant's price, stock and weight (one without options has one).
  const products = await db
    .selectFrom("products as p")
    .innerJoin("variants as v", "v.product_id", "p.id")
    .select([
      "p.id",
      "p.name",
      "v.price_cents",
      "v.stock",
      "p.scent",
      "p.description",
      "p.images",
      "p.category_id",
      "v.weight",
    ])
    .where("v.archived", "=", 0)
    .orderBy("p.id")
    .orderBy("v.position", "desc")
    .orderBy("v.id", "desc")
    .execute();
  const categoryBySlug = new Map(categories.map((category) => [category.slug, category]));
  const productById = new Map(products.map((product) => [product.id, product]));
  const preview: ImportPreview = {
    categories: { added: [], changed: [], removed: [] },
    products: { added: [], changed: [], removed: [], unchanged: 0 },
  };

  const listed = new Set<number>();
  for (const category of file) {
    const existing = categoryBySlug.get(categorySlug(category.title));
    if (!existing) preview.categories.added.push(category.title);
    else if (existing.title !== category.title || existing.image_url !== category.imageUrl)
      preview.categories.changed.push(category.title);
    for (const item of category.items) {
      listed.add(item.id);
      const current = productById.get(item.id);
      if (!current) {
        preview.products.added.push({ id: item.id, name: item.name });
        continue;
      }
      // A file without a weight leaves the product's as it is (import.ts).
      const incoming = {
        ...itemColumns(item),
        price_cents: item.price,
        stock: item.stock,
        category_id: existing?.id ?? -1,
        weight: item.weight ?? current.weight,
      };
      const fields = FIELDS.filter(([column]) => current[column] !== incoming[column]).map(([, label]) => label);
      if (fields.length > 0) preview.products.changed.push({ id: item.id, name: item.name, fields });
      else preview.products.unchanged += 1;
    }
  }
  if (options.replace) {
    const kept = new Set(file.map((category) => categorySlug(category.title)));
    preview.categories.removed = categories
      .filter((category) => !kept.has(category.slug))
      .map((category) => category.title);
    preview.products.removed = products
      .filter((product) => !listed.has(product.id))
      .map(({ id, name }) => ({ id, name }));
  }
  return preview;
}
