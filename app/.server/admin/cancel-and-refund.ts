import { catalogVersionBump } from "../catalog/version";
import { type Db, transaction } from "../db";
import { lockForUpdate } from "../db/locks";
import { PAID_WITH_DISCOUNT } from "../orders/checkout-payment";
import { isPaid } from "../orders/payment";
import { findOrderItems, inVariantOrder } from "../orders/queries";
import { markRefunded } from "../orders/refunded";
import { queueRefund } from "../orders/refunds";
import type { Actor } from "./activity";

export type RefundOutcome =
  /** `cancelled`: the order's code paid it in full, so no money goes back. */
  | { kind: "refunded" }
  | { kind: "cancelled" }
  | { kind: "already_refunded" }
  | { kind: "not_refundable" }
  | { kind: "not_found" };

/**
 * Cancels a paid or shipped order and gives the money back through the
 * order's own provider, exactly once: one transaction changes the status
 * (conditionally, so a double click or a second tab finds it refunded), puts
 * the items back in stock when asked (as adjustments, so DESIGN's invariant
 * holds), queues the refund for the refund job (one per payment: the
 * provider is asked once, with a key that survives a crash), records the
 * activity and queues the shopper's email.
 */
export async function cancelAndRefund(
  db: Db,
  request: { number: string; restock: boolean },
  options: { actor: Actor; now: number; shopEmail: string },
): Promise<RefundOutcome> {
  const { now } = options;
  return transaction(db, async (trx) => {
    const order = await lockForUpdate(
      trx,
      trx.selectFrom("orders").selectAll().where("number", "=", request.number),
    ).executeTakeFirst();
    if (!order) return { kind: "not_found" };
    if (order.status === "refunded") return { kind: "already_refunded" };
    if (!isPaid(order.status)) return { kind: "not_refundable" };
    const items = await findOrderItems(trx, order.id);
    if (request.restock) {
      for (const item of inVariantOrder(items)) {
        const back = await trx
          .updateTable("variants")
          .set((eb) => ({ stock: eb("stock", "+", item.quantity) }))
          .where("id", "=", item.variant_id)
          // With its product: a deleted product's variant id may be another's now, its number never is.
          .where("product_id", "=", item.product_id)
          .executeTakeFirst();
        // A product removed from the catalog since has no stock to return to.
        if (back.numUpdatedRows === 1n) {
          await trx
            .insertInto("stock_adjustments")
            .values({
              product_id: item.product_id,
              variant_id: item.variant_id,
              delta: item.quantity,
              reason: `refund of ${order.number}`,
              created_at: now,
            })
            .execute();
        }
      }
    }
    if (order.payment_ref) {
      await queueRefund(trx, {
        orderId: order.id,
        provider: order.payment_provider,
        paymentRef: order.payment_ref,
        amountCents: order.amount_cents,
        currency: order.currency,
        reason: "owner",
        now,
      });
    }
    await markRefunded(trx, order, items, {
      actor: options.actor,
      amountCents: order.amount_cents,
      restocked: request.restock,
      now,
      shopEmail: options.shopEmail,
    });
    if (request.restock) await catalogVersionBump(trx).execute();
    return { kind: order.payment_provider === PAID_WITH_DISCOUNT ? "cancelled" : "refunded" };
  });
}
