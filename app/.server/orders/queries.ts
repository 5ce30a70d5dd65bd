import { lineName } from "~/lib/variants";
import type { Db } from "../db";
import type { OrderRow } from "../db/schema";
import { shownBreakdown } from "~/lib/order-breakdown";
import { orderBreakdown } from "./order-pricing";

/**
 * Reads of orders, as plain queries. The checkout's reads and writes are
 * written as steps and templates instead, its hot path (db/steps.ts): its
 * order by idempotency key is in checkout.ts.
 */

export function findOrderByNumber(db: Db, number: string) {
  return db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst();
}

/**
 * Every column of an order, by name, for query templates: PostgreSQL fixes a
 * prepared statement's columns when it first prepares it (db/template.ts).
 */
const everyOrderColumn = {
  id: true,
  number: true,
  user_id: true,
  status: true,
  customer_name: true,
  email: true,
  shipping_name: true,
  shipping_address: true,
  shipping_city: true,
  shipping_state: true,
  shipping_zip: true,
  phone: true,
  amount_cents: true,
  currency: true,
  payment_provider: true,
  payment_ref: true,
  idempotency_key: true,
  created_at: true,
  paid_at: true,
  expires_at: true,
  held_by: true,
  expiry_claimed_until: true,
  shipped_at: true,
  carrier: true,
  tracking_number: true,
  refunded_at: true,
  subtotal_cents: true,
  discount_cents: true,
  shipping_cents: true,
  tax_cents: true,
  shipping_rate_id: true,
  shipping_rate_name: true,
  shipping_weight: true,
  tax_state: true,
  tax_zip: true,
  tax_rate_millionths: true,
  tax_shipping: true,
  discount_code: true,
  discount_kind: true,
} satisfies Record<keyof OrderRow, true>;

export const orderColumns = Object.keys(everyOrderColumn) as (keyof OrderRow)[];

export function findOrderByPaymentRef(db: Db, ref: string) {
  return db.selectFrom("orders").selectAll().where("payment_ref", "=", ref).executeTakeFirst();
}

/** An order's lines, by product and then variant. */
export function findOrderItems(db: Db, orderId: number) {
  return db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("product_id")
    .orderBy("variant_id")
    .execute();
}

/** Lines in variant-id order, the order in which every transaction locks variants (db/locks.ts). */
export const inVariantOrder = <Item extends { variant_id: number }>(items: Item[]) =>
  [...items].sort((a, b) => a.variant_id - b.variant_id);

/** The paid order as the shopper's confirmation shows it. */
export async function paidOrderSummary(db: Db, order: OrderRow) {
  const items = await findOrderItems(db, order.id);
  return {
    number: order.number,
    status: "paid" as const,
    amountCents: order.amount_cents,
    ...orderBreakdown(order),
    /** The thank-you page's lines, in the words of the receipt and the order's page; none while nothing is set up. */
    breakdown: shownBreakdown(order),
    // SPEC §8: thanked by display name when signed in, by the shipping name otherwise.
    thankYouName: order.customer_name === "Guest" ? order.shipping_name : order.customer_name,
    items: items.map((item) => ({
      id: item.product_id,
      name: lineName(item.name, item.variant),
      quantity: item.quantity,
      priceCents: item.price_cents,
    })),
  };
}
