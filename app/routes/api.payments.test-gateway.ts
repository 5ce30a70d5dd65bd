import { invalidRequest, jsonError, methodNotAllowed, noStore, orderExpired, orderNotFound, readJsonBody, tooManyAttempts } from "~/.server/json-api";
import { recordPaymentSuccess } from "~/.server/orders/payment";
import { findOrderByNumber, paidOrderSummary } from "~/.server/orders/queries";
import { chargeTestCard } from "~/.server/orders/payments/test-gateway";
import { consumeRateLimit } from "~/.server/rate-limits";
import { testPaymentRequestSchema } from "~/lib/test-card-schema";
import type { Route } from "./+types/api.payments.test-gateway";

const tooManyPayments = (retryAfterSeconds: number) =>
  tooManyAttempts("Too many payment attempts. Please wait a few minutes and try again.", retryAfterSeconds);

export const loader = methodNotAllowed;

/**
 * POST /api/payments/test-gateway: confirms a card for a pending order
 * (DESIGN.md §Checkout step 3) when the shop runs without Stripe. The card is
 * checked and forgotten: never stored, never logged.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, payments, clientIp } = context;
  if (payments.name !== "test") {
    return jsonError(404, { code: "not_found", message: "This shop takes payments through Stripe." });
  }
  if (request.method !== "POST") {
    return methodNotAllowed();
  }
  const body = await readJsonBody(request, 4096);
  if (!body.ok) return body.response;
  const parsed = testPaymentRequestSchema.safeParse(body.value);
  if (!parsed.success) return invalidRequest(parsed.error);
  const now = Date.now();
  const perIp = await consumeRateLimit(db, `payment:ip:${clientIp}`, config.paymentLimits.perIp, now);
  if (!perIp.allowed) return tooManyPayments(perIp.retryAfterSeconds);

  const order = await findOrderByNumber(db, parsed.data.orderNumber);
  if (!order || order.payment_provider !== "test") {
    return orderNotFound();
  }
  const perOrder = await consumeRateLimit(db, `payment:order:${order.number}`, config.paymentLimits.perOrder, now);
  if (!perOrder.allowed) return tooManyPayments(perOrder.retryAfterSeconds);

  if (order.status === "expired" || order.status === "cancelled" || (order.status === "pending_payment" && order.expires_at <= now)) {
    return orderExpired();
  }
  if (order.status === "pending_payment") {
    const charge = chargeTestCard(parsed.data.cardNumber);
    if (!charge.approved) return jsonError(402, { code: "card_declined", message: charge.message });
    const outcome = await recordPaymentSuccess(db, {
      provider: "test",
      eventId: `charge:${order.number}`,
      orderId: order.id,
      amountCents: order.amount_cents,
      currency: order.currency,
      now,
      shopEmail: config.shopEmail,
    });
    if (outcome === "not_payable") return orderExpired();
  }
  return Response.json({ order: await paidOrderSummary(db, order) }, { headers: noStore });
}
