import type { Db } from "./db";
import type { OrderRow } from "./db/schema";
import { enqueueOrderEmails } from "./mail/outbox";

export function findOrderByNumber(db: Db, number: string) {
  return db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst();
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
    if (paid.numUpdatedRows !== 1n) return order.status === "paid" ? "duplicate" : "not_payable";
    const paidOrder: OrderRow = { ...order, status: "paid", paid_at: payment.now };
    await enqueueOrderEmails(trx, paidOrder, await findOrderItems(trx, order.id), payment);
    return "paid";
  });
}

/**
 * Unpaid orders past their expiry become expired and their stock returns,
 * exactly once: the status change is conditional, so of several processes
 * (or a run after a restart) only one wins each order.
 */
export async function expireUnpaidOrders(db: Db, now: number, limit = 100): Promise<OrderRow[]> {
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
      return true;
    });
    if (won) expired.push({ ...order, status: "expired" });
  }
  return expired;
}
