import { type CartItem, checkoutLine } from "~/cart/reducer";
import { type ApiError, requestJson, unreachable } from "./request-json";

/** A shipping method the shopper can choose: the rates that fit her address and cart. */
export interface ShippingMethod {
  id: number;
  name: string;
  priceCents: number;
  estimate: string | null;
}

/** POST /api/checkout/quote's answer: what the order would cost now (DESIGN.md §Shipping, tax and discount codes). */
export interface Quote {
  subtotalCents: number;
  discountCents: number;
  /** The code applied, in capitals; null without one. */
  discountCode: string | null;
  rates: ShippingMethod[];
  shippingRateId: number | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** How much more the items need for a free rate of the shopper's zone, if it has one. */
  freeShippingInCents: number | null;
  /** Shipping or tax is set up: the price depends on the address, and State is chosen from the list. */
  addressNeeded: boolean;
}

export type QuoteResult =
  | { kind: "quote"; quote: Quote }
  /** 422, or 429 after too many unknown codes: the code is refused; `quote` is the price without it. */
  | { kind: "code_refused"; error: ApiError; quote: Quote }
  | { kind: "refused"; error: ApiError };

/** Where the cart goes so far, and the method chosen, if any. */
export interface QuoteInput {
  items: CartItem[];
  state?: string;
  zip?: string;
  shippingRateId?: number | null;
  /** The receipt's email once it is one: a one-per-customer code is checked against it. */
  email?: string;
  discountCode?: string;
}

/**
 * Asks the shop what the cart costs shipped there; it reserves nothing, so
 * the panel asks on every change. A chosen method the shop no longer has
 * gives way to the cheapest that fits, in the shop's answer.
 */
export async function requestQuote({
  items,
  state,
  zip,
  shippingRateId,
  email,
  discountCode,
}: QuoteInput): Promise<QuoteResult> {
  const answer = await requestJson("/api/checkout/quote", {
    lines: items.map(checkoutLine),
    shipping: { state: state || undefined, zip: zip || undefined, email: email || undefined },
    shippingRateId: shippingRateId ?? undefined,
    discountCode: discountCode || undefined,
  });
  if (answer?.status === 200) return { kind: "quote", quote: answer.data as unknown as Quote };
  if (answer?.status === 422 && answer.data.quote)
    return { kind: "code_refused", error: answer.data.error as ApiError, quote: answer.data.quote as Quote };
  // Too many unknown codes from this connection: any code waits, and the price is the one without it.
  if (answer?.status === 429 && discountCode) {
    const without = await requestQuote({ items, state, zip, email, shippingRateId });
    return without.kind === "quote"
      ? { ...without, kind: "code_refused", error: answer.data.error as ApiError }
      : without;
  }
  return { kind: "refused", error: (answer?.data.error as ApiError | undefined) ?? unreachable };
}
