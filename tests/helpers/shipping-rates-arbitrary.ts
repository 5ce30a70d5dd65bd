import fc from "fast-check";
import type { RateCondition, ShippingRate } from "~/.server/pricing/shipping-rates";

/**
 * Rates of zones 1 and 2 with unique ids, for property tests. `amount` draws
 * the bounds of subtotal and weight conditions; few distinct amounts and
 * prices make carts land exactly on bounds and prices tie.
 */
export function shippingRatesArbitrary(amount: fc.Arbitrary<number>, priceCents: fc.Arbitrary<number>) {
  const bound = fc.option(amount, { nil: null });
  const condition: fc.Arbitrary<RateCondition> = fc.oneof(
    fc.constant({ kind: "always" as const }),
    fc.record({ kind: fc.constant("subtotal" as const), from: bound, to: bound }),
    fc.record({ kind: fc.constant("weight" as const), from: bound, to: bound }),
  );
  const rate: fc.Arbitrary<ShippingRate> = fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    zoneId: fc.constantFrom(1, 2),
    name: fc.constant("Rate"),
    priceCents,
    estimate: fc.constant(null),
    condition,
  });
  return fc.uniqueArray(rate, { selector: (rate) => rate.id, maxLength: 10 });
}
