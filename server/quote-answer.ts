import { checkoutTexts } from "~/lib/checkout-texts";
import { quoteRequestSchema } from "~/lib/checkout-schema";
import {
  errorAnswer,
  invalidRequest,
  type JsonAnswer,
  jsonAnswer,
  type JsonRequest,
  readJsonBody,
} from "~/.server/json-api";
import type { ShopContext } from "~/.server/load-context";
import { quoteCart } from "~/.server/pricing/cart-quote";
import { insufficientStock, orderTooLarge, pricingRefusalAnswer, quoteBody } from "./pricing-answers";

/**
 * POST /api/checkout/quote's answer: the cart's subtotal, the shipping
 * methods that fit, the tax and the total, as checkout would charge them
 * now. Served by Express beside the checkout (checkout-route.ts), sharing
 * its refusals (pricing-answers.ts); the panel asks it on each change of
 * the address or the method.
 */
export async function answerQuote(request: JsonRequest, context: ShopContext): Promise<JsonAnswer> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.answer;
  const lines = (body.value as { lines?: unknown } | null)?.lines;
  if (Array.isArray(lines) && lines.length === 0) {
    return errorAnswer(400, { code: "empty_cart", message: checkoutTexts.emptyCart });
  }
  const parsed = quoteRequestSchema.safeParse(body.value);
  if (!parsed.success) return invalidRequest(parsed.error);
  const result = await quoteCart(context.db, parsed.data);
  switch (result.kind) {
    case "quote":
      return jsonAnswer(200, quoteBody(result));
    case "shortfall":
      return insufficientStock(result.adjustments);
    case "too_large":
      return orderTooLarge();
    default:
      return pricingRefusalAnswer(result);
  }
}
