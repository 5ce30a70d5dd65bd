import { MAX_ORDER_CENTS } from "~/lib/money";
import { normalizeZip } from "~/lib/us-states";
import type { HundredthsOfOunce } from "~/lib/weight";
import { type DiscountTerms, discountOff, spreadDiscount, takesEveryItem } from "./discount-rules";
import { type AppliedTaxRate, salesTax, type TaxTable, taxRateFor } from "./sales-tax";
import { type ShippingRate, type ShippingSetup, shippingOptions } from "./shipping-rates";

/** A cart line at the price the server read (cents), with its product's weight per unit (null when not weighed). */
export interface PricedLine {
  priceCents: number;
  quantity: number;
  unitWeight: HundredthsOfOunce | null;
}

export interface QuoteRequest {
  /** In product id order: a discount's odd cents go to the earlier lines. */
  lines: readonly PricedLine[];
  /**
   * A code the caller has checked (discount-rules.ts): it lowers the
   * subtotal the rates see and the items' tax, spread over the lines, or
   * makes shipping free.
   */
  discount: DiscountTerms | undefined;
  shipping: ShippingSetup;
  tax: TaxTable;
  /** A two-letter state code and a ZIP code as typed (ZIP+4 allowed); either may be missing. */
  address: { state: string | undefined; zip: string | undefined };
  /** The shopper's choice; without it, or when it is gone or no longer fits, the cheapest fitting rate. */
  shippingRateId: number | undefined;
}

/** A rate as the shopper sees it in the Shipping method group. */
export type QuotedRate = Pick<ShippingRate, "id" | "name" | "priceCents" | "estimate">;

export interface Quote {
  kind: "quote";
  subtotalCents: number;
  discountCents: number;
  /** The code applied, kept on the order with the cents it took. */
  discount: DiscountTerms | undefined;
  /** The rates that fit, cheapest first; empty when no zone is set up. */
  rates: QuotedRate[];
  shippingRateId: number | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  freeShippingInCents: number | undefined;
  /** Anything set up (a zone or a tax state): the price then depends on the address, whose state is one of the list. */
  addressNeeded: boolean;
  /** What the order keeps: the rate's name and the weight at sale, and the tax rate with its state and ZIP. */
  shippingRate: QuotedRate | null;
  weight: HundredthsOfOunce | undefined;
  taxRate: AppliedTaxRate | undefined;
  itemsTaxCents: number;
  shippingTaxCents: number;
}

export type QuoteResult =
  | Quote
  /** 409: "We don't ship to {stateName} yet." */
  | { kind: "no_shipping_rate"; reason: "no_zone"; state: string; stateName: string }
  /** 409: the shopper's zone has no rate that fits this cart. */
  | { kind: "no_shipping_rate"; reason: "no_fitting_rate" }
  | { kind: "too_large" }
  /** "An order must be free or at least $0.50": card providers take no less. */
  | { kind: "total_below_minimum"; totalCents: number };

/** The smallest total a card can be charged; a total of 0 needs no payment. */
export const MIN_CHARGE_CENTS = 50;

const toQuotedRate = ({ id, name, priceCents, estimate }: ShippingRate, freeShipping: boolean): QuotedRate => ({
  id,
  name,
  priceCents: freeShipping ? 0 : priceCents,
  estimate,
});

function cartWeight(lines: readonly PricedLine[]): HundredthsOfOunce | undefined {
  let weight = 0;
  for (const line of lines) {
    if (line.unitWeight === null) return undefined;
    weight += line.unitWeight * line.quantity;
  }
  return weight;
}

/**
 * What an order costs, decided from the rows the server read: the items,
 * the shipping rate that fits (the chosen one, else the cheapest), and the
 * tax of the ship-to state. With no zone and no tax state set up, it is the
 * items' total alone (SPEC's default). Always
 * total = subtotal − discount + shipping + tax.
 */
export function quoteOrder(request: QuoteRequest): QuoteResult {
  const { lines, discount, address } = request;
  const lineTotals = lines.map((line) => line.priceCents * line.quantity);
  const subtotalCents = lineTotals.reduce((sum, cents) => sum + cents, 0);
  const discountCents = discountOff(discount, subtotalCents);
  const freeShipping = discount?.kind === "free_shipping";
  const weight = cartWeight(lines);
  const options = shippingOptions(request.shipping, address.state, {
    subtotalCents: subtotalCents - discountCents,
    weight,
  });
  if (options.kind === "no_zone")
    return { kind: "no_shipping_rate", reason: "no_zone", state: options.state, stateName: options.stateName };
  if (options.kind === "no_fitting_rate") return { kind: "no_shipping_rate", reason: "no_fitting_rate" };
  const rates = options.kind === "rates" ? options.rates : [];
  // A chosen rate the owner deleted, or one of another zone, gives way to the cheapest that fits, as one
  // that no longer fits the cart does: checkout then answers total_changed with this quote.
  const rate = rates.find((candidate) => candidate.id === request.shippingRateId) ?? rates[0];
  const shippingCents = freeShipping ? 0 : (rate?.priceCents ?? 0);
  const taxRate = taxRateFor(
    request.tax,
    address.state,
    address.zip === undefined ? undefined : normalizeZip(address.zip),
  );
  const shares = spreadDiscount(lineTotals, discountCents);
  const tax = salesTax(
    taxRate,
    lineTotals.map((cents, index) => cents - shares[index]!),
    shippingCents,
  );
  const totalCents = subtotalCents - discountCents + shippingCents + tax.taxCents;
  // The one "too large" rule, for the quote and checkout (priceOrder) alike: it bounds what is charged.
  if (totalCents > MAX_ORDER_CENTS) return { kind: "too_large" };
  if (totalCents > 0 && totalCents < MIN_CHARGE_CENTS) return { kind: "total_below_minimum", totalCents };
  return {
    kind: "quote",
    subtotalCents,
    discountCents,
    discount,
    rates: rates.map((fitting) => toQuotedRate(fitting, freeShipping)),
    shippingRateId: rate?.id ?? null,
    shippingCents,
    taxCents: tax.taxCents,
    totalCents,
    freeShippingInCents:
      options.kind === "rates" && !freeShipping && !takesEveryItem(discount) ? options.freeShippingInCents : undefined,
    addressNeeded: options.kind !== "not_set_up" || request.tax.states.size > 0,
    shippingRate: rate ? toQuotedRate(rate, freeShipping) : null,
    weight,
    taxRate,
    itemsTaxCents: tax.itemsTaxCents,
    shippingTaxCents: tax.shippingTaxCents,
  };
}
