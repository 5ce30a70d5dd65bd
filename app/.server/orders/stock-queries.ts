import type { ExpressionBuilder } from "kysely";
import type { Database, Db } from "../db";
import { lockedInIdOrder, productIdsLockedInOrder } from "../db/locks";
import type { ProductRow } from "../db/schema";
import { queryTemplate } from "../db/template";

/** The reservation's statements on products (reservation.ts): the read it prices from, and the update that takes the stock. */

/**
 * The lines' products: the order is priced from them, and `takeStock`,
 * later in the transaction, finds out whether they still hold. They are
 * read without a lock, except by a reservation's last run
 * (`RESERVATION_RUNS`): on PostgreSQL it locks them here, in id order as
 * `takeStock` does, so nothing can change them under it.
 */
export const productsOf = queryTemplate((db: Db, values: { ids: number[]; locked: boolean }) => {
  const products = db
    .selectFrom("products")
    .select(["id", "name", "price_cents", "scent", "stock", "weight"])
    .where("id", "in", values.ids)
    // A hidden product is not for sale: it reads as none available (409, available: 0).
    .where("visible", "=", 1);
  return values.locked ? lockedInIdOrder(db, products) : products;
});

/**
 * Takes each line's units from its product in one statement, returning what
 * the order copied; a product without them (or hidden meanwhile) is left out
 * of the rows. On PostgreSQL each row is locked, in id order, before it is
 * updated, so checkouts never deadlock, and stays locked until the
 * transaction ends: it is the reservation's last statement. (`order_items`
 * has no foreign key to `products` for that reason too: one would lock the
 * product when the items are inserted, before this, and two checkouts of
 * the same candle would deadlock.)
 */
export const takeStock = queryTemplate((db: Db, values: { lines: { id: number; quantity: number }[] }) => {
  const ids = values.lines.map((line) => line.id);
  return db
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "-", wanted(eb, values.lines)) }))
    .where("id", "in", productIdsLockedInOrder(db, ids))
    .where((eb) => eb("stock", ">=", wanted(eb, values.lines)))
    .where("visible", "=", 1)
    .returning(["id", "stock", "price_cents", "name", "scent"]);
});

/** A line's quantity, by the row's product id. */
function wanted(eb: ExpressionBuilder<Database, "products">, lines: { id: number; quantity: number }[]) {
  const [first, ...rest] = lines;
  let byId = eb
    .case("id")
    .when(first!.id)
    .then(eb.cast<number>(eb.val(first!.quantity), "integer"));
  for (const line of rest) byId = byId.when(line.id).then(eb.cast<number>(eb.val(line.quantity), "integer"));
  return byId.end();
}

/** What an order's item copies from its product. */
type CopiedForOrder = Pick<ProductRow, "price_cents" | "name" | "scent">;

export const sameForOrder = (now: CopiedForOrder, read: CopiedForOrder) =>
  now.price_cents === read.price_cents && now.name === read.name && now.scent === read.scent;
