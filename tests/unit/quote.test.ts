import { describe, expect, it } from "vitest";
import { type PricedLine, type QuoteRequest, quoteOrder } from "~/.server/pricing/quote";
import { taxTable } from "~/.server/pricing/sales-tax";
import type { ShippingRate, ShippingSetup } from "~/.server/pricing/shipping-rates";
import { ZONE_PRESETS } from "~/lib/us-states";

const contiguous = { id: 1, name: "Contiguous US", states: ZONE_PRESETS[0]!.codes };
const islands = { id: 2, name: "Alaska and Hawaii", states: ["AK", "HI"] };
const rate = (id: number, zoneId: number, priceCents: number, condition: ShippingRate["condition"]) => ({
  id,
  zoneId,
  name: `Rate ${id}`,
  priceCents,
  estimate: "3–5 business days",
  condition,
});
const flat = rate(1, 1, 695, { kind: "always" });
const freeOver75 = rate(2, 1, 0, { kind: "subtotal", from: 7500, to: null });
const islandFlat = rate(3, 2, 1995, { kind: "always" });
const byWeight = rate(4, 2, 2995, { kind: "weight", from: 1600, to: null });
const shipping: ShippingSetup = { zones: [contiguous, islands], rates: [flat, freeOver75, islandFlat] };
const tax = taxTable(
  [{ state: "TX", rateMillionths: 62_500, taxesShipping: true }],
  [{ state: "TX", zip: "78701", rateMillionths: 82_500 }],
);
const nothing = { shipping: { zones: [], rates: [] }, tax: taxTable([], []) };

const candle = (priceCents: number, quantity = 1, unitWeight: number | null = 1200): PricedLine => ({
  priceCents,
  quantity,
  unitWeight,
});
const off = (cents: number) => ({ code: "OFF", kind: "amount" as const, value: cents });
const quote = (changes: Partial<QuoteRequest>) =>
  quoteOrder({
    lines: [candle(2000, 2)],
    discount: undefined,
    shipping,
    tax,
    address: { state: "TX", zip: "75001" },
    shippingRateId: undefined,
    ...changes,
  });

describe("quoteOrder with nothing set up", () => {
  it("is the items' total alone, as SPEC has it", () => {
    expect(quote({ ...nothing, lines: [candle(1999, 3), candle(2400)] })).toMatchObject({
      kind: "quote",
      subtotalCents: 8397,
      rates: [],
      shippingRateId: null,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 8397,
      freeShippingInCents: undefined,
      taxRate: undefined,
    });
    expect(quote({ ...nothing, address: { state: undefined, zip: undefined } })).toMatchObject({ totalCents: 4000 });
  });

  it("has no shipping method to keep, whatever rate id was sent", () => {
    expect(quote({ ...nothing, shippingRateId: 1 })).toMatchObject({ kind: "quote", shippingRateId: null });
  });
});

