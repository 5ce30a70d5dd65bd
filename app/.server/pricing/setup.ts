import type { DatabaseHandle, Db } from "../db";
import { versionedCaches } from "../db/versioned-cache";
import { type CodeRow, codesWithoutLimit } from "../orders/code-lookup";
import { type TaxTable, taxTable } from "./sales-tax";
import type { RateCondition, ShippingRate, ShippingSetup, ShippingZone } from "./shipping-rates";

/** The owner's shipping and tax setup and her codes as quotes use them, read from the database once per `pricing_version`. */
export interface PricingSetup {
  version: number;
  shipping: ShippingSetup;
  tax: TaxTable;
  /** Any zone or tax state: from then on the ship-to state must be a known one, and the ZIP a real one. */
  isSetUp: boolean;
  /** The discount codes without a use limit (orders/code-lookup.ts): a checkout with one reads no code. */
  codesWithoutLimit: ReadonlyMap<string, CodeRow>;
}

const PRICING_VERSION_QUERY = { name: "pricing-version", text: "select version from pricing_version where id = 1" };

function conditionOf(row: { condition: RateCondition["kind"]; range_from: number | null; range_to: number | null }) {
  const condition: RateCondition =
    row.condition === "always" ? { kind: "always" } : { kind: row.condition, from: row.range_from, to: row.range_to };
  return condition;
}

/** The whole setup: zones in id order (the first is the shopper's before she enters a state), their states and rates, the tax table and the codes without a limit. */
export async function readPricingSetup(db: Db, version: number): Promise<PricingSetup> {
  const [zoneRows, stateRows, rateRows, taxRows, zipRows, codes] = await Promise.all([
    db.selectFrom("shipping_zones").select(["id", "name"]).orderBy("id").execute(),
    db.selectFrom("shipping_zone_states").select(["state", "zone_id"]).orderBy("state").execute(),
    db.selectFrom("shipping_rates").selectAll().orderBy("id").execute(),
    db.selectFrom("tax_states").selectAll().execute(),
    db.selectFrom("tax_zip_rates").selectAll().execute(),
    codesWithoutLimit(db),
  ]);
  const zones: ShippingZone[] = zoneRows.map((zone) => ({
    id: zone.id,
    name: zone.name,
    states: stateRows.filter((row) => row.zone_id === zone.id).map((row) => row.state),
  }));
  const rates: ShippingRate[] = rateRows.map((rate) => ({
    id: rate.id,
    zoneId: rate.zone_id,
    name: rate.name,
    priceCents: rate.price_cents,
    estimate: rate.estimate,
    condition: conditionOf(rate),
  }));
  const tax = taxTable(
    taxRows.map((row) => ({
      state: row.state,
      rateMillionths: row.rate_millionths,
      taxesShipping: Boolean(row.taxes_shipping),
    })),
    zipRows.map((row) => ({ state: row.state, zip: row.zip, rateMillionths: row.rate_millionths })),
  );
  return {
    version,
    shipping: { zones, rates },
    tax,
    isSetUp: zones.length > 0 || taxRows.length > 0,
    codesWithoutLimit: codes,
  };
}

const pricingCaches = versionedCaches(PRICING_VERSION_QUERY, readPricingSetup);

/** The server's pricing cache, read through on every quote and checkout. */
export const openPricingSetup = (handle: DatabaseHandle) => pricingCaches.open(handle);

/** The setup for the next quote, from memory unless the owner changed it since (db/versioned-cache.ts). */
export const pricingSetup = (db: Db): Promise<PricingSetup> => pricingCaches.get(db);
