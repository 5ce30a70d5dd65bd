import type { Db } from "../db";
import type { VariantRow } from "../db/schema";
import { parseValues, type Variant } from "~/lib/variants";

/* What a page, the API and the back office read of products' variants (migration 033). */

const variantColumns = [
  "id",
  "product_id",
  "option_values",
  "price_cents",
  "stock",
  "image",
  "available",
  "sku",
  "weight",
] as const;

/** A variant as stored, with what both the shop and the owner read of it. */
export type VariantListRow = Pick<VariantRow, (typeof variantColumns)[number]>;

/** The variants (not archived) of these products as stored, by product, in the owner's order. */
async function variantRowsByProduct(db: Db, productIds: number[]): Promise<Map<number, VariantListRow[]>> {
  const byProduct = new Map<number, VariantListRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom("variants")
    .select(variantColumns)
    .where("product_id", "in", productIds)
    .where("archived", "=", 0)
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  return byProduct;
}

/** Each product's variants, each made into what a reader wants of it. */
export async function variantsByProduct<V>(db: Db, productIds: number[], toVariant: (row: VariantListRow) => V) {
  const rows = await variantRowsByProduct(db, productIds);
  return new Map([...rows].map(([productId, variants]) => [productId, variants.map(toVariant)]));
}

/** A variant as the shop shows it: one taken off sale reads as sold out. */
const toShopVariant = (row: VariantListRow): Variant => ({
  id: row.id,
  values: parseValues(row.option_values),
  priceCents: row.price_cents,
  stock: row.available === 1 ? row.stock : 0,
  image: row.image,
  ...(row.sku === null ? {} : { sku: row.sku }),
});

/** The shop's variants of these products, by product, in the owner's order. */
export const shopVariants = (db: Db, productIds: number[]) => variantsByProduct(db, productIds, toShopVariant);
