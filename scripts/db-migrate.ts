import { withShopDatabase } from "./shop-database";

/**
 * `npm run db:migrate`: the shop's database brought to this version's schema,
 * as the shop does at start. `npm run update` runs it before restarting the
 * shop, so a migration that fails stops the update with the old version running.
 */
process.exitCode = await withShopDatabase(async () => {
  console.log("The database is at this version's schema.");
  return 0;
});
