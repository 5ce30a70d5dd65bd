import { type Db, type Trx, transaction } from "../db";
import { catalogVersionBump } from "../catalog/version";
import { type Actor, recordActivity } from "./activity";

/**
 * The owner's stock edits, which a sale can never clobber (vendure#4152):
 * each is one conditional UPDATE, never a read and a write, so a checkout
 * that commits in between is counted, not overwritten. Each writes its
 * stock_adjustments row (DESIGN.md's invariant), its activity entry and the
 * catalog version in the same transaction.
 */

export type StockOutcome =
  | { kind: "changed"; stock: number }
  /** Add stock would take it below zero: nothing changed; `stock` is what there is. */
  | { kind: "below_zero"; stock: number }
  /** Set stock to: the stock is no longer what the page showed; nothing changed. */
  | { kind: "stale"; stock: number }
  | { kind: "not_found" };

interface EditOptions {
  actor: Actor;
  now: number;
}

/** Adds `delta` units (negative takes some away), unless that would leave fewer than none. */
export function addStock(
  db: Db,
  edit: { productId: number; delta: number; reason: string },
  options: EditOptions,
): Promise<StockOutcome> {
  return transaction(db, async (trx) => {
    const updated = await trx
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "+", edit.delta) }))
      .where("id", "=", edit.productId)
      .where("stock", ">=", -edit.delta)
      .returning("stock")
      .executeTakeFirst();
    if (!updated) return refusal(trx, edit.productId, "below_zero");
    await recordEdit(
      trx,
      { productId: edit.productId, from: updated.stock - edit.delta, to: updated.stock, reason: edit.reason },
      options,
    );
    return { kind: "changed", stock: updated.stock };
  });
}

/** Sets the stock to `stock`, only if it is still `expected` (the number the owner saw). */
export function setStock(
  db: Db,
  edit: { productId: number; stock: number; expected: number },
  options: EditOptions,
): Promise<StockOutcome> {
  return transaction(db, async (trx) => {
    const updated = await trx
      .updateTable("products")
      .set({ stock: edit.stock })
      .where("id", "=", edit.productId)
      .where("stock", "=", edit.expected)
      .returning("stock")
      .executeTakeFirst();
    if (!updated) return refusal(trx, edit.productId, "stale");
    if (edit.stock !== edit.expected)
      await recordEdit(
        trx,
        { productId: edit.productId, from: edit.expected, to: edit.stock, reason: "counted" },
        options,
      );
    return { kind: "changed", stock: updated.stock };
  });
}

async function refusal(trx: Trx, productId: number, kind: "below_zero" | "stale"): Promise<StockOutcome> {
  const current = await trx.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirst();
  return current ? { kind, stock: current.stock } : { kind: "not_found" };
}

async function recordEdit(
  trx: Trx,
  change: { productId: number; from: number; to: number; reason: string },
  options: EditOptions,
) {
  await trx
    .insertInto("stock_adjustments")
    .values({
      product_id: change.productId,
      delta: change.to - change.from,
      reason: change.reason,
      created_at: options.now,
    })
    .execute();
  await recordActivity(
    trx,
    options.actor,
    {
      action: "product.stock",
      subjectType: "product",
      subject: String(change.productId),
      before: { stock: change.from },
      after: { stock: change.to, reason: change.reason },
    },
    options.now,
  );
  await catalogVersionBump(trx).execute();
}
