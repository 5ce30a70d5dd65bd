import type { OrderRow } from "../db/schema";
import type { PaymentBreakdown } from "./payments/provider";
import type { DiscountRefusal, DiscountTerms } from "../pricing/discount-rules";
import { type PricedLine, type Quote, quoteOrder } from "../pricing/quote";
import type { PricingSetup } from "../pricing/setup";
import type { ShipTo } from "../pricing/ship-to";

/** What a checkout asks of the price: the rate the shopper chose and the total she saw. */
export interface PriceChoice {
  shippingRateId?: number;
  expectedTotalCents?: number;
}

/** The setup a checkout is priced with and the address, read before its transaction. */
export interface OrderPricing {
  setup: PricingSetup;
  address: ShipTo;
}

/** A code refused at checkout (409), with the quote as it would be without it; or one that needs the order's email (400). */
export type DiscountRefused = (DiscountRefusal | { kind: "discount_needs_email" }) & { quote: Quote };

export type OrderPriceResult =
  | { kind: "priced"; quote: Quote }
  /** 409: the shopper saw another total (or rate): she must see this quote and confirm it. */
  | { kind: "total_changed"; quote: Quote }
  | { kind: "no_shipping_rate"; reason: "no_zone"; state: string; stateName: string }
  | { kind: "no_shipping_rate"; reason: "no_fitting_rate" }
  | { kind: "too_large" }
  | { kind: "total_below_minimum"; totalCents: number };

/**
 * An order's price in checkout: the quote of its lines, which must be what
 * the shopper saw. The chosen rate must still be the quote's, and the total
 * the one she was shown; she may send none only while the total is the
 * items' alone (SPEC's checkout, with nothing set up and no discount).
 */
export function priceOrder(
  pricing: OrderPricing,
  lines: readonly PricedLine[],
  choice: PriceChoice,
  discount?: DiscountTerms,
): OrderPriceResult {
  const result = quoteOrder({
    lines,
    discount,
    shipping: pricing.setup.shipping,
    tax: pricing.setup.tax,
    address: pricing.address,
    shippingRateId: choice.shippingRateId,
  });
  if (result.kind !== "quote") return result;
  const rateMoved = choice.shippingRateId !== undefined && result.shippingRateId !== choice.shippingRateId;
  const expected = choice.expectedTotalCents ?? result.subtotalCents;
  if (rateMoved || result.totalCents !== expected) return { kind: "total_changed", quote: result };
  return { kind: "priced", quote: result };
}

/** A refused code's answer: the order priced without it, or what refuses that price too. */
export function withoutCode(
  pricing: OrderPricing,
  lines: readonly PricedLine[],
  choice: PriceChoice,
  refusal: DiscountRefused extends infer R ? Omit<R, "quote"> : never,
): DiscountRefused | Exclude<OrderPriceResult, { kind: "priced" | "total_changed" }> {
  const result = priceOrder(pricing, lines, choice);
  return result.kind === "priced" || result.kind === "total_changed"
    ? ({ ...refusal, quote: result.quote } as DiscountRefused)
    : result;
}

/** The order's columns for its price: the breakdown, kept as sold and never computed again. */
export function breakdownColumns(quote: Quote) {
  return {
    amount_cents: quote.totalCents,
    subtotal_cents: quote.subtotalCents,
    discount_cents: quote.discountCents,
    discount_code: quote.discount?.code ?? null,
    discount_kind: quote.discount?.kind ?? null,
    shipping_cents: quote.shippingCents,
    tax_cents: quote.taxCents,
    shipping_rate_id: quote.shippingRate?.id ?? null,
    shipping_rate_name: quote.shippingRate?.name ?? null,
    shipping_weight: quote.shippingRate ? (quote.weight ?? null) : null,
    tax_state: quote.taxRate?.state ?? null,
    tax_zip: quote.taxRate?.zip ?? null,
    tax_rate_millionths: quote.taxRate?.rateMillionths ?? null,
    tax_shipping: quote.taxRate ? Number(quote.taxRate.taxesShipping) : null,
  } satisfies Partial<OrderRow>;
}

/** The breakdown as the order JSON shows it (DESIGN.md). */
export const orderBreakdown = (
  order: Pick<OrderRow, "subtotal_cents" | "discount_cents" | "shipping_cents" | "tax_cents">,
) => ({
  subtotalCents: order.subtotal_cents,
  discountCents: order.discount_cents,
  shippingCents: order.shipping_cents,
  taxCents: order.tax_cents,
});

/** The breakdown as the payment provider keeps it: the order JSON's, and the code that made the discount. */
export const paymentBreakdown = (
  order: Pick<OrderRow, "subtotal_cents" | "discount_cents" | "discount_code" | "shipping_cents" | "tax_cents">,
): PaymentBreakdown => ({ ...orderBreakdown(order), discountCode: order.discount_code });
