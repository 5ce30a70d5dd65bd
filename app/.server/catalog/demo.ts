import fs from "node:fs/promises";
import type { Db } from "../db";
import { parseCatalogFile } from "./file";
import { importCatalog } from "./import";

/** Loads the demo catalog when the shop has no categories yet; returns whether it did. */
export async function seedDemoCatalog(db: Db, file: string): Promise<boolean> {
  const existing = await db.selectFrom("categories").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const catalog = parseCatalogFile(JSON.parse(await fs.readFile(file, "utf8")));
  await importCatalog(db, catalog, { replace: false });
  return true;
}
