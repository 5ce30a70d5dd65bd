import { checkoutTexts } from "~/lib/checkout-texts";
import { formatPrice, MAX_ORDER_CENTS } from "~/lib/money";
import { pricingTexts } from "~/lib/pricing-texts";
import type { z } from "~/lib/zod";
import {
  type Body,
  errorAnswer,
  invalidRequest,
  type JsonAnswer,
  type JsonRequest,
  readJsonBody,
  tooManyAttempts,
} from "~/.server/json-api";
import type { StockAdjustment } from "~/.server/orders/checkout";
import type { DiscountRefused, OrderPriceResult } from "~/.server/orders/order-pricing";
import { MIN_CHARGE_CENTS, type Quote } from "~/.server/pricing/quote";

/** A quote as the shopper's panel reads it (DESIGN.md §Shipping, tax and discount codes). */
export const quoteBody = (quote: Quote) => ({
  subtotalCents: quote.subtotalCents,
  discountCents: quote.discountCents,
  // Beyond DESIGN.md's fields: the code applied, in capitals, so the panel can name it on the Discount line.
  discountCode: quote.discount?.code ?? null,
  rates: quote.rates,
  shippingRateId: quote.shippingRateId,
  shippingCents: quote.shippingCents,
  taxCents: quote.taxCents,
  totalCents: quote.totalCents,
  // Beyond DESIGN.md's fields, for the panel: how much more the items need for a free rate, and whether the
  // price depends on the address (anything set up), so the State field becomes the list of states.
  freeShippingInCents: quote.freeShippingInCents ?? null,
  addressNeeded: quote.addressNeeded,
});

/** The refusals the quote and the checkout share, as HTTP answers. */
export type PricingRefusal =
  | Exclude<OrderPriceResult, { kind: "priced" | "too_large" }>
  | { kind: "invalid_address"; fields: Record<string, string> }
  | DiscountRefused;

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** What the panel shows beside the Discount code field (issue #33). */
function discountMessage(refusal: DiscountRefused): string {
  switch (refusal.kind) {
    case "discount_invalid":
      return "That code isn't valid.";
    case "discount_expired":
      return "That code has expired.";
    case "discount_not_started":
      return `That code starts on ${dayFormat.format(new Date(`${refusal.startsOn}T00:00:00Z`))}.`;
    case "discount_minimum":
      return `Add $${formatPrice(refusal.shortCents)} more to use this code.`;
    case "discount_used_up":
      return "That code has been used up.";
    case "discount_once_per_customer":
      return "You've already used this code.";
    case "discount_needs_email":
      return "Enter your email to use this code: it can be used once per customer.";
  }
}

/**
 * The quote's and the checkout's answers to every refusal they share. A
 * refused code is `discountStatus` (422 from the quote, 409 from checkout),
 * with the quote as it would be without it.
 */
export function pricingRefusalAnswer(refusal: PricingRefusal, discountStatus: 409 | 422 = 409): JsonAnswer {
  switch (refusal.kind) {
    case "discount_needs_email": {
      const message = discountMessage(refusal);
      return errorAnswer(
        400,
        { code: "invalid_request", message, fields: { "shipping.email": message } },
        { extra: { quote: quoteBody(refusal.quote) } },
      );
    }
    case "discount_invalid":
    case "discount_expired":
    case "discount_not_started":
    case "discount_minimum":
    case "discount_used_up":
    case "discount_once_per_customer":
      return errorAnswer(
        discountStatus,
        { code: refusal.kind, message: discountMessage(refusal) },
        { extra: { quote: quoteBody(refusal.quote) } },
      );
    case "invalid_address":
      return errorAnswer(400, {
        code: "invalid_request",
        message: Object.values(refusal.fields)[0]!,
        fields: refusal.fields,
      });
    case "no_shipping_rate":
      return errorAnswer(409, {
        code: "no_shipping_rate",
        message:
          refusal.reason === "no_zone"
            ? `We don't ship to ${refusal.stateName} yet.`
            : "None of our shipping methods fits this order. Please change your cart, or write to us.",
      });
    case "total_below_minimum":
      return errorAnswer(409, {
        code: "total_below_minimum",
        message: `An order must be free or at least $${formatPrice(MIN_CHARGE_CENTS)}`,
      });
    case "total_changed":
      return errorAnswer(
        409,
        {
          code: "total_changed",
          message: pricingTexts.totalChanged(refusal.quote.totalCents),
        },
        { extra: { quote: quoteBody(refusal.quote) } },
      );
  }
}

/** 429: the address typed too many unknown codes; any code from it waits (issue #33). */
export const tooManyCodes = (retryAfterSeconds: number) =>
  tooManyAttempts("Too many discount codes tried. Please wait a few minutes and try again.", retryAfterSeconds);

/** 409: lines the stock cannot fill (an unknown or hidden product has none), each with what it can. */
export const insufficientStock = (adjustments: StockAdjustment[]) =>
  errorAnswer(409, { code: "insufficient_stock", message: checkoutTexts.notEnoughStock }, { extra: { adjustments } });

/** 400: lines of products with options that name no variant (DESIGN.md, "Sizes and scents"). */
export const variantRequired = (ids: number[]) =>
  errorAnswer(400, {
    code: "variant_required",
    message: "Choose a size or scent: these products come in more than one, so each line must name its variant.",
    fields: Object.fromEntries(ids.map((id) => [`lines.${id}.variant`, "required for a product with options"])),
  });

export const orderTooLarge = () =>
  errorAnswer(400, {
    code: "order_too_large",
    message: `An order can total at most $${formatPrice(MAX_ORDER_CENTS)}. Please split it into smaller orders.`,
  });

/** A cart's body for the checkout or its quote: JSON, not an empty cart (a message of its own), and valid. */
export async function readCartRequest<Schema extends z.ZodType>(
  request: JsonRequest,
  schema: Schema,
): Promise<Body<z.output<Schema>>> {
  const body = await readJsonBody(request);
  if (!body.ok) return body;
  const lines = (body.value as { lines?: unknown } | null)?.lines;
  if (Array.isArray(lines) && lines.length === 0)
    return { ok: false, answer: errorAnswer(400, { code: "empty_cart", message: checkoutTexts.emptyCart }) };
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return { ok: false, answer: invalidRequest(parsed.error) };
  return { ok: true, value: parsed.data };
}
