import fs from "node:fs/promises";
import type { Db, Trx } from "../db";
import { readSettings } from "../db/settings";
import { parseCatalogFile } from "./file";
import { importCatalog } from "./import";

/** Set by the start that loaded the demo catalog: a shop gets it once, however many processes start together. */
const LOADED_AT = "demo_catalog_loaded_at";

/** Another process loaded the demo catalog while this one was loading it too: this one's import rolls back. */
class LoadedElsewhere extends Error {}

async function claimDemoCatalog(trx: Trx) {
  const claim = await trx
    .insertInto("settings")
    .values({ key: LOADED_AT, value: new Date().toISOString() })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .executeTakeFirst();
  if (claim.numInsertedOrUpdatedRows === 0n) throw new LoadedElsewhere();
}

/** Before the shop's first start: no catalog yet, and the demo's is still to come. */
export async function demoCatalogToCome(db: Db): Promise<boolean> {
  const category = await db.selectFrom("categories").select("id").limit(1).executeTakeFirst();
  if (category) return false;
  return !(await readSettings(db, [LOADED_AT])).has(LOADED_AT);
}

/**
 * Loads the demo catalog when the shop has no categories yet and never had
 * it; returns whether it did. Its products are marked demo in the same
 * transaction, so "Before you open" can ask for them to be replaced until the
 * owner edits them. The claim commits with the catalog: of two processes
 * starting on an empty database, the second's import waits for the first's
 * and rolls back, so only one says it loaded the catalog.
 */
export async function seedDemoCatalog(db: Db, file: string): Promise<boolean> {
  const existing = await db.selectFrom("categories").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const catalog = parseCatalogFile(JSON.parse(await fs.readFile(file, "utf8")));
  const ids = catalog.flatMap((category) => category.items.map((item) => item.id));
  try {
    await importCatalog(db, catalog, {
      replace: false,
      record: async (trx) => {
        await claimDemoCatalog(trx);
        await trx.updateTable("products").set({ demo: 1 }).where("id", "in", ids).execute();
      },
    });
  } catch (error) {
    if (error instanceof LoadedElsewhere) return false;
    throw error;
  }
  return true;
}
