import { parseCatalogText } from "~/.server/catalog/file";
import { importCatalog as importIntoShop } from "~/.server/catalog/import";
import { loadConfig } from "~/.server/config";
import { openDatabase } from "~/.server/db";

/**
 * Changes the running shop's catalog as `npm run catalog:import` does, with the
 * same domain call in this process (the server sees it as it would the command's
 * change): spawning the command through tsx took seconds each time, and the
 * command has its own integration tests (catalog-import.test.ts).
 */
export async function importCatalog(catalog: unknown) {
  const { db } = openDatabase(loadConfig({ DATA_DIR: process.env.E2E_DATA_DIR }));
  try {
    await importIntoShop(db, parseCatalogText(JSON.stringify(catalog)), { replace: false });
  } finally {
    await db.destroy();
  }
}
