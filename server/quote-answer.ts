import { quoteRequestSchema } from "~/lib/checkout-schema";
import { getShopper } from "~/.server/accounts/auth";
import { type JsonAnswer, jsonAnswer, type JsonRequest } from "~/.server/json-api";
import type { ShopContext } from "~/.server/load-context";
import { quoteCart } from "~/.server/pricing/cart-quote";
import { countingUnknownCodes } from "~/.server/pricing/discount-guesses";
import {
  insufficientStock,
  variantRequired,
  readCartRequest,
  orderTooLarge,
  pricingRefusalAnswer,
  quoteBody,
  tooManyCodes,
} from "./pricing-answers";

/**
 * POST /api/checkout/quote's answer: the cart's subtotal, the shipping
 * methods that fit, the tax and the total, as checkout would charge them
 * now. Served by Express beside the checkout (checkout-route.ts), sharing
 * its refusals (pricing-answers.ts); the panel asks it on each change of
 * the address or the method.
 */
export async function answerQuote(request: JsonRequest, context: ShopContext): Promise<JsonAnswer> {
  const parsed = await readCartRequest(request, quoteRequestSchema);
  if (!parsed.ok) return parsed.answer;
  const { discountCode, shipping } = parsed.value;
  // A one-per-customer code is checked against the email the order would have: the one typed, else the account's.
  const email =
    discountCode === undefined
      ? undefined
      : (shipping?.email ?? (await getShopper(context.auth, request.headers))?.email);
  const now = Date.now();
  const guesser = { address: context.clientIp, rule: context.config.discountGuessLimit, now };
  const result = await countingUnknownCodes(context.db, guesser, () =>
    quoteCart(context.db, parsed.value, { now, timeZone: context.config.timeZone, email, guesser }),
  );
  switch (result.kind) {
    case "quote":
      return jsonAnswer(200, quoteBody(result));
    case "shortfall":
      return insufficientStock(result.adjustments);
    case "variant_required":
      return variantRequired(result.ids);
    case "too_large":
      return orderTooLarge();
    case "too_many_codes":
      return tooManyCodes(result.retryAfterSeconds);
    default:
      return pricingRefusalAnswer(result, 422);
  }
}
