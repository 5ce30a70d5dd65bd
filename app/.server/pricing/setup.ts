import { coalesceReads } from "../catalog/version";
import type { DatabaseHandle, Db } from "../db";
import { openVersionRead } from "../db/version-read";
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

/** The version through Kysely, for a database the server did not open (tests, scripts); concurrent calls share one read. */
function sharedKyselyRead(db: Db): () => Promise<number> {
  let reading: Promise<number> | undefined;
  return () =>
    (reading ??= db
      .selectFrom("pricing_version")
      .select("version")
      .where("id", "=", 1)
      .executeTakeFirst()
      .then((row) => Number(row?.version ?? 0))
      .finally(() => {
        reading = undefined;
      }));
}

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

/**
 * One process's copy of the setup, per database. Each quote and checkout
 * reads only the version, and concurrent ones share that read (as the page
 * cache shares the catalog version's: server/page-cache.ts); the setup
 * itself is read again only when the version changed, so a change in the
 * back office shows on every process from its next quote.
 */
class PricingSetupCache {
  private current: PricingSetup | undefined;
  private loading: { version: number; setup: Promise<PricingSetup> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly version: () => Promise<number>,
  ) {}

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

/**
 * The server's pricing cache: its version read skips Kysely (db/version-read.ts),
 * as the checkout's hot path needs, and is coalesced per turn of the event loop.
 */
export function openPricingSetup(handle: DatabaseHandle): { close: () => void } {
  const version = openVersionRead(handle, PRICING_VERSION_QUERY);
  caches.set(handle.db, new PricingSetupCache(handle.db, coalesceReads(version.read)));
  return { close: version.close };
}

/** The setup for the next quote, from memory unless the owner changed it since. */
export function pricingSetup(db: Db): Promise<PricingSetup> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new PricingSetupCache(db, sharedKyselyRead(db))));
  return cache.get();
}
