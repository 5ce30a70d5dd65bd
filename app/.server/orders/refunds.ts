import type { Db, Trx } from "../db";
import { type RetryPolicy, requeue, workThroughQueue } from "../db/work-queue";
import type { Logger } from "../logger";
import type { PaymentProviders } from "./payments/providers";

/** Refunds sent to providers per run. */
const BATCH = 10;

/** Why money goes back. */
export type RefundReason =
  /** A payment came in for an order that could not take it: expired, or another amount than the order's. */
  | "payment_not_applicable"
  /** The owner cancelled and refunded the order. */
  | "owner"
  /** Refunded at the provider itself (Stripe's dashboard): recorded as done. */
  | "provider";

export interface RefundRequest {
  orderId: number;
  provider: string;
  paymentRef: string;
  amountCents: number;
  currency: string;
  reason: RefundReason;
  now: number;
}

/**
 * Records, in the caller's transaction, that a payment's money must go back.
 * One refund per payment: asking twice (a redelivered event, a second check)
 * changes nothing. The refund job gives the money back through the payment's
 * own provider.
 */
export async function queueRefund(trx: Trx, refund: RefundRequest) {
  await trx
    .insertInto("refunds")
    .values({
      order_id: refund.orderId,
      provider: refund.provider,
      payment_ref: refund.paymentRef,
      amount_cents: refund.amountCents,
      currency: refund.currency.toLowerCase(),
      reason: refund.reason,
      status: "pending",
      next_attempt_at: refund.now,
      created_at: refund.now,
    })
    .onConflict((conflict) => conflict.columns(["provider", "payment_ref"]).doNothing())
    .execute();
}

/**
 * Gives back the money of every refund due, through the payment's own
 * provider, exactly once: the provider dedupes by the refund's own key, so a
 * retry after a timeout or a crash returns the first refund. A failure is
 * retried with backoff; after the last attempt it waits for a person
 * (`npm run refunds -- retry ID`).
 */
export async function refundDuePayments(
  db: Db,
  payments: PaymentProviders,
  options: { logger: Logger; policy: RetryPolicy; now?: () => number },
) {
  const now = options.now ?? Date.now;
  return workThroughQueue(db, "refunds", {
    policy: options.policy,
    batch: BATCH,
    now,
    async work(claim) {
      const refund = await db.selectFrom("refunds").selectAll().where("id", "=", claim.id).executeTakeFirstOrThrow();
      const provider = payments.of(refund.provider);
      if (!provider)
        throw new Error(
          `The shop is no longer set up for ${refund.provider}: configure it again so the money can go back`,
        );
      // Keyed by the payment, refunded once and in full: unlike a row id, unique across databases sharing one Stripe account.
      const providerRefundId = await provider.refundPayment(refund.payment_ref, {
        amountCents: refund.amount_cents,
        idempotencyKey: `refund-${refund.payment_ref}`,
      });
      await db
        .updateTable("refunds")
        .set({ status: "refunded", provider_refund_id: providerRefundId, refunded_at: now(), last_error: null })
        .where("id", "=", claim.id)
        .where("attempts", "=", claim.attempts)
        .execute();
      options.logger.info(
        { refund: refund.id, orderId: refund.order_id, amountCents: refund.amount_cents },
        "Payment refunded",
      );
    },
    failed(claim, error, givenUp) {
      const context = { refund: claim.id, attempts: claim.attempts, error };
      if (givenUp)
        options.logger.error(
          context,
          `Refund ${claim.id} FAILED for good after ${claim.attempts} attempts: retry it with npm run refunds -- retry ${claim.id}`,
        );
      else options.logger.warn(context, "Refund failed; it will be retried");
    },
  });
}

/** Every refund, newest first, with its order's number: what the owner sees with `npm run refunds`. */
export function listRefunds(db: Db, limit = 100) {
  return db
    .selectFrom("refunds")
    .innerJoin("orders", "orders.id", "refunds.order_id")
    .select([
      "refunds.id",
      "refunds.status",
      "refunds.reason",
      "refunds.provider",
      "refunds.payment_ref",
      "refunds.amount_cents",
      "refunds.currency",
      "refunds.attempts",
      "refunds.next_attempt_at",
      "refunds.last_error",
      "refunds.created_at",
      "refunds.refunded_at",
      "orders.number as order_number",
    ])
    .orderBy("refunds.id", "desc")
    .limit(limit)
    .execute();
}

/** Puts a refund that failed (or waits) back in the queue for the next run, with its attempts counted afresh. */
export const retryRefund = (db: Db, id: number, now: number) => requeue(db, "refunds", id, now);
