import type { Insertable } from "kysely";
import type { Trx } from "../db";
import type { ProductTable } from "../db/schema";

/** Where a new or moved product goes: its place in its category, and the catalog number it gets. */

/** Last in its category's order. */
export async function nextPosition(trx: Trx, categoryId: number) {
  const row = await trx
    .selectFrom("products")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("category_id", "=", categoryId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

async function highestId(trx: Trx, categoryId?: number) {
  let query = trx.selectFrom("products").select((eb) => eb.fn.max("id").as("id"));
  if (categoryId !== undefined) query = query.where("category_id", "=", categoryId);
  const row = await query.executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The highest number any product ever had: orders and stock records keep those of deleted products. */
async function highestEverId(trx: Trx) {
  const row = await trx
    .selectFrom((eb) =>
      eb
        .selectFrom("products")
        .select((max) => max.fn.max("id").as("id"))
        .unionAll(eb.selectFrom("order_items").select((max) => max.fn.max("product_id").as("id")))
        .unionAll(eb.selectFrom("stock_adjustments").select((max) => max.fn.max("product_id").as("id")))
        .as("ids"),
    )
    .select((eb) => eb.fn.max("ids.id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Whether a past order or stock record names this number: a deleted product's number is never given again. */
async function numberWasUsed(trx: Trx, id: number) {
  const used = await trx
    .selectFrom("order_items")
    .select("product_id")
    .where("product_id", "=", id)
    .union(trx.selectFrom("stock_adjustments").select("product_id").where("product_id", "=", id))
    .limit(1)
    .executeTakeFirst();
  return used !== undefined;
}

/**
 * Inserts a new product under the next catalog number of its category: the
 * demo numbers wax 1001…, seasonal 2001…, so a new wax candle gets the next
 * wax number when it is free, and a category without products starts the
 * next thousand. A number taken meanwhile (another tab saving), or ever held
 * by a deleted product (its orders and stock records still name it, and a
 * refund's restock must not reach the new candle), moves on to a number
 * above every one used so far.
 */
export async function insertWithNextId(trx: Trx, categoryId: number, values: Omit<Insertable<ProductTable>, "id">) {
  const inCategory = await highestId(trx, categoryId);
  let id = inCategory > 0 ? inCategory + 1 : (Math.floor((await highestEverId(trx)) / 1000) + 1) * 1000 + 1;
  if (await numberWasUsed(trx, id)) id = (await highestEverId(trx)) + 1;
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await trx
      .insertInto("products")
      .values({ ...values, id })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return inserted.id;
    id = (await highestEverId(trx)) + 1;
  }
  throw new Error("Could not find a free product number");
}

/**
 * Ids for new variants: `preferred` (the product's own number) when no
 * variant has it, then the next above every variant's (past `preferred`).
 * It reads the highest id and looks `preferred` up, never the whole table.
 * A variant is only ever found with its product's id too (order lines keep
 * both), so an id a deleted product's variant held cannot reach the new one.
 */
export async function newVariantIds(trx: Trx, count: number, preferred?: number): Promise<number[]> {
  if (count === 0) return [];
  const { highest } = await trx
    .selectFrom("variants")
    .select((eb) => eb.fn.max<number | null>("id").as("highest"))
    .executeTakeFirstOrThrow();
  const taken =
    preferred !== undefined &&
    (await trx.selectFrom("variants").select("id").where("id", "=", preferred).executeTakeFirst()) !== undefined;
  const ids = preferred !== undefined && !taken ? [preferred] : [];
  for (let id = Number(highest ?? 0) + 1; ids.length < count; id++) if (id !== preferred) ids.push(id);
  return ids;
}
