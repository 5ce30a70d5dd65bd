import type { Db, Trx } from "../db";
import { lockForShare } from "../db/locks";
import type { HundredthsOfOunce } from "~/lib/weight";

/**
 * While any shipping rate goes by weight, a visible product must have a
 * weight (issue #31): a cart's weight picks its rate, and a product with
 * none would ship for less than it costs. A save, an import and showing a
 * hidden product again all ask here, inside their own transaction, before
 * they write.
 */

/** A product as a write is about to leave it; a new product from the form has no id yet. */
export interface ProductToWrite {
  id?: number;
  name: string;
  visible: boolean;
  weight: HundredthsOfOunce | null;
}

export type WeightRuleOutcome = { kind: "met" } | { kind: "weight_missing"; products: { id?: number; name: string }[] };

/**
 * Whether any rate goes by weight. The setup's version row is read under a
 * share lock on PostgreSQL: a rate by weight added meanwhile (which moves
 * that version) is either seen here or waits for this write to commit.
 */
export async function weightsRequired(trx: Trx): Promise<boolean> {
  await lockForShare(trx, trx.selectFrom("pricing_version").select("version").where("id", "=", 1)).execute();
  const rate = await trx
    .selectFrom("shipping_rates")
    .select("id")
    .where("condition", "=", "weight")
    .limit(1)
    .executeTakeFirst();
  return rate !== undefined;
}

/**
 * The rule for the products a write is about to leave as `products` says
 * (read only when rates by weight exist): met, or the visible ones with no weight.
 */
export async function checkWeightRule(
  trx: Trx,
  products: () => ProductToWrite[] | Promise<ProductToWrite[]>,
): Promise<WeightRuleOutcome> {
  if (!(await weightsRequired(trx))) return { kind: "met" };
  const lacking = (await products()).filter((product) => product.visible && product.weight === null);
  if (lacking.length === 0) return { kind: "met" };
  return { kind: "weight_missing", products: lacking.map(({ id, name }) => ({ id, name })) };
}

/**
 * Visible products with a variant for sale without a weight, while any rate
 * by weight exists: such a rate cannot price a cart holding one.
 */
export async function productsWithoutWeight(db: Db) {
  return db
    .selectFrom("products")
    .select(["id", "name"])
    .where("visible", "=", 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("variants")
          .select("variants.id")
          .whereRef("variants.product_id", "=", "products.id")
          .where("variants.archived", "=", 0)
          .where("variants.weight", "is", null),
      ),
    )
    .where((eb) => eb.exists(eb.selectFrom("shipping_rates").select("id").where("condition", "=", "weight")))
    .orderBy("id")
    .execute();
}

/** The refusal the form shows beside its Weight field. */
export const WEIGHT_NEEDED = "Enter a weight: a visible product needs one while rates by weight are set up.";

/** The refusal of an import (screen and command), naming up to 20 of the products. */
export function weightsMissingMessage(products: { id?: number; name: string }[]) {
  const named = products.slice(0, 20).map((product) => `${product.name} (${product.id})`);
  const more = products.length > named.length ? ` and ${products.length - named.length} more` : "";
  return (
    "rates by weight are set up, so every visible product needs a weight " +
    `("weight", in ounces); the file gives none for ${named.join(", ")}${more}`
  );
}
