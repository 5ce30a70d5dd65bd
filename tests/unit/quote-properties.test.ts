import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DiscountTerms, discountOff, spreadDiscount } from "~/.server/pricing/discount-rules";
import { type PricedLine, quoteOrder } from "~/.server/pricing/quote";
import { type TaxState, taxTable, type ZipTaxRate } from "~/.server/pricing/sales-tax";
import { MAX_TAX_RATE_MILLIONTHS } from "~/lib/tax-rate";
import { shippingRatesArbitrary } from "../helpers/shipping-rates-arbitrary";

// Few states and ZIP codes, so that addresses keep hitting tax states and ZIP rates.
const states = ["OR", "TX", "WA", "AK"];
const zips = ["00501", "78701", "98101", "99501"];

const line: fc.Arbitrary<PricedLine> = fc.record({
  priceCents: fc.integer({ min: 1, max: 200_000 }),
  quantity: fc.integer({ min: 1, max: 50 }),
  unitWeight: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null, freq: 10 }),
});
const discount: fc.Arbitrary<DiscountTerms | undefined> = fc.option(
  fc.oneof(
    fc.record({
      code: fc.constant("PCT"),
      kind: fc.constant("percent" as const),
      value: fc.integer({ min: 1, max: 100 }),
    }),
    fc.record({
      code: fc.constant("OFF"),
      kind: fc.constant("amount" as const),
      value: fc.integer({ min: 1, max: 500_000 }),
    }),
    fc.constant({ code: "SHIP", kind: "free_shipping" as const, value: 0 }),
  ),
  { nil: undefined },
);
const rateMillionths = fc.oneof(
  fc.integer({ min: 0, max: MAX_TAX_RATE_MILLIONTHS }),
  // Rates that put line taxes on exact half cents.
  fc.constantFrom(0, 50_000, 62_500, 72_500, 125_000, MAX_TAX_RATE_MILLIONTHS),
);
const taxStates = fc.uniqueArray(
  fc.record({ state: fc.constantFrom(...states), rateMillionths, taxesShipping: fc.boolean() }),
  { selector: (taxState: TaxState) => taxState.state },
);
const zipRates = fc.uniqueArray(
  fc.record({ state: fc.constantFrom(...states), zip: fc.constantFrom(...zips), rateMillionths }),
  { selector: (rate: ZipTaxRate) => `${rate.state} ${rate.zip}` },
);
const rates = shippingRatesArbitrary(
  fc.integer({ min: 0, max: 40 }).map((steps) => steps * 2500),
  fc.integer({ min: 0, max: 3000 }),
);
const zones = fc.constantFrom(
  [],
  [{ id: 1, name: "Mainland", states: ["OR", "TX", "WA"] }],
  [
    { id: 1, name: "Mainland", states: ["OR", "TX", "WA"] },
    { id: 2, name: "Alaska", states: ["AK"] },
  ],
);

const halfUp = (cents: number, rate: number) => Math.floor((cents * rate + 500_000) / 1_000_000);

describe("quoteOrder, for any cart, shipping and tax setup", () => {
  it("totals subtotal − discount + shipping + tax, each line's tax rounded half up on its own", () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        zones,
        rates,
        taxStates,
        zipRates,
        fc.option(fc.constantFrom(...states), { nil: undefined }),
        fc.option(fc.oneof(fc.constantFrom(...zips), fc.constantFrom("78701-0001", "123")), { nil: undefined }),
        discount,
        (lines, zones, rates, taxStates, zipRates, state, zip, discount) => {
          const result = quoteOrder({
            lines,
            discount,
            shipping: { zones, rates },
            tax: taxTable(taxStates, zipRates),
            address: { state, zip },
            shippingRateId: undefined,
          });
          if (result.kind === "no_shipping_rate" || result.kind === "too_large") return;
          if (result.kind === "total_below_minimum") {
            expect(result.totalCents).toBeGreaterThan(0);
            expect(result.totalCents).toBeLessThan(50);
            return;
          }
          expect(result.kind).toBe("quote");
          if (result.kind !== "quote") return;
          const lineTotals = lines.map((line) => line.priceCents * line.quantity);
          const subtotal = lineTotals.reduce((sum, cents) => sum + cents, 0);
          const taxState = taxStates.find((taxState) => taxState.state === state);
          const zip5 = zip?.slice(0, 5);
          const zipRate = zipRates.find((rate) => rate.state === state && rate.zip === zip5);
          const rate = zipRate?.rateMillionths ?? taxState?.rateMillionths ?? 0;
          const discountCents = discountOff(discount, subtotal);
          const shares = spreadDiscount(lineTotals, discountCents);
          const taxed = taxState ? lineTotals.map((cents, index) => halfUp(cents - shares[index]!, rate)) : [];
          expect(result.discountCents).toBe(discountCents);
          expect(discountCents).toBeLessThanOrEqual(subtotal);
          const shippingTax = taxState?.taxesShipping ? halfUp(result.shippingCents, rate) : 0;
          expect(result.subtotalCents).toBe(subtotal);
          expect(result.taxCents).toBe(taxed.reduce((sum, cents) => sum + cents, 0) + shippingTax);
          expect(result.totalCents).toBe(subtotal - result.discountCents + result.shippingCents + result.taxCents);
          expect(result.shippingCents).toBe(result.rates[0]?.priceCents ?? 0);
          if (discount?.kind === "free_shipping") expect(result.shippingCents).toBe(0);
          if (zones.length === 0 && taxStates.length === 0) expect(result.totalCents).toBe(subtotal - discountCents);
        },
      ),
      { numRuns: 500 },
    );
  });
});
