import { loadConfig } from "~/.server/config";
import { type Db, openDatabase } from "~/.server/db";
import { addRate, addZone, bumpPricingVersion } from "../../tests/helpers/pricing-setup";
import { ZONE_PRESETS } from "~/lib/us-states";

/** A change that began by reading, while the server wrote, is refused at once (SQLITE_BUSY): it is tried again. */
const ATTEMPTS = 5;
const isBusy = (error: unknown) => error instanceof Error && /database is locked|SQLITE_BUSY/.test(error.message);

/**
 * The worker's shop's database, opened in this process for one change, as the
 * back office would make it (the server sees it at its next request): clicking
 * through the back office for a spec's setup is the back-office specs' work.
 * The server's jobs write too; a change that meets one is rolled back whole
 * and tried again.
 */
export async function inShopDb<T>(change: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openDatabase(loadConfig({ DATA_DIR: process.env.E2E_DATA_DIR }));
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await change(db);
      } catch (error) {
        if (attempt === ATTEMPTS || !isBusy(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await db.destroy();
  }
}

const preset = (name: string) => ZONE_PRESETS.find((zone) => zone.name === name)!.codes;

/**
 * The owner's guide's shop in Oregon: Contiguous US with "USPS Ground Advantage" $6.95 and "Free over $75", and US
 * territories at $14.95, so Alaska is in no zone. Answers the zones' ids.
 */
export const setUpShipping = () =>
  inShopDb(async (db) => {
    const contiguous = await addZone(db, "Contiguous US", preset("Contiguous US"));
    await addRate(db, contiguous, { name: "USPS Ground Advantage", priceCents: 695 });
    await addRate(db, contiguous, { name: "Free over $75", priceCents: 0, condition: "subtotal", from: 7500 });
    const territories = await addZone(db, "US territories", preset("US territories"));
    await addRate(db, territories, { name: "Territory mail", priceCents: 1495 });
    return { contiguous, territories };
  });

/** Back to SPEC's checkout, with nothing set up: the worker's shop serves specs that expect it. */
export const takeAwayShipping = () =>
  inShopDb(async (db) => {
    await db.deleteFrom("shipping_rates").execute();
    await db.deleteFrom("shipping_zone_states").execute();
    await db.deleteFrom("shipping_zones").execute();
    await bumpPricingVersion(db);
  });

/** The owner takes a state out of its zone: the shop no longer ships there. */
export const takeOutOfItsZone = (state: string) =>
  inShopDb(async (db) => {
    await db.deleteFrom("shipping_zone_states").where("state", "=", state).execute();
    await bumpPricingVersion(db);
  });
