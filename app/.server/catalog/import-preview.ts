import type { Db } from "../db";
import { type CatalogFile, categorySlug, itemColumns, itemVariants } from "./file";
import type { WantedVariant } from "./variant-sync";

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

/** The fields a change names, in this order. */
const LABELS = [
  "name",
  "price",
  "stock",
  "scent",
  "description",
  "photos",
  "category",
  "weight",
  "options",
  "variants",
  "SKU",
] as const;
type Label = (typeof LABELS)[number];

const PRODUCT_FIELDS = [
  ["name", "name"],
  ["scent", "scent"],
  ["description", "description"],
  ["images", "photos"],
  ["options", "options"],
] as const;

interface CurrentVariant {
  id: number;
  option_values: string;
  price_cents: number;
  stock: number;
  sku: string | null;
  weight: number | null;
  image: number | null;
}

export async function previewImport(db: Db, file: CatalogFile, options: { replace: boolean }): Promise<ImportPreview> {
  const categories = await db.selectFrom("categories").select(["id", "slug", "title", "image_url"]).execute();
  const products = await db
    .selectFrom("products")
    .select(["id", "name", "scent", "description", "images", "options", "category_id"])
    .orderBy("id")
    .execute();
  const variants = await db
    .selectFrom("variants")
    .select(["id", "product_id", "option_values", "price_cents", "stock", "sku", "weight", "image"])
    .where("archived", "=", 0)
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const variantsOf = new Map<number, CurrentVariant[]>();
  for (const variant of variants)
    variantsOf.set(variant.product_id, [...(variantsOf.get(variant.product_id) ?? []), variant]);
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
      const incoming = itemColumns(item);
      const changed = new Set<Label>([
        ...PRODUCT_FIELDS.filter(([column]) => current[column] !== incoming[column]).map(([, label]) => label),
        ...variantChanges(variantsOf.get(item.id) ?? [], itemVariants(item)),
      ]);
      if (current.category_id !== (existing?.id ?? -1)) changed.add("category");
      const fields = LABELS.filter((label) => changed.has(label));
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

/**
 * How a product's variants would change, as variant-sync.ts writes them:
 * "variants" when one comes, goes, moves or changes its values, else the
 * fields of those that change. A variant without an id (an item without
 * options) is the product's one variant without options, or its first.
 */
function variantChanges(current: CurrentVariant[], wanted: WantedVariant[]): Label[] {
  const byId = new Map(current.map((variant) => [variant.id, variant]));
  const matched = wanted.map((variant) =>
    variant.id === undefined ? (current.find((row) => row.option_values === "[]") ?? current[0]) : byId.get(variant.id),
  );
  const labels = new Set<Label>();
  const moved = matched.some((row, index) => row === undefined || row !== current[index]);
  if (moved || current.length !== wanted.length) labels.add("variants");
  wanted.forEach((variant, index) => {
    const row = matched[index];
    if (!row) return;
    if (row.option_values !== JSON.stringify(variant.values)) labels.add("variants");
    if (row.price_cents !== variant.priceCents) labels.add("price");
    if (row.stock !== variant.stock) labels.add("stock");
    if (row.sku !== variant.sku) labels.add("SKU");
    // A file without a weight leaves the variant's as it is (variant-sync.ts).
    if (variant.weight !== undefined && row.weight !== variant.weight) labels.add("weight");
    if (row.image !== variant.image) labels.add("photos");
  });
  return [...labels];
}
