import type { Trx } from "../db";
import type { OrderItemRow, OrderRow } from "../db/schema";
import { receiptSenderIn } from "../settings/shop-settings";
import {
  type EmailContent,
  orderNotification,
  orderNotificationFields,
  orderReceipt,
  orderRefunded,
  orderShipped,
} from "./templates";

interface QueuedEmail extends EmailContent {
  kind: string;
  to: string;
  reply_to: string | null;
  /** JSON of SPEC §3's fields, for transports that fill a template of their own. */
  params: string | null;
}

/** Queues emails in the caller's transaction: they exist exactly when what they tell of does. */
async function enqueue(trx: Trx, order: OrderRow | null, messages: QueuedEmail[], now: number) {
  await trx
    .insertInto("outbox")
    .values(
      messages.map((message) => ({
        ...message,
        order_id: order?.id ?? null,
        status: "pending" as const,
        next_attempt_at: now,
        last_error: null,
        created_at: now,
        sent_at: null,
      })),
    )
    .execute();
}

/**
 * Queues a paid order's emails. Call it inside the transaction that marks the
 * order paid: the emails exist exactly when the payment does.
 */
export async function enqueueOrderEmails(
  trx: Trx,
  order: OrderRow,
  items: OrderItemRow[],
  options: { shopEmail: string; now: number },
) {
  const params = JSON.stringify(orderNotificationFields(order, items));
  // The owner answers a shopper by replying to the notification.
  const messages: QueuedEmail[] = [
    {
      kind: "order_notification",
      to: options.shopEmail,
      reply_to: order.email,
      params,
      ...orderNotification(order, items),
    },
  ];
  if (order.email)
    messages.push({
      kind: "order_receipt",
      to: order.email,
      reply_to: null,
      params,
      ...orderReceipt(order, items, await receiptSenderIn(trx)),
    });
  await enqueue(trx, order, messages, options.now);
}

const shopperEmails = { order_shipped: orderShipped, order_refunded: orderRefunded };

/** Queues the shopper's "has shipped" or "has been refunded" email, when the order has an address to send it to. */
export async function enqueueShopperEmail(
  trx: Trx,
  kind: keyof typeof shopperEmails,
  order: OrderRow,
  items: OrderItemRow[],
  options: { shopEmail: string; now: number },
) {
  if (!order.email) return;
  const params = JSON.stringify(orderNotificationFields(order, items));
  await enqueue(
    trx,
    order,
    [{ kind, to: order.email, reply_to: options.shopEmail, params, ...shopperEmails[kind](order, items) }],
    options.now,
  );
}

/** Queues an email to an owner that is about the shop, not one order (the low-stock digest). */
export async function enqueueOwnerEmail(trx: Trx, kind: string, to: string, content: EmailContent, now: number) {
  await enqueue(trx, null, [{ kind, to, reply_to: null, params: null, ...content }], now);
}
