import type { Db } from "../db";
import { formatMoment } from "../admin/today";

/** How many of her orders a shopper's account page lists, newest first. */
const SHOWN = 50;

/**
 * A signed-in shopper's own orders, newest first: only those placed while
 * signed in to this account, never anyone else's. Orders that expired unpaid
 * are left out; they were never bought.
 */
export async function ordersOfShopper(db: Db, userId: string, options: { timeZone: string }) {
  const orders = await db
    .selectFrom("orders")
    .select(["id", "number", "status", "amount_cents", "created_at", "carrier", "tracking_number"])
    .where("user_id", "=", userId)
    .where("status", "!=", "expired")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(SHOWN)
    .execute();
  const items = orders.length
    ? await db
        .selectFrom("order_items")
        .select(["order_id", "product_id", "name", "scent", "quantity", "price_cents"])
        .where(
          "order_id",
          "in",
          orders.map((order) => order.id),
        )
        .orderBy("product_id")
        .execute()
    : [];
  const moment = formatMoment(options.timeZone);
  return orders.map(({ id, created_at, ...order }) => ({
    ...order,
    placed: moment(created_at),
    items: items.filter((item) => item.order_id === id).map(({ order_id: _, ...item }) => item),
  }));
}
