import { randomInt } from "node:crypto";
import SQLite from "better-sqlite3";
import type { DatabaseHandle, Db } from "../db";
import { isSqlite } from "../db/engine";

/**
 * The catalog version: a number that changes whenever anything a browsing
 * page shows changes, read by the page cache (page-cache.ts,
 * docs/decisions/001-page-cache.md): a product selling out, stock coming
 * back (an expiry, a refund, the owner), and every edit of the catalog. A
 * sale that leaves each product it took from in stock leaves it as it is
 * (005-lean-process.md): a launch's sales would otherwise re-render every
 * page after each one. The stock count a cached page carries for its
 * Add to Cart may then be above the stock; the cart's stock check before
 * payment reads the stock itself and corrects the cart (SPEC §5).
 *
 * It is the sum of counter rows. On PostgreSQL checkouts run side by side,
 * and one counter row would make each wait for the previous one's commit
 * (measured with pgbench: four times fewer checkouts per second), so each
 * transaction increments one of many rows. SQLite writes one transaction at a
 * time, so it uses one row.
 */
const POSTGRES_SHARDS = 64;

const VERSION_SQL = "select coalesce(sum(version), 0) as version from catalog_version";

/**
 * The statement that bumps the version. Run it in every transaction that
 * changes stock or the catalog, as its LAST statement (`.execute()`, or
 * yielded by a job written as steps, db/steps.ts): the row lock is then held
 * only until the commit, and it is taken after the product rows, so it never
 * joins a deadlock with them. Rolled back with the transaction, committed
 * with it: a reader never sees the new version before the change it announces.
 */
export function catalogVersionBump(db: Db) {
  const shard = isSqlite(db) ? 0 : randomInt(POSTGRES_SHARDS);
  return db
    .insertInto("catalog_version")
    .values({ shard, version: 1 })
    .onConflict((conflict) => conflict.column("shard").doUpdateSet((eb) => ({ version: eb("catalog_version.version", "+", 1) })));
}

/** The version as the shop's own queries see it (tests, scripts); the page cache uses the reader below. */
export async function readCatalogVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom("catalog_version")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("version"), eb.lit(0)).as("version"))
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export interface CatalogVersionReader {
  read: () => Promise<number>;
  close: () => void;
}

/**
 * The page cache reads the version on every cacheable request, so this read
 * skips Kysely: on SQLite a prepared statement on its own read-only
 * connection (the shop's connection may be inside a transaction that has
 * bumped the version but not committed); on PostgreSQL a named prepared
 * statement. Either is shared by the requests that arrive together
 * (coalesceReads): under load, one read serves a turn's worth of hits.
 */
export function openCatalogVersionReader(handle: DatabaseHandle): CatalogVersionReader {
  if (handle.sqliteFile) {
    const connection = new SQLite(handle.sqliteFile, { readonly: true, fileMustExist: true });
    connection.pragma("busy_timeout = 5000");
    const statement = connection.prepare<[], number>(VERSION_SQL).pluck();
    return { read: coalesceReads(async () => Number(statement.get())), close: () => connection.close() };
  }
  const pool = handle.pool;
  if (!pool) throw new Error("openCatalogVersionReader needs the SQLite file or the pg pool");
  return {
    read: coalesceReads(async () => {
      const result = await pool.query<{ version: string }>({ name: "catalog-version", text: VERSION_SQL });
      return Number(result.rows[0]!.version);
    }),
    close: () => {},
  };
}

/**
 * Shares one `read` among the callers of one turn of the event loop: the read
 * starts once the turn's I/O callbacks have run (setImmediate), so after every
 * caller it serves arrived, and sees every write committed before they did.
 * Reads of successive turns overlap, so no caller waits behind another's
 * round trip; under load a read serves every request that arrived in a turn.
 */
export function coalesceReads<T>(read: () => Promise<T>): () => Promise<T> {
  let next: Promise<T> | undefined;
  return () =>
    (next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      next = undefined;
      return read();
    }));
}
