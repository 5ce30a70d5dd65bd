import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type RateCondition,
  rateFits,
  type ShippingRate,
  type ShippingSetup,
  shippingOptions,
} from "~/.server/pricing/shipping-rates";
import { ZONE_PRESETS } from "~/lib/us-states";
import { shippingRatesArbitrary } from "../helpers/shipping-rates-arbitrary";

const contiguous = { id: 1, name: "Contiguous US", states: ZONE_PRESETS[0]!.codes };
const alaskaHawaii = { id: 2, name: "Alaska and Hawaii", states: ["AK", "HI"] };

const rate = (id: number, priceCents: number, condition: RateCondition, zoneId = 1): ShippingRate => ({
  id,
  zoneId,
  name: `Rate ${id}`,
  priceCents,
  estimate: null,
  condition,
});

const flat = rate(1, 695, { kind: "always" });
const freeOver75 = rate(2, 0, { kind: "subtotal", from: 7500, to: null });
const setup: ShippingSetup = { zones: [contiguous], rates: [flat, freeOver75] };
const cart = (subtotalCents: number, weight?: number) => ({ subtotalCents, weight });
const ids = (setup: ShippingSetup, state: string | undefined, subtotalCents: number, weight?: number) => {
  const options = shippingOptions(setup, state, cart(subtotalCents, weight));
  return options.kind === "rates" ? options.rates.map((rate) => rate.id) : options.kind;
};

describe("rateFits", () => {
  it("includes a range's from and excludes its to", () => {
    const range: RateCondition = { kind: "subtotal", from: 2500, to: 7500 };
    expect(rateFits(range, cart(2499))).toBe(false);
    expect(rateFits(range, cart(2500))).toBe(true);
    expect(rateFits(range, cart(7499))).toBe(true);
    expect(rateFits(range, cart(7500))).toBe(false);
  });

  it("leaves a missing bound open", () => {
    expect(rateFits({ kind: "subtotal", from: null, to: 100 }, cart(0))).toBe(true);
    expect(rateFits({ kind: "subtotal", from: 100, to: null }, cart(Number.MAX_SAFE_INTEGER))).toBe(true);
    expect(rateFits({ kind: "weight", from: null, to: null }, cart(0, 0))).toBe(true);
  });

  it("weighs in hundredths of an ounce, and never fits a cart of unknown weight", () => {
    const upToOnePound: RateCondition = { kind: "weight", from: null, to: 1600 };
    expect(rateFits(upToOnePound, cart(0, 1599))).toBe(true);
    expect(rateFits(upToOnePound, cart(0, 1600))).toBe(false);
    expect(rateFits(upToOnePound, cart(0, undefined))).toBe(false);
  });
});

describe("shippingOptions", () => {
  it("is not set up without a zone, whatever the rates", () => {
    expect(shippingOptions({ zones: [], rates: [flat] }, "OR", cart(100))).toEqual({ kind: "not_set_up" });
  });

  it("at exactly $75.00 offers only the free 'from $75' rate besides the flat one, cheapest first", () => {
    expect(ids(setup, "OR", 7499)).toEqual([1]);
    expect(ids(setup, "OR", 7500)).toEqual([2, 1]);
  });

  it("tells Alaska, outside the only zone, that the shop does not ship there", () => {
    expect(shippingOptions(setup, "AK", cart(7500))).toEqual({ kind: "no_zone", state: "AK", stateName: "Alaska" });
  });

  it("counts the first zone as the shopper's before she enters a state", () => {
    const two: ShippingSetup = {
      zones: [alaskaHawaii, contiguous],
      rates: [flat, rate(3, 1995, { kind: "always" }, alaskaHawaii.id)],
    };
    expect(ids(two, undefined, 100)).toEqual([3]);
    expect(ids(two, "HI", 100)).toEqual([3]);
    expect(ids(two, "TX", 100)).toEqual([1]);
  });

  it("has no fitting rate when the zone's rates all miss the cart", () => {
    const heavy: ShippingSetup = {
      zones: [contiguous],
      rates: [rate(4, 500, { kind: "weight", from: null, to: 3200 })],
    };
    const options = shippingOptions(heavy, "OR", cart(100, 3200));
    expect(options).toEqual({ kind: "no_fitting_rate", zone: contiguous });
    expect(ids({ zones: [contiguous], rates: [] }, "OR", 100)).toBe("no_fitting_rate");
  });

  it("orders rates of one price by id", () => {
    const tied: ShippingSetup = {
      zones: [contiguous],
      rates: [rate(9, 500, { kind: "always" }), rate(3, 500, { kind: "always" }), rate(5, 400, { kind: "always" })],
    };
    expect(ids(tied, "OR", 100)).toEqual([5, 3, 9]);
  });

  it("says how much more gets free shipping, until a free rate fits", () => {
    const hint = (subtotalCents: number, rates = setup.rates) => {
      const options = shippingOptions({ zones: [contiguous], rates }, "OR", cart(subtotalCents));
      return options.kind === "rates" ? options.freeShippingInCents : options.kind;
    };
    expect(hint(7400)).toBe(100);
    expect(hint(0)).toBe(7500);
    expect(hint(7500)).toBeUndefined();
    expect(hint(7400, [flat])).toBeUndefined();
    expect(hint(100, [flat, rate(6, 0, { kind: "weight", from: 10_000, to: null })])).toBeUndefined();
    expect(hint(100, [flat, freeOver75, rate(7, 0, { kind: "subtotal", from: 5000, to: 6000 })])).toBe(4900);
    // A free rate of another zone gives no hint.
    expect(hint(7400, [flat, { ...freeOver75, zoneId: 2 }])).toBeUndefined();
  });
});

describe("shippingOptions, for any rates and cart", () => {
  // Few distinct amounts and prices, so that carts land exactly on bounds and prices tie.
  const amount = fc.integer({ min: 0, max: 40 }).map((steps) => steps * 250);
  const rates = shippingRatesArbitrary(amount, fc.constantFrom(0, 500, 695, 1000));
  const zones = [contiguous, alaskaHawaii];

  it("offers exactly the zone's fitting rates, cheapest first", () => {
    fc.assert(
      fc.property(
        rates,
        fc.constantFrom(undefined, "OR", "HI", "PR"),
        amount,
        fc.option(amount, { nil: undefined }),
        (rates, state, subtotalCents, weight) => {
          const options = shippingOptions({ zones, rates }, state, { subtotalCents, weight });
          if (state === "PR") {
            expect(options.kind).toBe("no_zone");
            return;
          }
          const zoneId = state === "HI" ? 2 : 1;
          const within = (value: number | undefined, from: number | null, to: number | null) =>
            value !== undefined && (from === null || from <= value) && (to === null || value < to);
          const expected = rates.filter(
            ({ zoneId: zone, condition: c }) =>
              zone === zoneId &&
              (c.kind === "always" || within(c.kind === "subtotal" ? subtotalCents : weight, c.from, c.to)),
          );
          if (expected.length === 0) {
            expect(options.kind).toBe("no_fitting_rate");
            return;
          }
          expect(options.kind).toBe("rates");
          const offered = options.kind === "rates" ? options.rates : [];
          expect(new Set(offered)).toEqual(new Set(expected));
          for (let i = 1; i < offered.length; i++) {
            const [before, after] = [offered[i - 1]!, offered[i]!];
            expect(
              before.priceCents < after.priceCents || (before.priceCents === after.priceCents && before.id < after.id),
            ).toBe(true);
          }
        },
      ),
    );
  });
});
