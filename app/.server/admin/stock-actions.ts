import { data } from "react-router";
import type { ProductAnswer } from "~/components/admin/product-answer";
import { stockEditSchema } from "~/lib/catalog-schemas";
import type { Db } from "../db";
import type { Actor } from "./activity";
import { addStock, setStock, type StockOutcome } from "./stock";

/** The answers of a variant's Add stock and Set stock to forms (stock-forms.tsx), beside that variant's forms. */

const STOCK_NOTICES = {
  below_zero: (stock: number) =>
    `Nothing changed: there are only ${stock} in stock, so the stock cannot go below zero.`,
  stale: (stock: number) => `Nothing changed: the stock changed while you were editing. It is now ${stock}.`,
} as const;

/** The new stock, or why nothing changed. */
function stockAnswer(intent: "add" | "set", stockVariant: number | undefined, outcome: StockOutcome) {
  if (outcome.kind === "not_found") throw data(null, { status: 404 });
  if (outcome.kind === "changed")
    return data<ProductAnswer>({ stockNotice: `Stock is now ${outcome.stock}.`, stockVariant });
  return data<ProductAnswer>(
    { stockError: { intent, message: STOCK_NOTICES[outcome.kind](outcome.stock) }, stockVariant },
    { status: 409 },
  );
}

/** Add stock (a signed delta with a reason) or Set stock to (only if the stock is still the number shown). */
export async function answerStockEdit(
  db: Db,
  productId: number,
  intent: "add" | "set",
  values: Record<string, string>,
  options: { actor: Actor; now: number },
) {
  const edit = stockEditSchema.safeParse(values);
  const stockVariant = Number(values.variant) || undefined;
  if (!edit.success)
    return data<ProductAnswer>(
      { stockError: { intent, message: edit.error.issues[0]!.message }, stockVariant },
      { status: 400 },
    );
  const outcome =
    edit.data.intent === "add"
      ? await addStock(
          db,
          { productId, variantId: edit.data.variant, delta: edit.data.delta, reason: edit.data.reason },
          options,
        )
      : await setStock(
          db,
          { productId, variantId: edit.data.variant, stock: edit.data.stock, expected: edit.data.expected },
          options,
        );
  return stockAnswer(edit.data.intent, stockVariant, outcome);
}
