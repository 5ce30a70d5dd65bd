import type { OrderItemRow, OrderRow, OutboxRow, PaymentEventTable, RefundRow } from "~/.server/db/schema";
import {
  orderNotification,
  orderNotificationFields,
  orderReceipt,
  orderRefunded,
  orderShipped,
} from "~/.server/mail/templates";
import type { GrownOrder } from "./order-history";

/** Seconds a delivered email waited in the outbox: the mail job runs every two. */
const DELIVERY_MS = 3_000;

type OutboxColumns =
  | "order_id"
  | "kind"
  | "to"
  | "reply_to"
  | "subject"
  | "text"
  | "html"
  | "status"
  | "attempts"
  | "next_attempt_at"
  | "last_error"
  | "created_at"
  | "sent_at"
  | "params";
type RefundColumns =
  | "order_id"
  | "provider"
  | "payment_ref"
  | "amount_cents"
  | "currency"
  | "reason"
  | "status"
  | "attempts"
  | "next_attempt_at"
  | "last_error"
  | "provider_refund_id"
  | "created_at"
  | "refunded_at";

/**
 * What the shop would have written about one order as it went along: its
 * payment event, every email (rendered by the shop's own templates, and sent),
 * and the refund the owner's Cancel and refund queued and the gateway made.
 * `id` is the order's id in the grown database.
 */
export function eventsOf(grown: GrownOrder, id: number, shopEmail: string) {
  const order = { ...grown.row, id } as OrderRow;
  const items: OrderItemRow[] = grown.items.map((item) => ({ ...item, order_id: id }));
  const params = JSON.stringify(orderNotificationFields(order, items));
  const emails: Pick<OutboxRow, OutboxColumns>[] = [];
  const email = (
    kind: string,
    to: string | null,
    replyTo: string | null,
    at: number | null,
    content: { subject: string; text: string; html: string },
  ) => {
    if (to === null || at === null) return;
    emails.push({
      order_id: id,
      kind,
      to,
      reply_to: replyTo,
      ...content,
      status: "sent",
      attempts: 1,
      next_attempt_at: at,
      last_error: null,
      created_at: at,
      sent_at: at + DELIVERY_MS,
      params,
    });
  };
  email("order_notification", shopEmail, order.email, order.paid_at, orderNotification(order, items));
  email("order_receipt", order.email, null, order.paid_at, orderReceipt(order, items, { name: "Wickshop" }));
  email("order_shipped", order.email, shopEmail, order.shipped_at, orderShipped(order, items));
  email("order_refunded", order.email, shopEmail, order.refunded_at, orderRefunded(order, items));

  const payments: Omit<PaymentEventTable, "id">[] =
    order.paid_at === null
      ? []
      : [
          {
            provider: "test",
            event_id: `charge:${order.number}`,
            order_id: id,
            type: "payment_succeeded",
            created_at: order.paid_at,
          },
        ];
  const refunds: Pick<RefundRow, RefundColumns>[] =
    order.refunded_at === null
      ? []
      : [
          {
            order_id: id,
            provider: order.payment_provider,
            payment_ref: order.payment_ref!,
            amount_cents: order.amount_cents,
            currency: order.currency,
            reason: "owner",
            status: "refunded",
            attempts: 1,
            next_attempt_at: order.refunded_at,
            last_error: null,
            provider_refund_id: `test_refund_${order.payment_ref}`,
            created_at: order.refunded_at,
            refunded_at: order.refunded_at + DELIVERY_MS,
          },
        ];
  return { items, emails, payments, refunds };
}
