import type { APIRequestContext } from "@playwright/test";
import { parseCatalogText } from "~/.server/catalog/file";
import { importCatalog as importIntoShop } from "~/.server/catalog/import";
import { inShopDb } from "./shop-db";

/**
 * Changes the running shop's catalog as `npm run catalog:import` does, with the
 * same domain call in this process (the server sees it as it would the command's
 * change): spawning the command through tsx took seconds each time, and the
 * command has its own integration tests (catalog-import.test.ts).
 */
export const importCatalog = (catalog: unknown) =>
  inShopDb((db) => importIntoShop(db, parseCatalogText(JSON.stringify(catalog)), { replace: false }));

/**
 * A candle of a spec's own in Seasonal, made from the demo's first seasonal candle: the reservations of
 * its checkouts take no other spec's stock. Stock 0 takes it off the lists again.
 */
export async function importSeasonalCandle(
  request: APIRequestContext,
  candle: { id: number; name: string; stock: number; price?: number },
) {
  const seasonal = await (await request.get("/api/catalog/seasonal")).json();
  await importCatalog([{ ...seasonal, items: [{ ...seasonal.items[0], ...candle }] }]);
}
