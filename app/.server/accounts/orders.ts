import { lineName } from "~/lib/variants";
import type { Db } from "../db";
import { compactBreakdown } from "~/lib/order-breakdown";
import { formatMoment } from "../admin/today";

/** How many of her orders a shopper's account page lists, newest first. */
const SHOWN = 50;

/**
 * A signed-in shopper's own orders, newest first: only those placed while
 * signed in to this account, never anyone else's. Orders that expired unpaid
 * are left out; they were never bought. Newest first is by id, as the
 * orders list goes (migration 026's index orders_shopper).
 */
export async function ordersOfShopper(db: Db, userId: string, options: { timeZone: string }) {
  const orders = await db
    .selectFrom("orders")
    .select([
      "id",
      "number",
      "status",
      "amount_cents",
      "created_at",
      "carrier",
      "tracking_number",
      "subtotal_cents",
      "discount_cents",
      "discount_code",
      "discount_kind",
      "shipping_cents",
      "shipping_rate_name",
      "tax_cents",
      "tax_state",
      "tax_rate_millionths",
    ])
    .where("user_id", "=", userId)
    .where("status", "!=", "expired")
    .orderBy("id", "desc")
    .limit(SHOWN)
    .execute();
  const items = orders.length
    ? await db
        .selectFrom("order_items")
        .select(["order_id", "product_id", "name", "variant", "scent", "quantity", "price_cents"])
        .where(
          "order_id",
          "in",
          orders.map((order) => order.id),
        )
        .orderBy("product_id")
        .orderBy("variant_id")
        .execute()
    : [];
  const moment = formatMoment(options.timeZone);
  return orders.map((order) => ({
    number: order.number,
    status: order.status,
    amount_cents: order.amount_cents,
    carrier: order.carrier,
    tracking_number: order.tracking_number,
    placed: moment(order.created_at),
    /** "Subtotal $24.00 · Shipping $6.95 · Tax $1.93" once charged shipping or tax, or given a code; undefined before. */
    breakdown: compactBreakdown(order),
    items: items
      .filter((item) => item.order_id === order.id)
      .map(({ order_id: _, variant, ...item }) => ({ ...item, name: lineName(item.name, variant) })),
  }));
}
