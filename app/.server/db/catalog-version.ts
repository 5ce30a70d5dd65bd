import { randomInt } from "node:crypto";
import type { Db } from ".";
import { isSqlite } from "./engine";

/**
 * How the catalog version (catalog/version.ts) is kept and read on each
 * engine. It is the sum of counter rows. On PostgreSQL checkouts run side by
 * side, and one counter row would make each wait for the previous one's
 * commit (measured with pgbench: four times fewer checkouts per second), so
 * each transaction increments one of many rows. SQLite writes one
 * transaction at a time, so it uses one row.
 */
const POSTGRES_SHARDS = 64;

/** The counter row a transaction increments. */
export const catalogVersionShard = (db: Db) => (isSqlite(db) ? 0 : randomInt(POSTGRES_SHARDS));

/** The version is the sum of the counter rows. */
export const CATALOG_VERSION_QUERY = {
  name: "catalog-version",
  text: "select coalesce(sum(version), 0) as version from catalog_version",
};
