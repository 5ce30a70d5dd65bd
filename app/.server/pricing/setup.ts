import type { Db } from "../db";
import { type TaxTable, taxTable } from "./sales-tax";
import type { RateCondition, ShippingRate, ShippingSetup, ShippingZone } from "./shipping-rates";

/** The owner's shipping and tax setup as quotes use it, read from the database once per `pricing_version`. */
export interface PricingSetup {
  version: number;
  shipping: ShippingSetup;
  tax: TaxTable;
  /** Any zone or tax state: from then on the ship-to state must be a known one, and the ZIP a real one. */
  isSetUp: boolean;
}

const readVersion = async (db: Db) =>
  Number(
    (await db.selectFrom("pricing_version").select("version").where("id", "=", 1).executeTakeFirst())?.version ?? 0,
  );

function conditionOf(row: { condition: RateCondition["kind"]; range_from: number | null; range_to: number | null }) {
  const condition: RateCondition =
    row.condition === "always" ? { kind: "always" } : { kind: row.condition, from: row.range_from, to: row.range_to };
  return condition;
}

/** The whole setup: zones in id order (the first is the shopper's before she enters a state), their states and rates, and the tax table. */
export async function readPricingSetup(db: Db, version: number): Promise<PricingSetup> {
  const [zoneRows, stateRows, rateRows, taxRows, zipRows] = await Promise.all([
    db.selectFrom("shipping_zones").select(["id", "name"]).orderBy("id").execute(),
    db.selectFrom("shipping_zone_states").select(["state", "zone_id"]).orderBy("state").execute(),
    db.selectFrom("shipping_rates").selectAll().orderBy("id").execute(),
    db.selectFrom("tax_states").selectAll().execute(),
    db.selectFrom("tax_zip_rates").selectAll().execute(),
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
  return { version, shipping: { zones, rates }, tax, isSetUp: zones.length > 0 || taxRows.length > 0 };
}

/**
 * One process's copy of the setup, per database. Each quote reads only the
 * version, and concurrent quotes share that read (as the page cache shares
 * the catalog version's: server/page-cache.ts); the setup itself is read
 * again only when the version changed, so a change in the back office
 * shows on every process from its next quote.
 */
class PricingSetupCache {
  private versionRead: Promise<number> | undefined;
  private current: PricingSetup | undefined;
  private loading: { version: number; setup: Promise<PricingSetup> } | undefined;

  constructor(private readonly db: Db) {}

  private version(): Promise<number> {
    this.versionRead ??= readVersion(this.db).finally(() => {
      this.versionRead = undefined;
    });
    return this.versionRead;
  }

  async get(): Promise<PricingSetup> {
    const version = await this.version();
    if (this.current?.version === version) return this.current;
    if (this.loading?.version !== version) {
      const loading = { version, setup: readPricingSetup(this.db, version) };
      this.loading = loading;
      loading.setup
        .then((setup) => {
          if (this.current === undefined || this.current.version < setup.version) this.current = setup;
        })
        .catch(() => {})
        .finally(() => {
          if (this.loading === loading) this.loading = undefined;
        });
    }
    return this.loading!.setup;
  }
}

const caches = new WeakMap<Db, PricingSetupCache>();

/** The setup for the next quote, from memory unless the owner changed it since. */
export function pricingSetup(db: Db): Promise<PricingSetup> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new PricingSetupCache(db)));
  return cache.get();
}
