import { type Actor, recordActivity } from "../admin/activity";
import type { Trx } from "../db";
import type { OrderItemRow, OrderRow } from "../db/schema";
import { enqueueShopperEmail } from "../mail/outbox";

/**
 * What every refund of a paid order ends with, the owner's Cancel and refund
 * and a refund made at the provider alike, in the caller's transaction: the
 * order becomes refunded, the activity log says who did it and what came
 * back, and the shopper's email is queued.
 */
export async function markRefunded(
  trx: Trx,
  order: OrderRow,
  items: OrderItemRow[],
  refund: { actor: Actor; amountCents: number; restocked: boolean; now: number; shopEmail: string },
) {
  const { now } = refund;
  await trx.updateTable("orders").set({ status: "refunded", refunded_at: now }).where("id", "=", order.id).execute();
  await recordActivity(
    trx,
    refund.actor,
    {
      action: "order.refunded",
      subjectType: "order",
      subject: order.number,
      before: { status: order.status },
      after: { status: "refunded", amountCents: refund.amountCents, restocked: refund.restocked },
    },
    now,
  );
  await enqueueShopperEmail(trx, "order_refunded", { ...order, status: "refunded", refunded_at: now }, items, {
    shopEmail: refund.shopEmail,
    now,
  });
}
