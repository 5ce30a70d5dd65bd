import { bumpCatalogVersion } from "./catalog-version";
import type { Db } from "./db";
import type { OrderRow } from "./db/schema";
import { enqueueOrderEmails } from "./mail/outbox";
import type { PaymentProvider } from "./payments/provider";

export function findOrderByNumber(db: Db, number: string) {
  return db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst();
}

export function findOrderByIdempotencyKey(db: Db, key: string) {
  return db.selectFrom("orders").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

export function findOrderByPaymentRef(db: Db, ref: string) {
  return db.selectFrom("orders").selectAll().where("payment_ref", "=", ref).executeTakeFirst();
}

export function findOrderItems(db: Db, orderId: number) {
  return db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).orderBy("product_id").execute();
}

export interface PaymentSuccess {
  provider: string;
  /** The provider's id for this event; a second delivery of it changes nothing. */
  eventId: string;
  orderId: number;
  amountCents: number;
  currency: string;
  now: number;
  shopEmail: string;
}

export type PaymentOutcome = "paid" | "duplicate" | "amount_mismatch" | "not_payable";

/**
 * DESIGN.md §Checkout step 4: the order becomes paid exactly once, in the same
 * transaction that records the event and queues the order's emails.
 */
export async function recordPaymentSuccess(db: Db, payment: PaymentSuccess): Promise<PaymentOutcome> {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", payment.orderId).executeTakeFirst();
    if (!order) return "not_payable";
    if (order.amount_cents !== payment.amountCents || order.currency !== payment.currency.toLowerCase()) {
      return "amount_mismatch";
    }
    const event = await trx
      .insertInto("payment_events")
      .values({
        provider: payment.provider,
        event_id: payment.eventId,
        order_id: order.id,
        type: "payment_succeeded",
        created_at: payment.now,
      })
      .onConflict((conflict) => conflict.columns(["provider", "event_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!event) return "duplicate";
    const paid = await trx
      .updateTable("orders")
      .set({ status: "paid", paid_at: payment.now })
      .where("id", "=", order.id)
      .where("status", "=", "pending_payment")
      .executeTakeFirst();
    if (paid.numUpdatedRows !== 1n) {
      // Read again: on PostgreSQL a concurrent event may have paid it while this one waited.
      const current = await trx.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirst();
      return current?.status === "paid" ? "duplicate" : "not_payable";
    }
    const paidOrder: OrderRow = { ...order, status: "paid", paid_at: payment.now };
    await enqueueOrderEmails(trx, paidOrder, await findOrderItems(trx, order.id), payment);
    return "paid";
  });
}

/** Records a failed payment event once; the order keeps its reservation for a retry. */
export async function recordPaymentFailure(db: Db, event: { provider: string; eventId: string; orderId: number; now: number }) {
  await db
    .insertInto("payment_events")
    .values({ provider: event.provider, event_id: event.eventId, order_id: event.orderId, type: "payment_failed", created_at: event.now })
    .onConflict((conflict) => conflict.columns(["provider", "event_id"]).doNothing())
    .execute();
}

/**
 * Asks the provider whether a pending order's payment went through and, if it
 * did, records it (a webhook that is slow or lost leaves nobody waiting).
 */
export async function syncPaymentStatus(
  db: Db,
  provider: PaymentProvider,
  order: OrderRow,
  options: { now: number; shopEmail: string },
): Promise<PaymentOutcome | "unpaid"> {
  if (order.status !== "pending_payment" || !order.payment_ref) return "unpaid";
  const check = await provider.checkPayment(order.payment_ref);
  if (!check.succeeded) return "unpaid";
  return recordPaymentSuccess(db, {
    provider: provider.name,
    eventId: `status-check:${order.payment_ref}`,
    orderId: order.id,
    amountCents: check.amountCents,
    currency: check.currency,
    ...options,
  });
}

/** The paid order as the shopper's confirmation shows it. */
export async function paidOrderSummary(db: Db, order: OrderRow) {
  const items = await findOrderItems(db, order.id);
  return {
    number: order.number,
    status: "paid" as const,
    amountCents: order.amount_cents,
    // SPEC §8: thanked by display name when signed in, by the shipping name otherwise.
    thankYouName: order.customer_name === "Guest" ? order.shipping_name : order.customer_name,
    items: items.map((item) => ({ id: item.product_id, name: item.name, quantity: item.quantity, priceCents: item.price_cents })),
  };
}

/**
 * Decides, before an order expires, whether its payment could be stopped:
 * expire it, keep it (it was paid after all), or skip it this round (the
 * provider could not be asked).
 */
export type SettleBeforeExpiry = (order: OrderRow) => Promise<"expire" | "keep" | "skip">;

/**
 * Unpaid orders past their expiry become expired and their stock returns,
 * exactly once: the status change is conditional, so of several processes
 * (or a run after a restart) only one wins each order. `settle` lets the
 * payment provider stop the payment first, or keep an order that was paid.
 */
export async function expireUnpaidOrders(
  db: Db,
  now: number,
  settle: SettleBeforeExpiry = async () => "expire",
  limit = 100,
): Promise<OrderRow[]> {
  const due = await db
    .selectFrom("orders")
    .selectAll()
    .where("status", "=", "pending_payment")
    .where("expires_at", "<=", now)
    .orderBy("expires_at")
    .limit(limit)
    .execute();
  const expired: OrderRow[] = [];
  for (const order of due) {
    if ((await settle(order)) !== "expire") continue;
    const won = await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable("orders")
        .set({ status: "expired" })
        .where("id", "=", order.id)
        .where("status", "=", "pending_payment")
        .executeTakeFirst();
      if (changed.numUpdatedRows !== 1n) return false;
      for (const item of await findOrderItems(trx, order.id)) {
        await trx
          .updateTable("products")
          .set((eb) => ({ stock: eb("stock", "+", item.quantity) }))
          .where("id", "=", item.product_id)
          .execute();
      }
      await bumpCatalogVersion(trx);
      return true;
    });
    if (won) expired.push({ ...order, status: "expired" });
  }
  return expired;
}
