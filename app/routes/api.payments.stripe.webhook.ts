import { jsonError, methodNotAllowed, readBoundedBody, toResponse } from "~/.server/json-api";
import { recordPaymentFailure, recordPaymentSuccess } from "~/.server/orders/payment";
import { findOrderByPaymentRef } from "~/.server/orders/queries";
import { recordRefundedElsewhere } from "~/.server/orders/refunded-elsewhere";
import type { Route } from "./+types/api.payments.stripe.webhook";

/** Stripe's events are a few kilobytes; a body larger than this is not one of them. */
const MAX_EVENT_BYTES = 256 * 1024;

const received = (extra: object = {}) => Response.json({ received: true, ...extra });

export const loader = methodNotAllowed;

/**
 * POST /api/payments/stripe/webhook: Stripe's word that a payment went through,
 * failed, or was refunded. The signature is checked on the raw body; every event is applied
 * at most once (its id is recorded in the transaction that applies it), so a
 * retry after a failure here is processed and a duplicate is not.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, logger } = context;
  const stripe = context.payments.of("stripe");
  if (!stripe?.parseWebhook) return jsonError(404, { code: "not_found", message: "This shop does not use Stripe." });
  if (request.method !== "POST") return methodNotAllowed();
  const signature = request.headers.get("stripe-signature");
  const payload = await readBoundedBody(request, MAX_EVENT_BYTES);
  if (!payload.ok) return toResponse(payload.answer);
  let event;
  try {
    if (!signature) throw new Error("no signature");
    event = stripe.parseWebhook(payload.value, signature);
  } catch {
    logger.warn("Refused a Stripe webhook call with a missing or wrong signature");
    return jsonError(400, { code: "invalid_signature", message: "The webhook signature does not verify." });
  }
  if (event.type === "other" || !event.ref) return received({ ignored: true });

  if (event.type === "refunded") {
    const outcome = await recordRefundedElsewhere(db, {
      provider: "stripe",
      providerName: "Stripe",
      eventId: event.id,
      paymentRef: event.ref,
      amountCents: event.amountCents ?? 0,
      currency: event.currency ?? "usd",
      now: Date.now(),
      shopEmail: config.shopEmail,
    });
    if (outcome.kind === "refunded")
      logger.info({ payment: event.ref }, "An order was refunded in Stripe's dashboard; it is marked refunded");
    return received({ outcome: outcome.kind });
  }
  const order = await findOrderByPaymentRef(db, event.ref);
  if (!order) {
    logger.warn({ event: event.id, payment: event.ref }, "Stripe event for a payment no order knows");
    return received({ ignored: true });
  }
  const now = Date.now();
  if (event.type === "failed") {
    await recordPaymentFailure(db, { provider: "stripe", eventId: event.id, orderId: order.id, now });
    logger.info({ order: order.number, reason: event.failureMessage }, "Card payment failed");
    return received();
  }
  const outcome = await recordPaymentSuccess(db, {
    provider: "stripe",
    eventId: event.id,
    orderId: order.id,
    paymentRef: event.ref,
    amountCents: event.amountCents ?? -1,
    currency: event.currency ?? "",
    now,
    shopEmail: config.shopEmail,
  });
  if (outcome.kind === "amount_mismatch") {
    logger.error(
      {
        order: order.number,
        event: event.id,
        amountCents: event.amountCents,
        currency: event.currency,
        expected: order.amount_cents,
      },
      "Refused a Stripe payment whose amount or currency differs from the order's; it will be refunded (npm run refunds)",
    );
  } else if (outcome.kind === "not_payable") {
    logger.error(
      { order: order.number, event: event.id },
      "Stripe took a payment for an order that is no longer payable; it will be refunded (npm run refunds)",
    );
  }
  return received({ outcome: outcome.kind });
}
