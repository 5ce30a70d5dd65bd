import type { Db } from "../db";
import type { OrderItemRow, OrderRow } from "../db/schema";
import { orderNotification, orderNotificationFields, orderReceipt } from "./templates";

/**
 * Queues a paid order's emails. Call it inside the transaction that marks the
 * order paid: the emails exist exactly when the payment does.
 */
export async function enqueueOrderEmails(
  trx: Db,
  order: OrderRow,
  items: OrderItemRow[],
  options: { shopEmail: string; now: number },
) {
  const params = JSON.stringify(orderNotificationFields(order, items));
  // The owner answers a shopper by replying to the notification.
  const messages = [{ kind: "order_notification", to: options.shopEmail, reply_to: order.email, params, ...orderNotification(order, items) }];
  if (order.email) messages.push({ kind: "order_receipt", to: order.email, reply_to: null, params, ...orderReceipt(order, items) });
  await trx
    .insertInto("outbox")
    .values(
      messages.map((message) => ({
        ...message,
        order_id: order.id,
        status: "pending" as const,
        next_attempt_at: options.now,
        last_error: null,
        created_at: options.now,
        sent_at: null,
      })),
    )
    .execute();
}
