import type { ExpressionBuilder } from "kysely";
import type { Db, Trx } from "../db";
import type { Database, ProductTable } from "../db/schema";
import { lockForUpdate } from "../db/locks";
import { getCatalog, toProduct, writtenPhotoAlts } from "../catalog/queries";
import { toCatalogDocument } from "~/lib/catalog-api";
import { formatOunces } from "~/lib/weight";

/**
 * The owner's products (DESIGN.md, "The owner's back office") as the back
 * office reads them: the list, one product, the low-stock list, and what the
 * activity log keeps of one. Saving the form is product-save.ts, deleting
 * product-delete.ts; stock changes only through stock.ts.
 */

export const selectOwnerProducts = (db: Db) =>
  db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .selectAll("p")
    .select(["c.slug as category_slug", "c.title as category_title"]);

type OwnerProductRow = Awaited<ReturnType<ReturnType<typeof selectOwnerProducts>["executeTakeFirstOrThrow"]>>;

/** A product as the storefront reads it, with what only the owner sees. */
export const toOwnerProduct = (row: OwnerProductRow) => ({
  ...toProduct(row),
  /** The owner's alt texts, by image URL; a photo without one has the default. */
  imageAlts: writtenPhotoAlts(row),
  categoryTitle: row.category_title,
  visible: row.visible === 1,
  lowStockAt: row.low_stock_at,
  /** Hundredths of an ounce, or null when the owner gave none. */
  weight: row.weight,
  low: row.stock <= row.low_stock_at,
});

export type OwnerProduct = ReturnType<typeof toOwnerProduct>;

/** A page of products in catalog order, found by words of the name or by number, with how many match. */
export async function listProducts(db: Db, search: string, page: { number: number; size: number }) {
  const matching = (eb: ExpressionBuilder<Database & { p: ProductTable }, "p">) => {
    if (/^\d{1,9}$/.test(search)) return eb("p.id", "=", Number(search));
    const words = search ? search.split(/\s+/) : [];
    return eb.and(words.map((word) => eb(eb.fn("lower", ["p.name"]), "like", `%${word.toLowerCase()}%`)));
  };
  const { total } = await db
    .selectFrom("products as p")
    .where(matching)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const rows = await selectOwnerProducts(db)
    .where(matching)
    .orderBy("c.position")
    .orderBy("c.id")
    .orderBy("p.position")
    .orderBy("p.id")
    .limit(page.size)
    .offset((page.number - 1) * page.size)
    .execute();
  return { products: rows.map(toOwnerProduct), total: Number(total) };
}

export async function findOwnerProduct(db: Db, id: number): Promise<OwnerProduct | undefined> {
  const row = await selectOwnerProducts(db).where("p.id", "=", id).executeTakeFirst();
  return row && toOwnerProduct(row);
}

/** Products at or below their own low-stock level, the emptiest first: the Today screen's "to pour". */
export async function lowStockProducts(db: Db, limit = 50) {
  const rows = await selectOwnerProducts(db)
    .whereRef("p.stock", "<=", "p.low_stock_at")
    .orderBy("p.stock")
    .orderBy("p.id")
    .limit(limit)
    .execute();
  return rows.map(toOwnerProduct);
}

/** The categories a product can be put in, in menu order. */
export const categoryChoices = (db: Db) =>
  db.selectFrom("categories").select(["slug", "title"]).orderBy("position").orderBy("id").execute();

/** One product, locked until the transaction ends: what a save or a delete starts from. */
export async function findOwnerProductForUpdate(trx: Trx, id: number) {
  const row = await lockForUpdate(trx, selectOwnerProducts(trx).where("p.id", "=", id), "p").executeTakeFirst();
  return row && toOwnerProduct(row);
}

/** What the activity log keeps of a product: its fields, and how many photos it shows. */
export const productSummary = (product: OwnerProduct): Record<string, unknown> => ({
  name: product.name,
  priceCents: product.priceCents,
  scent: product.scent,
  description: product.description,
  category: product.categoryTitle,
  lowStockAt: product.lowStockAt,
  weightOz: product.weight === null ? null : formatOunces(product.weight),
  visible: product.visible,
  photos: product.images.length,
  altTexts: writtenAltTexts(product),
});

/** The alt texts she wrote, in the photos' order; null when every photo has the default. */
function writtenAltTexts(product: OwnerProduct) {
  const texts = product.images.map((url) => product.imageAlts[url]).filter(Boolean);
  return texts.length > 0 ? texts : null;
}

/** The whole catalog as the import file, hidden products included, each weighed product with its `weight` in ounces. */
export async function catalogFileOfShop(db: Db) {
  const catalog = await getCatalog(db, { hidden: true });
  const weighed = await db.selectFrom("products").select(["id", "weight"]).where("weight", "is not", null).execute();
  const weights = new Map(weighed.map((row) => [row.id, Number(formatOunces(row.weight!))]));
  return catalog.map(toCatalogDocument).map((category) => ({
    ...category,
    items: category.items.map((item) => (weights.has(item.id) ? { ...item, weight: weights.get(item.id) } : item)),
  }));
}
