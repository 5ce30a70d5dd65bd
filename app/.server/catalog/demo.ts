import fs from "node:fs/promises";
import type { Db } from "../db";
import { parseCatalogFile } from "./file";
import { importCatalog } from "./import";

/**
 * Loads the demo catalog when the shop has no categories yet; returns whether
 * it did. Its products are marked demo in the same transaction, so "Before
 * you open" can ask for them to be replaced until the owner edits them.
 */
export async function seedDemoCatalog(db: Db, file: string): Promise<boolean> {
  const existing = await db.selectFrom("categories").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const catalog = parseCatalogFile(JSON.parse(await fs.readFile(file, "utf8")));
  const ids = catalog.flatMap((category) => category.items.map((item) => item.id));
  await importCatalog(db, catalog, {
    replace: false,
    record: async (trx) => {
      await trx.updateTable("products").set({ demo: 1 }).where("id", "in", ids).execute();
    },
  });
  return true;
}