describe("quoteOrder", () => {
  it("adds the cheapest fitting rate and the tax of the state, shipping taxed", () => {
    expect(quote({})).toMatchObject({
      kind: "quote",
      subtotalCents: 4000,
      discountCents: 0,
      rates: [{ id: 1, name: "Rate 1", priceCents: 695, estimate: "3–5 business days" }],
      shippingRateId: 1,
      shippingCents: 695,
      itemsTaxCents: 250,
      shippingTaxCents: 43, // 43.4375
      taxCents: 293,
      totalCents: 4988,
      freeShippingInCents: 3500,
      shippingRate: { id: 1, name: "Rate 1", priceCents: 695 },
      weight: 2400,
      taxRate: { state: "TX", zip: null, rateMillionths: 62_500, taxesShipping: true },
    });
  });

  it("at $75.00 defaults to the free rate, and keeps the shopper's choice of another that fits", () => {
    const atFree = quote({ lines: [candle(7500)], address: { state: "OR", zip: "97201" } });
    expect(atFree).toMatchObject({ rates: [{ id: 2 }, { id: 1 }], shippingRateId: 2, totalCents: 7500 });
    expect(atFree).toMatchObject({ freeShippingInCents: undefined });
    const chosen = quote({ lines: [candle(7500)], address: { state: "OR", zip: "97201" }, shippingRateId: 1 });
    expect(chosen).toMatchObject({ shippingRateId: 1, shippingCents: 695, totalCents: 8195 });
  });

  it("falls back to the cheapest when the chosen rate of the zone no longer fits", () => {
    expect(quote({ shippingRateId: 2 })).toMatchObject({ kind: "quote", shippingRateId: 1, shippingCents: 695 });
  });

  it("gives a rate id that is gone or of another zone way to the cheapest that fits", () => {
    expect(quote({ shippingRateId: 3 })).toMatchObject({ kind: "quote", shippingRateId: 1, shippingCents: 695 });
    expect(quote({ shippingRateId: 99 })).toMatchObject({ kind: "quote", shippingRateId: 1, shippingCents: 695 });
    expect(quote({ address: { state: "HI", zip: undefined }, shippingRateId: 3 })).toMatchObject({
      shippingCents: 1995,
    });
  });

  it("tells Alaska the shop does not ship there when only the contiguous states have a zone", () => {
    const contiguousOnly = { zones: [contiguous], rates: [flat] };
    expect(quote({ shipping: contiguousOnly, address: { state: "AK", zip: "99501" }, shippingRateId: 1 })).toEqual({
      kind: "no_shipping_rate",
      reason: "no_zone",
      state: "AK",
      stateName: "Alaska",
    });
  });

  it("refuses a cart no rate of the zone fits, a weight rate included when a product has no weight", () => {
    const weightOnly = { zones: [contiguous, islands], rates: [byWeight] };
    const hawaii = { state: "HI", zip: undefined };
    expect(quote({ shipping: weightOnly, address: hawaii })).toMatchObject({ kind: "quote", shippingCents: 2995 });
    expect(quote({ shipping: weightOnly, address: hawaii, lines: [candle(2000, 2, null)] })).toEqual({
      kind: "no_shipping_rate",
      reason: "no_fitting_rate",
    });
    expect(quote({ shipping: weightOnly, address: hawaii, lines: [candle(2000, 1)] })).toMatchObject({
      reason: "no_fitting_rate",
    });
  });

  it("counts the first zone as the shopper's, untaxed, before she enters a state", () => {
    expect(quote({ address: { state: undefined, zip: undefined } })).toMatchObject({
      shippingRateId: 1,
      taxCents: 0,
      totalCents: 4695,
      taxRate: undefined,
    });
  });

  it("uses the ZIP's rate for a ZIP+4, and the state's for a ZIP it cannot read", () => {
    expect(quote({ address: { state: "TX", zip: "78701-1234" } })).toMatchObject({
      taxRate: { zip: "78701", rateMillionths: 82_500 },
      taxCents: 330 + 57, // 330 and 57.3375
    });
    expect(quote({ address: { state: "TX", zip: "7870" } })).toMatchObject({ taxRate: { zip: null } });
  });

  it("lets the rates see the subtotal after the discount", () => {
    const discounted = quote({ lines: [candle(8000)], discount: off(1000), address: { state: "OR", zip: undefined } });
    expect(discounted).toMatchObject({ subtotalCents: 8000, discountCents: 1000, shippingRateId: 1, totalCents: 7695 });
  });

  it("refuses a total of 1 to 49 cents, and takes 0 and 50", () => {
    const cheap = (priceCents: number, discountCents = 0) =>
      quote({ ...nothing, lines: [candle(priceCents)], discount: discountCents ? off(discountCents) : undefined });
    expect(cheap(49)).toEqual({ kind: "total_below_minimum", totalCents: 49 });
    expect(cheap(1)).toEqual({ kind: "total_below_minimum", totalCents: 1 });
    expect(cheap(50)).toMatchObject({ kind: "quote", totalCents: 50 });
    expect(cheap(300, 300)).toMatchObject({ kind: "quote", totalCents: 0 });
  });

  it("refuses a total past what one card payment can take", () => {
    expect(quote({ lines: [candle(99_999_999)] })).toEqual({ kind: "too_large" });
    expect(quote({ ...nothing, lines: [candle(99_999_999)] })).toMatchObject({ kind: "quote" });
  });
});

describe("quoteOrder with a code", () => {
  const percent = (value: number) => ({ code: "HOLIDAY15", kind: "percent" as const, value });
  const freeShipping = { code: "FREESHIP", kind: "free_shipping" as const, value: 0 };

  it("taxes each line on what was paid for it, the discount spread in proportion", () => {
    // 15 % of 3000 + 1000 = 600: 450 and 150 off, tax 6.25 % on 2550 and 850, and on the 695 shipping.
    expect(quote({ lines: [candle(3000), candle(1000)], discount: percent(15) })).toMatchObject({
      subtotalCents: 4000,
      discountCents: 600,
      shippingCents: 695,
      itemsTaxCents: 159 + 53, // 159.375 and 53.125
      shippingTaxCents: 43,
      totalCents: 3400 + 695 + 212 + 43,
    });
  });

  it("lets a free-over-$75 rate see the subtotal after a percent off", () => {
    const order = { lines: [candle(8000)], address: { state: "OR", zip: undefined } };
    expect(quote(order)).toMatchObject({ shippingRateId: 2, shippingCents: 0 });
    expect(quote({ ...order, discount: percent(10) })).toMatchObject({
      discountCents: 800,
      shippingRateId: 1,
      shippingCents: 695,
      totalCents: 7200 + 695,
    });
  });

  it("makes the chosen rate $0 with free shipping, and takes nothing off the items", () => {
    const islands = quote({ lines: [candle(2000)], address: { state: "AK", zip: undefined }, discount: freeShipping });
    expect(islands).toMatchObject({
      discountCents: 0,
      rates: [{ id: 3, priceCents: 0 }],
      shippingCents: 0,
      totalCents: 2000,
      freeShippingInCents: undefined,
    });
  });

  it("nudges toward free shipping on the subtotal after the discount, and not at all when no cart can reach it", () => {
    // Free from $75: $40.00 with 15 % off is $34.00, $41.00 short.
    expect(quote({ discount: percent(15) })).toMatchObject({ discountCents: 600, freeShippingInCents: 4100 });
    expect(quote({ discount: percent(100) })).toMatchObject({ discountCents: 4000, freeShippingInCents: undefined });
  });

  it("makes a $0 order of a code for the whole subtotal", () => {
    expect(quote({ ...nothing, discount: percent(100) })).toMatchObject({ discountCents: 4000, totalCents: 0 });
  });
});
