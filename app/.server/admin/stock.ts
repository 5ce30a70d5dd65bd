import { parseValues, variantLabel } from "~/lib/variants";
import { type Db, type Trx, transaction } from "../db";
import type { Database, VariantRow } from "../db/schema";
import type { ExpressionBuilder } from "kysely";
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
  edit: { productId: number; variantId?: number; delta: number; reason: string },
  options: EditOptions,
): Promise<StockOutcome> {
  return transaction(db, async (trx) => {
    const updated = await trx
      .updateTable("variants")
      .set((eb) => ({ stock: eb("stock", "+", edit.delta) }))
      .where(ofVariant(edit))
      .where("stock", ">=", -edit.delta)
      .returning(editedColumns)
      .executeTakeFirst();
    if (!updated) return refusal(trx, edit, "below_zero");
    await recordEdit(trx, { variant: updated, from: updated.stock - edit.delta, reason: edit.reason }, options);
    return { kind: "changed", stock: updated.stock };
  });
}

/** Sets the stock to `stock`, only if it is still `expected` (the number the owner saw). */
export function setStock(
  db: Db,
  edit: { productId: number; variantId?: number; stock: number; expected: number },
  options: EditOptions,
): Promise<StockOutcome> {
  return transaction(db, async (trx) => {
    const updated = await trx
      .updateTable("variants")
      .set({ stock: edit.stock })
      .where(ofVariant(edit))
      .where("stock", "=", edit.expected)
      .returning(editedColumns)
      .executeTakeFirst();
    if (!updated) return refusal(trx, edit, "stale");
    if (edit.stock !== edit.expected)
      await recordEdit(trx, { variant: updated, from: edit.expected, reason: "counted" }, options);
    return { kind: "changed", stock: updated.stock };
  });
}

const editedColumns = ["id", "product_id", "option_values", "stock"] as const;

/** The variant an edit is for: the one it names, or the only one of a product without options. */
const ofVariant = (edit: { productId: number; variantId?: number }) => (eb: ExpressionBuilder<Database, "variants">) =>
  eb.and([
    eb("product_id", "=", edit.productId),
    eb("archived", "=", 0),
    edit.variantId === undefined ? eb("option_values", "=", "[]") : eb("id", "=", edit.variantId),
  ]);

async function refusal(
  trx: Trx,
  edit: { productId: number; variantId?: number },
  kind: "below_zero" | "stale",
): Promise<StockOutcome> {
  const current = await trx.selectFrom("variants").select("stock").where(ofVariant(edit)).executeTakeFirst();
  return current ? { kind, stock: current.stock } : { kind: "not_found" };
}

async function recordEdit(
  trx: Trx,
  change: {
    variant: Pick<VariantRow, (typeof editedColumns)[number]>;
    from: number;
    reason: string;
  },
  options: EditOptions,
) {
  const { variant } = change;
  await trx
    .insertInto("stock_adjustments")
    .values({
      product_id: variant.product_id,
      variant_id: variant.id,
      delta: variant.stock - change.from,
      reason: change.reason,
      created_at: options.now,
    })
    .execute();
  // A variant's edit names it in the activity log ("12 oz"); a product without options reads as before.
  const label = variantLabel(parseValues(variant.option_values));
  await recordActivity(
    trx,
    options.actor,
    {
      action: "product.stock",
      subjectType: "product",
      subject: String(variant.product_id),
      before: { stock: change.from },
      after: { stock: variant.stock, reason: change.reason, ...(label === "" ? {} : { variant: label }) },
    },
    options.now,
  );
  await catalogVersionBump(trx).execute();
}
