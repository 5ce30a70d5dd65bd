import { type Db, transaction } from "../db";
import { lockForUpdate } from "../db/locks";
import { isPaid } from "./payment";
import { findOrderItems } from "./queries";
import { markRefunded } from "./refunded";

export interface ProviderRefund {
  provider: string;
  providerName: string;
  /** The provider's id for this event; a second delivery of it changes nothing. */
  eventId: string;
  paymentRef: string;
  amountCents: number;
  currency: string;
  now: number;
  shopEmail: string;
}

export type RefundedElsewhere =
  { kind: "refunded" } | { kind: "unchanged" } | { kind: "duplicate" } | { kind: "unknown_payment" };

/**
 * A whole payment refunded at the provider (Stripe's dashboard): the order
 * becomes refunded like the owner's own Cancel and refund, without putting
 * stock back (nobody said so), with an activity entry by the provider and the
 * shopper's email, once. A refund the shop made itself arrives here too and
 * finds the order refunded already: nothing changes.
 */
export async function recordRefundedElsewhere(db: Db, refund: ProviderRefund): Promise<RefundedElsewhere> {
  return transaction(db, async (trx) => {
    const order = await lockForUpdate(
      trx,
      trx.selectFrom("orders").selectAll().where("payment_ref", "=", refund.paymentRef),
    ).executeTakeFirst();
    if (!order) return { kind: "unknown_payment" };
    const event = await trx
      .insertInto("payment_events")
      .values({
        provider: refund.provider,
        event_id: refund.eventId,
        order_id: order.id,
        type: "refunded",
        created_at: refund.now,
      })
      .onConflict((conflict) => conflict.columns(["provider", "event_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!event) return { kind: "duplicate" };
    if (!isPaid(order.status)) return { kind: "unchanged" };
    await trx
      .insertInto("refunds")
      .values({
        order_id: order.id,
        provider: refund.provider,
        payment_ref: refund.paymentRef,
        amount_cents: refund.amountCents,
        currency: refund.currency.toLowerCase(),
        reason: "provider",
        status: "refunded",
        next_attempt_at: refund.now,
        created_at: refund.now,
        refunded_at: refund.now,
      })
      .onConflict((conflict) => conflict.columns(["provider", "payment_ref"]).doNothing())
      .execute();
    const actor = { id: `provider:${refund.provider}`, displayName: `${refund.providerName} dashboard` };
    await markRefunded(trx, order, await findOrderItems(trx, order.id), {
      actor,
      amountCents: refund.amountCents,
      restocked: false,
      now: refund.now,
      shopEmail: refund.shopEmail,
    });
    return { kind: "refunded" };
  });
}
