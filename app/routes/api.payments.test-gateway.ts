import {
  invalidRequest,
  jsonError,
  methodNotAllowed,
  noStore,
  orderExpired,
  orderNotFound,
  readJsonBody,
  tooManyAttempts,
  toResponse,
} from "~/.server/json-api";
import { ORDER_TOKEN_HEADER } from "~/.server/orders/access";
import { payWithTestCard } from "~/.server/orders/test-card-payment";
import { consumeRateLimit } from "~/.server/rate-limits";
import { testPaymentRequestSchema } from "~/lib/test-card-schema";
import type { Route } from "./+types/api.payments.test-gateway";

const tooManyPayments = (retryAfterSeconds: number) =>
  toResponse(tooManyAttempts("Too many payment attempts. Please wait a few minutes and try again.", retryAfterSeconds));

export const loader = methodNotAllowed;

/** POST /api/payments/test-gateway: the test card for an order, when the shop runs without Stripe. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, payments, clientIp, orderAccess } = context;
  if (payments.current.name !== "test") {
    return jsonError(404, { code: "not_found", message: "This shop takes payments through Stripe." });
  }
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJsonBody(request, 4096);
  if (!body.ok) return toResponse(body.answer);
  const parsed = testPaymentRequestSchema.safeParse(body.value);
  if (!parsed.success) return toResponse(invalidRequest(parsed.error));
  const now = Date.now();
  const perIp = await consumeRateLimit(db, `payment:ip:${clientIp}`, config.paymentLimits.perIp, now);
  if (perIp.kind === "limited") return tooManyPayments(perIp.retryAfterSeconds);

  const result = await payWithTestCard(
    db,
    parsed.data.orderNumber,
    parsed.data.cardNumber,
    request.headers.get(ORDER_TOKEN_HEADER),
    {
      now,
      shopEmail: config.shopEmail,
      orderAccess,
      attemptsPerOrder: config.paymentLimits.perOrder,
    },
  );
  switch (result.kind) {
    case "paid":
      return Response.json({ order: result.order }, { headers: noStore });
    case "declined":
      return jsonError(402, { code: "card_declined", message: result.message });
    case "not_found":
      return orderNotFound();
    case "expired":
      return toResponse(orderExpired());
    case "too_many_attempts":
      return tooManyPayments(result.retryAfterSeconds);
  }
}
