import { usStateByCode } from "~/lib/us-states";
import type { HundredthsOfOunce } from "~/lib/weight";

/** Bounds of a rate's condition: `from` is in, `to` is out, and a null bound is open. */
export interface Bounds {
  from: number | null;
  to: number | null;
}

/** When a rate fits: always, or while the cart's subtotal (cents) or weight (hundredths of an ounce) is in bounds. */
export type RateCondition = { kind: "always" } | ({ kind: "subtotal" } & Bounds) | ({ kind: "weight" } & Bounds);

export interface ShippingZone {
  id: number;
  name: string;
  /** Two-letter codes (lib/us-states.ts); a state is in at most one zone. */
  states: readonly string[];
}

export interface ShippingRate {
  id: number;
  zoneId: number;
  name: string;
  priceCents: number;
  estimate: string | null;
  condition: RateCondition;
}

/** The owner's zones in their order (the first is the shopper's until she enters a state), and all their rates. */
export interface ShippingSetup {
  zones: readonly ShippingZone[];
  rates: readonly ShippingRate[];
}

/** What the rates look at: the items' subtotal after any discount, and their weight (undefined when one is unknown). */
export interface ShippingCart {
  subtotalCents: number;
  weight: HundredthsOfOunce | undefined;
}

export type ShippingOptions =
  /** No zone at all: the shop charges no shipping (SPEC's default). */
  | { kind: "not_set_up" }
  | { kind: "no_zone"; state: string; stateName: string }
  | { kind: "no_fitting_rate"; zone: ShippingZone }
  | {
      kind: "rates";
      zone: ShippingZone;
      /** Cheapest first; rates of one price in id order. */
      rates: ShippingRate[];
      /** How much more subtotal a free rate of the zone needs, when none fits yet. */
      freeShippingInCents: number | undefined;
    };

const inBounds = (value: number, { from, to }: Bounds) =>
  (from === null || value >= from) && (to === null || value < to);

/**
 * Whether a rate's condition holds for the cart. A weight rate never fits a
 * cart whose weight is unknown: guessing would quote the lightest tier.
 */
export function rateFits(condition: RateCondition, cart: ShippingCart): boolean {
  switch (condition.kind) {
    case "always":
      return true;
    case "subtotal":
      return inBounds(cart.subtotalCents, condition);
    case "weight":
      return cart.weight !== undefined && inBounds(cart.weight, condition);
  }
}

/** Cents more that would make a free subtotal rate fit, when none of the fitting rates is free. */
function freeShippingIn(zoneRates: readonly ShippingRate[], fitting: readonly ShippingRate[], subtotalCents: number) {
  if (fitting.some((rate) => rate.priceCents === 0)) return undefined;
  const gaps = zoneRates.flatMap(({ priceCents, condition }) =>
    priceCents === 0 &&
    condition.kind === "subtotal" &&
    condition.from !== null &&
    condition.from > subtotalCents &&
    (condition.to === null || condition.to > condition.from)
      ? [condition.from - subtotalCents]
      : [],
  );
  return gaps.length > 0 ? Math.min(...gaps) : undefined;
}

function zoneOptions(setup: ShippingSetup, zone: ShippingZone, cart: ShippingCart): ShippingOptions {
  const zoneRates = setup.rates.filter((rate) => rate.zoneId === zone.id);
  const fitting = zoneRates
    .filter((rate) => rateFits(rate.condition, cart))
    .sort((a, b) => a.priceCents - b.priceCents || a.id - b.id);
  if (fitting.length === 0) return { kind: "no_fitting_rate", zone };
  return {
    kind: "rates",
    zone,
    rates: fitting,
    freeShippingInCents: freeShippingIn(zoneRates, fitting, cart.subtotalCents),
  };
}

/**
 * The rates a cart can ship by to a state (a two-letter code). Before the
 * shopper enters one (undefined), the first zone counts as hers, so the
 * checkout page can show a price and the free-shipping hint from the start.
 */
export function shippingOptions(setup: ShippingSetup, state: string | undefined, cart: ShippingCart): ShippingOptions {
  const [firstZone] = setup.zones;
  if (!firstZone) return { kind: "not_set_up" };
  if (state === undefined) return zoneOptions(setup, firstZone, cart);
  const zone = setup.zones.find((candidate) => candidate.states.includes(state));
  if (!zone) return { kind: "no_zone", state, stateName: usStateByCode(state)?.name ?? state };
  return zoneOptions(setup, zone, cart);
}
