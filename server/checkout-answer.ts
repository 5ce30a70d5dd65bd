import { checkoutRequestSchema } from "~/lib/checkout-schema";
import { getShopper } from "~/.server/accounts/auth";
import { isSignedInOwner } from "~/.server/admin/owners";
import {
  errorAnswer,
  type JsonAnswer,
  jsonAnswer,
  type JsonRequest,
  orderExpired,
  tooManyAttempts,
} from "~/.server/json-api";
import type { ShopContext } from "~/.server/load-context";
import { placeOrder } from "~/.server/orders/checkout";
import { PaymentUnavailable } from "~/.server/orders/checkout-payment";
import { orderBreakdown } from "~/.server/orders/order-pricing";
import { countingUnknownCodes } from "~/.server/pricing/discount-guesses";
import {
  insufficientStock,
  variantRequired,
  readCartRequest,
  orderTooLarge,
  pricingRefusalAnswer,
  tooManyCodes,
} from "./pricing-answers";

/**
 * POST /api/checkout's answer: DESIGN.md §Checkout steps 1–2; prices, totals
 * and stock come from the database only. Express serves it in front of React
 * Router (checkout-route.ts); the route module answers other methods. The
 * domain (placeOrder) says what happened, as a kind; the status codes,
 * Retry-After and the shopper's texts are HTTP's, so they are here, in
 * server/ (docs/decisions/003-layout.md).
 */
export async function answerCheckout(request: JsonRequest, context: ShopContext): Promise<JsonAnswer> {
  const parsed = await readCartRequest(request, checkoutRequestSchema);
  if (!parsed.ok) return parsed.answer;

  // A signed-in shopper's order is theirs, and their receipt goes to their email; a guest is billed as "Guest".
  const shopper = await getShopper(context.auth, request.headers);
  const now = Date.now();
  const guesser = { address: context.clientIp, rule: context.config.discountGuessLimit, now };
  let result;
  try {
    result = await countingUnknownCodes(context.db, guesser, () =>
      placeOrder(context.db, context.payments, parsed.value, {
        customer: shopper ? { userId: shopper.id, displayName: shopper.displayName, email: shopper.email } : {},
        now,
        shopEmail: context.config.shopEmail,
        reservationMs: context.config.reservationMs,
        timeZone: context.config.timeZone,
        guesser,
        // Each checkout may reserve stock: bots must not hold it all. The owner trying her own checkout is no bot.
        holder: {
          address: context.clientIp,
          maxUnits: context.config.unitsHeldPerIp,
          checkouts: isSignedInOwner(shopper) ? undefined : context.config.checkoutLimit,
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof PaymentUnavailable)) throw error;
    context.logger.error({ error: error.message }, "The payment provider did not answer; the order waits for a retry");
    return errorAnswer(502, {
      code: "payment_unavailable",
      message: "We could not reach the payment service. Please press Pay again in a moment.",
    });
  }
  if (result.kind === "rate_limited") {
    return tooManyAttempts(
      `Too many checkouts from this connection. Please try again in ${inMinutes(result.retryAfterSeconds)}.`,
      result.retryAfterSeconds,
    );
  }
  if (result.kind === "too_many_codes") return tooManyCodes(result.retryAfterSeconds);
  if (result.kind === "expired") {
    return orderExpired();
  }
  if (result.kind === "too_large") return orderTooLarge();
  if (result.kind === "key_reused") {
    return errorAnswer(422, {
      code: "idempotency_key_reused",
      message:
        "This idempotency key was used for a checkout of other items or, once paid, another address. Send a new key for a new checkout.",
    });
  }
  if (result.kind === "holding_limit") {
    if (result.held === 0) {
      return errorAnswer(400, {
        code: "holding_limit",
        message: `One order may reserve at most ${result.limit} items. For a larger order, please write to ${context.config.shopEmail}.`,
      });
    }
    const seconds = Math.max(1, Math.ceil((result.until - Date.now()) / 1000));
    return errorAnswer(
      429,
      {
        code: "holding_limit",
        message: `Unpaid orders from one connection may reserve at most ${result.limit} items at a time, and yours hold ${result.held}. Pay for them, or try again in ${inMinutes(seconds)}, when they are released.`,
      },
      { headers: { "Retry-After": String(seconds) } },
    );
  }
  if (result.kind === "shortfall") return insufficientStock(result.adjustments);
  if (result.kind === "variant_required") return variantRequired(result.ids);
  if (result.kind !== "placed") return pricingRefusalAnswer(result);
  const { order, payment, replayed } = result;
  return jsonAnswer(replayed ? 200 : 201, {
    order: {
      number: order.number,
      amountCents: order.amount_cents,
      ...orderBreakdown(order),
      status: order.status,
      accessToken: context.orderAccess.tokenFor(order.number),
    },
    // None for a total of $0, paid with its discount: the panel has no card to confirm.
    payment: payment?.clientData ?? null,
  });
}

/** A wait as the shopper reads it, rounded up to whole minutes: "1 minute", "14 minutes". */
function inMinutes(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}
