import { lineName } from "~/lib/variants";
import type { Db } from "../db";
import { findOrderByNumber, findOrderItems } from "../orders/queries";
import { formatMoment } from "./today";
import { PAID_WITH_DISCOUNT } from "../orders/checkout-payment";
import { isPaid } from "../orders/payment";
import { shownBreakdown } from "~/lib/order-breakdown";

const EMAIL_KINDS: Record<string, string> = {
  order_notification: "Order notification",
  order_receipt: "Receipt",
  order_shipped: "Shipped email",
  order_refunded: "Refund email",
};

const EMAIL_STATES: Record<string, string> = {
  pending: "waiting to be sent",
  sent: "sent",
  failed: "FAILED (npm run outbox)",
};
const REFUND_STATES: Record<string, string> = {
  pending: "on its way",
  refunded: "done",
  failed: "FAILED (npm run refunds)",
};

/** How an order was paid, by its `payment_provider`: in the Payment section, and the timeline's "Paid" line. */
const PAID_WITH: Record<string, { method: string; event: string }> = {
  stripe: { method: "Stripe", event: "Paid through Stripe" },
  test: { method: "Test gateway (no money moved)", event: "Paid through the test gateway" },
  [PAID_WITH_DISCOUNT]: { method: "Paid with a discount", event: "Paid with a discount" },
};

const DAY_MS = 24 * 60 * 60_000;

/** Days counted from the sending to the pruning, so the note stays true when OUTBOX_KEEP_DAYS changes later. */
function prunedNote(sentAt: number, prunedAt: number) {
  const days = Math.floor((prunedAt - sentAt) / DAY_MS);
  return `(its text was removed after ${days} ${days === 1 ? "day" : "days"})`;
}

/**
 * One order as the owner's detail page shows it: the lines, where it goes,
 * how it was paid, and a timeline of what happened to it (placed, paid,
 * shipped, refunded, each email), with times in the shop's time zone.
 */
export async function orderDetail(db: Db, number: string, options: { timeZone: string }) {
  const order = await findOrderByNumber(db, number);
  if (!order) return undefined;
  const moment = formatMoment(options.timeZone);
  const [items, emails, refund] = await Promise.all([
    findOrderItems(db, order.id),
    db
      .selectFrom("outbox")
      .select(["kind", "to", "status", "created_at", "sent_at", "pruned_at"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("refunds")
      .select(["status", "amount_cents"])
      .where("order_id", "=", order.id)
      .orderBy("id", "desc")
      .executeTakeFirst(),
  ]);
  const events: { at: number; what: string }[] = [{ at: order.created_at, what: "Placed" }];
  const paidWith = PAID_WITH[order.payment_provider] ?? PAID_WITH.test!;
  if (order.paid_at) events.push({ at: order.paid_at, what: paidWith.event });
  if (order.shipped_at) {
    const how = [
      order.carrier && `with ${order.carrier}`,
      order.tracking_number && `tracking number ${order.tracking_number}`,
    ]
      .filter(Boolean)
      .join(", ");
    events.push({ at: order.shipped_at, what: how ? `Shipped ${how}` : "Shipped" });
  }
  if (order.refunded_at)
    events.push({
      at: order.refunded_at,
      what: `Cancelled and refunded${refund ? `: ${REFUND_STATES[refund.status]}` : ""}`,
    });
  for (const email of emails) {
    const what = `${EMAIL_KINDS[email.kind] ?? email.kind} to ${email.to}: ${EMAIL_STATES[email.status]}`;
    events.push({
      at: email.sent_at ?? email.created_at,
      what:
        email.pruned_at === null ? what : `${what} ${prunedNote(email.sent_at ?? email.created_at, email.pruned_at)}`,
    });
  }
  return {
    number: order.number,
    status: order.status,
    /** Paid, shipped or not: what Cancel and refund takes. */
    refundable: isPaid(order.status),
    customerName: order.customer_name,
    email: order.email,
    phone: order.phone,
    shipping: {
      name: order.shipping_name,
      address: order.shipping_address,
      city: order.shipping_city,
      state: order.shipping_state,
      zip: order.shipping_zip,
    },
    amountCents: order.amount_cents,
    /** Below the lines once shipping or tax is set up (the rate matters to whoever packs it, even when free); none before. */
    breakdown: shownBreakdown(order) ?? [],
    paymentMethod: paidWith.method,
    paymentRef: order.payment_ref,
    items: items.map((item) => ({
      id: item.product_id,
      name: lineName(item.name, item.variant),
      scent: item.scent,
      quantity: item.quantity,
      priceCents: item.price_cents,
    })),
    timeline: events.sort((a, b) => a.at - b.at).map((event) => ({ when: moment(event.at), what: event.what })),
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;
