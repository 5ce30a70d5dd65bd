import type { ExpressionBuilder } from "kysely";
import type { Database, Db } from "../db";
import { lockedInIdOrder, variantIdsLockedInOrder } from "../db/locks";
import { queryTemplate } from "../db/template";

/**
 * The reservation's statements on variants (reservation.ts): the read it
 * prices from, and the update that takes the stock. What is sold is a
 * variant (DESIGN.md, "Sizes and scents"); a product without options has one.
 */

/**
 * The shop's variants of the lines' products, with what an order copies of
 * the product: the order is priced from them, and `takeStock`, later in the
 * transaction, finds out whether they still hold. They are read without a
 * lock, except by a reservation's last run (`RESERVATION_RUNS`): on
 * PostgreSQL it locks them here, in id order as `takeStock` does, so
 * nothing can change them under it.
 */
export const variantsOf = queryTemplate((db: Db, values: { productIds: number[]; locked: boolean }) => {
  const variants = db
    .selectFrom("variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select([
      "v.id",
      "v.product_id",
      "v.option_values",
      "v.price_cents",
      "v.stock",
      "v.weight",
      "v.available",
      "p.name",
      "p.scent",
      "p.options",
    ])
    .where("v.product_id", "in", values.productIds)
    .where("v.archived", "=", 0)
    // A hidden product is not for sale: it reads as none available (409, available: 0).
    .where("p.visible", "=", 1);
  return values.locked ? lockedInIdOrder(db, variants, "v") : variants;
});

/** A variant as `variantsOf` reads it. */
export interface LineVariantRow {
  id: number;
  product_id: number;
  option_values: string;
  price_cents: number;
  stock: number;
  weight: number | null;
  available: number;
  name: string;
  scent: string;
  options: string;
}

/**
 * Takes each line's units from its variant in one statement, returning what
 * the order copied; a variant without them (taken off sale, or its product
 * hidden meanwhile) is left out of the rows. On PostgreSQL each row is
 * locked, in id order, before it is updated, so checkouts never deadlock,
 * and stays locked until the transaction ends: it is the reservation's last
 * statement. (`order_items` has no foreign key to `variants` for that
 * reason too: one would lock the variant when the items are inserted,
 * before this, and two checkouts of the same candle would deadlock.)
 */
export const takeStock = queryTemplate((db: Db, values: { lines: { variant: number; quantity: number }[] }) => {
  const ids = values.lines.map((line) => line.variant);
  return db
    .updateTable("variants")
    .set((eb) => ({ stock: eb("stock", "-", wanted(eb, values.lines)) }))
    .where("id", "in", variantIdsLockedInOrder(db, ids))
    .where((eb) => eb("stock", ">=", wanted(eb, values.lines)))
    .where("available", "=", 1)
    .where("archived", "=", 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("products")
          .select("products.id")
          .whereRef("products.id", "=", "variants.product_id")
          .where("products.visible", "=", 1),
      ),
    )
    .returning(["id", "stock", "price_cents"]);
});

/** A line's quantity, by the row's variant id. */
function wanted(eb: ExpressionBuilder<Database, "variants">, lines: { variant: number; quantity: number }[]) {
  const [first, ...rest] = lines;
  let byId = eb
    .case("id")
    .when(first!.variant)
    .then(eb.cast<number>(eb.val(first!.quantity), "integer"));
  for (const line of rest) byId = byId.when(line.variant).then(eb.cast<number>(eb.val(line.quantity), "integer"));
  return byId.end();
}
