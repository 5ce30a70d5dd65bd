import { type Db, transaction } from "../db";
import { enqueueShopperEmail } from "../mail/outbox";
import { findOrderItems } from "../orders/queries";
import { type Actor, recordActivity } from "./activity";

export interface Shipment {
  number: string;
  carrier: string | null;
  trackingNumber: string | null;
}

export type ShipOutcome =
  { kind: "shipped" } | { kind: "already_shipped" } | { kind: "not_paid" } | { kind: "not_found" };

/**
 * Marks a paid order shipped, in one transaction with its activity entry and
 * the shopper's email (with the tracking number). The change is conditional
 * on the order being paid, so a second click, a second tab or a retry changes
 * nothing and sends no second email.
 */
export async function markShipped(
  db: Db,
  shipment: Shipment,
  options: { actor: Actor; now: number; shopEmail: string },
): Promise<ShipOutcome> {
  return transaction(db, async (trx) => {
    const shipped = await trx
      .updateTable("orders")
      .set({
        status: "shipped",
        shipped_at: options.now,
        carrier: shipment.carrier,
        tracking_number: shipment.trackingNumber,
      })
      .where("number", "=", shipment.number)
      .where("status", "=", "paid")
      .returningAll()
      .executeTakeFirst();
    if (!shipped) {
      const current = await trx
        .selectFrom("orders")
        .select("status")
        .where("number", "=", shipment.number)
        .executeTakeFirst();
      if (!current) return { kind: "not_found" };
      return current.status === "shipped" ? { kind: "already_shipped" } : { kind: "not_paid" };
    }
    await recordActivity(
      trx,
      options.actor,
      {
        action: "order.shipped",
        subjectType: "order",
        subject: shipped.number,
        before: { status: "paid" },
        after: { status: "shipped", carrier: shipment.carrier, trackingNumber: shipment.trackingNumber },
      },
      options.now,
    );
    await enqueueShopperEmail(trx, "order_shipped", shipped, await findOrderItems(trx, shipped.id), options);
    return { kind: "shipped" };
  });
}
