import { randomInt } from "node:crypto";
import SQLite from "better-sqlite3";
import type { DatabaseHandle, Db } from ".";
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

const VERSION_SQL = "select coalesce(sum(version), 0) as version from catalog_version";

/**
 * The version as the page cache reads it on every cacheable request, so
 * skipping Kysely: on SQLite a prepared statement on its own read-only
 * connection (the shop's connection may be inside a transaction that has
 * bumped the version but not committed); on PostgreSQL a named prepared
 * statement.
 */
export function openVersionRead(handle: DatabaseHandle): { read: () => Promise<number>; close: () => void } {
  if (handle.sqliteFile) {
    const connection = new SQLite(handle.sqliteFile, { readonly: true, fileMustExist: true });
    connection.pragma("busy_timeout = 5000");
    const statement = connection.prepare<[], number>(VERSION_SQL).pluck();
    return { read: async () => Number(statement.get()), close: () => connection.close() };
  }
  const pool = handle.pool;
  if (!pool) throw new Error("openCatalogVersionReader needs the SQLite file or the pg pool");
  return {
    read: async () => {
      const result = await pool.query<{ version: string }>({ name: "catalog-version", text: VERSION_SQL });
      return Number(result.rows[0]!.version);
    },
    close: () => {},
  };
}
