import { type Db, type Trx, transaction } from "../db";
import type { OrderRow } from "../db/schema";
import { enqueueOrderEmails } from "../mail/outbox";
import { type RateLimit, consumeRateLimit } from "../rate-limits";
import type { OrderAccess } from "./access";
import { orderBreakdown } from "./order-pricing";
import type { PaymentProvider } from "./payments/provider";
import type { PaymentProviders } from "./payments/providers";
import { queueRefund } from "./refunds";
import { findOrderByNumber, findOrderItems, paidOrderSummary } from "./queries";

/** Statuses of an order whose payment went through and stands: paid, and then shipped. */
export const isPaid = (status: OrderRow["status"]) => status === "paid" || status === "shipped";

/**
 * Whether an order is still to pay, paid already, or expired: its
 * reservation is over, it can take no payment, and the shopper must check
 * out afresh.
 */
export type PayableState = { kind: "pending" } | { kind: "paid" } | { kind: "expired" };

/**
 * The rule every payment path shares (checkout's retry, the test card, the
 * provider's word): an order takes a payment only while it is pending and its
 * reservation lasts.
 */
export function payableState(order: Pick<OrderRow, "status" | "expires_at">, now: number): PayableState {
  if (isPaid(order.status)) return { kind: "paid" };
  if (order.status === "pending_payment" && order.expires_at > now) return { kind: "pending" };
  return { kind: "expired" };
}

export interface PaymentSuccess {
  provider: string;
  /** The provider's id for this event; a second delivery of it changes nothing. */
  eventId: string;
  orderId: number;
  /** The provider's reference for the payment: what a refund gives back. */
  paymentRef: string;
  amountCents: number;
  currency: string;
  now: number;
  shopEmail: string;
}

/**
 * "paid": the order is paid now. "duplicate": this event, or another one for
 * the same payment, was applied already. "amount_mismatch" and "not_payable"
 * (the order expired): money came in that the order cannot take, and a refund
 * of it is queued.
 */
export type PaymentOutcome =
  { kind: "paid" } | { kind: "duplicate" } | { kind: "amount_mismatch" } | { kind: "not_payable" };

/**
 * DESIGN.md §Checkout step 4: the order becomes paid exactly once, in the same
 * transaction that records the event and queues the order's emails. Money
 * that cannot be applied is never just logged: the same transaction records
 * it as a refund due, which the refund job gives back through the provider.
 */
export async function recordPaymentSuccess(db: Db, payment: PaymentSuccess): Promise<PaymentOutcome> {
  return transaction(db, async (trx) => {
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", payment.orderId).executeTakeFirst();
    if (!order) return { kind: "not_payable" };
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
    if (!event) return { kind: "duplicate" };
    const giveBack = () =>
      queueRefund(trx, {
        orderId: order.id,
        provider: payment.provider,
        paymentRef: payment.paymentRef,
        amountCents: payment.amountCents,
        currency: payment.currency,
        reason: "payment_not_applicable",
        now: payment.now,
      });
    if (order.amount_cents !== payment.amountCents || order.currency !== payment.currency.toLowerCase()) {
      await giveBack();
      return { kind: "amount_mismatch" };
    }
    if (!(await markPaid(trx, order, payment))) {
      // Read again: on PostgreSQL a concurrent event may have paid it while this one waited, or a
      // retry of its checkout changed its total.
      const current = await trx
        .selectFrom("orders")
        .select("status")
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      if (current.status === "pending_payment") {
        await giveBack();
        return { kind: "amount_mismatch" };
      }
      if (current.status !== "expired") return { kind: "duplicate" };
      await giveBack();
      return { kind: "not_payable" };
    }
    return { kind: "paid" };
  });
}

/**
 * The order becomes paid, once, in the caller's transaction, which queues
 * its emails with it: whether this call made it paid. Only while it is
 * pending and its total is still the one the caller checked.
 */
export async function markPaid(
  trx: Trx,
  order: OrderRow,
  options: { now: number; shopEmail: string },
  payment: Partial<Pick<OrderRow, "payment_provider" | "payment_ref">> = {},
): Promise<boolean> {
  const paid = await trx
    .updateTable("orders")
    .set({ status: "paid", paid_at: options.now, held_by: null, ...payment })
    .where("id", "=", order.id)
    .where("status", "=", "pending_payment")
    .where("amount_cents", "=", order.amount_cents)
    .executeTakeFirst();
  if (paid.numUpdatedRows !== 1n) return false;
  const paidOrder: OrderRow = { ...order, ...payment, status: "paid", paid_at: options.now, held_by: null };
  await enqueueOrderEmails(trx, paidOrder, await findOrderItems(trx, order.id), options);
  return true;
}

/** Records a failed payment event once; the order keeps its reservation for a retry. */
export async function recordPaymentFailure(
  db: Db,
  event: { provider: string; eventId: string; orderId: number; now: number },
) {
  await db
    .insertInto("payment_events")
    .values({
      provider: event.provider,
      event_id: event.eventId,
      order_id: event.orderId,
      type: "payment_failed",
      created_at: event.now,
    })
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
): Promise<PaymentOutcome | { kind: "unpaid" }> {
  if (order.status !== "pending_payment" || !order.payment_ref) return { kind: "unpaid" };
  const check = await provider.checkPayment(order.payment_ref);
  if (!check.succeeded) return { kind: "unpaid" };
  return recordPaymentSuccess(db, {
    provider: provider.name,
    eventId: `status-check:${order.payment_ref}`,
    orderId: order.id,
    paymentRef: order.payment_ref,
    amountCents: check.amountCents,
    currency: check.currency,
    ...options,
  });
}

/**
 * How often one order's status may cost a call to its provider: the checkout
 * panel asks once a second for 15 seconds; past this it reads what the
 * webhook recorded, so polling, by the shopper or anyone with the number,
 * cannot run up the provider's API.
 */
const PROVIDER_CHECKS_PER_ORDER: RateLimit = { limit: 20, windowMs: 60_000 };

/**
 * GET /api/orders/{number}/payment: whether the order is paid yet, asking the
 * provider about a pending one (a few times a minute at most) so a slow
 * webhook leaves nobody waiting. Whom it thanks and what was bought go only
 * to the browser that placed the order (its access token); anyone else with
 * the number learns the status.
 */
export async function orderPaymentStatus(
  db: Db,
  providers: PaymentProviders,
  number: string,
  accessToken: string | null,
  options: { now: number; shopEmail: string; orderAccess: OrderAccess },
) {
  const order = await findOrderByNumber(db, number);
  if (!order) return undefined;
  const provider = providers.of(order.payment_provider);
  const mayAsk =
    provider &&
    order.status === "pending_payment" &&
    (await consumeRateLimit(db, `payment-check:order:${number}`, PROVIDER_CHECKS_PER_ORDER, options.now)).kind ===
      "allowed";
  const outcome = mayAsk ? await syncPaymentStatus(db, provider, order, options) : { kind: "unpaid" as const };
  const current = (outcome.kind === "unpaid" ? order : await findOrderByNumber(db, number)) ?? order;
  const allowed = options.orderAccess.allows(number, accessToken);
  if (isPaid(current.status) && allowed) return paidOrderSummary(db, current);
  // The breakdown only to the browser that placed the order: a tax line tells where it ships.
  return { number, status: current.status, amountCents: order.amount_cents, ...(allowed && orderBreakdown(order)) };
}
