import type { ExpressionBuilder } from "kysely";
import type { Db, Trx } from "../db";
import type { Database, ProductTable } from "../db/schema";
import { lockForUpdate } from "../db/locks";
import { toProduct, totals, writtenPhotoAlts } from "../catalog/queries";
import { type VariantListRow, variantsByProduct } from "../catalog/variant-queries";
import { lineName, parseValues, type Variant, variantLabel } from "~/lib/variants";
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
    .select([...totals, "c.slug as category_slug", "c.title as category_title"]);

type OwnerProductRow = Awaited<ReturnType<ReturnType<typeof selectOwnerProducts>["executeTakeFirstOrThrow"]>>;

/** A variant as the owner sees it: with its SKU, weight and whether it is for sale (stock as it is). */
export interface OwnerVariant extends Variant {
  sku: string | null;
  /** Hundredths of an ounce, or null when the owner gave none. */
  weight: number | null;
  available: boolean;
  /** "12 oz" ("" for a product without options). */
  label: string;
}

/** A variant as the owner sees it. */
const toOwnerVariant = (row: VariantListRow): OwnerVariant => {
  const values = parseValues(row.option_values);
  return {
    id: row.id,
    values,
    label: variantLabel(values),
    priceCents: row.price_cents,
    stock: row.stock,
    image: row.image,
    sku: row.sku,
    weight: row.weight,
    available: row.available === 1,
  };
};

/** The variants (not archived) of these products, by product, in the owner's order. */
export const ownerVariants = (db: Db, productIds: number[]) => variantsByProduct(db, productIds, toOwnerVariant);

/** A product as the storefront reads it, with what only the owner sees. */
export const toOwnerProduct = (row: OwnerProductRow, variants: OwnerVariant[]) => ({
  ...toProduct(row, variants),
  /** Every variant with its SKU, weight and stock, taken off sale or not. */
  variants,
  /** The owner's alt texts, by image URL; a photo without one has the default. */
  imageAlts: writtenPhotoAlts(row),
  categoryTitle: row.category_title,
  visible: row.visible === 1,
  lowStockAt: row.low_stock_at,
  /** The first variant's weight (a product without options has one), in hundredths of an ounce, or null. */
  weight: variants[0]?.weight ?? null,
  low: variants.some((variant) => variant.available && variant.stock <= row.low_stock_at),
});

export type OwnerProduct = ReturnType<typeof toOwnerProduct>;

/** Owner products from their rows, each with its variants. */
async function withOwnerVariants(db: Db, rows: OwnerProductRow[]) {
  const variants = await ownerVariants(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOwnerProduct(row, variants.get(row.id) ?? []));
}

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
  return { products: await withOwnerVariants(db, rows), total: Number(total) };
}

export async function findOwnerProduct(db: Db, id: number): Promise<OwnerProduct | undefined> {
  const row = await selectOwnerProducts(db).where("p.id", "=", id).executeTakeFirst();
  return row && (await withOwnerVariants(db, [row]))[0];
}

/**
 * Variants for sale at or below their product's low-stock level, the
 * emptiest first: the Today screen's and the digest's "to pour", each named
 * as its line is ("Lavender Fields — 12 oz").
 */
export async function lowStockVariants(db: Db, limit = 50) {
  const rows = await db
    .selectFrom("variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select([
      "p.id",
      "p.name",
      "p.images",
      "p.visible",
      "p.low_stock_at",
      "v.id as variant_id",
      "v.option_values",
      "v.stock",
      "v.image",
    ])
    .where("v.archived", "=", 0)
    .where("v.available", "=", 1)
    .whereRef("v.stock", "<=", "p.low_stock_at")
    .orderBy("v.stock")
    .orderBy("p.id")
    .orderBy("v.id")
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const images = JSON.parse(row.images) as string[];
    return {
      id: row.id,
      variantId: row.variant_id,
      name: lineName(row.name, variantLabel(parseValues(row.option_values))),
      stock: row.stock,
      lowStockAt: row.low_stock_at,
      visible: row.visible === 1,
      image: images[row.image ?? 0] ?? images[0]!,
    };
  });
}

/** The categories a product can be put in, in menu order. */
export const categoryChoices = (db: Db) =>
  db.selectFrom("categories").select(["slug", "title"]).orderBy("position").orderBy("id").execute();

/** One product, locked until the transaction ends: what a save or a delete starts from. */
export async function findOwnerProductForUpdate(trx: Trx, id: number) {
  const row = await lockForUpdate(trx, selectOwnerProducts(trx).where("p.id", "=", id), "p").executeTakeFirst();
  return row && (await withOwnerVariants(trx, [row]))[0];
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
