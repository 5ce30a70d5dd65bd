import type { DatabaseHandle, Db } from "../db";
import { CATALOG_VERSION_QUERY, catalogVersionShard } from "../db/catalog-version";
import { openVersionRead } from "../db/version-read";

/**
 * The catalog version: a number that changes whenever anything a browsing
 * page shows changes, read by the page cache (page-cache.ts,
 * docs/decisions/001-page-cache.md): a product selling out, stock coming
 * back (an expiry, a refund, the owner), and every edit of the catalog. A
 * sale that leaves each product it took from in stock leaves it as it is
 * (005-lean-process.md): a launch's sales would otherwise re-render every
 * page after each one. The stock count a cached page carries for its
 * Add to Cart may then be above the stock; the cart's stock check before
 * payment reads the stock itself and corrects the cart (SPEC §5). How each
 * engine keeps and reads it: db/catalog-version.ts.
 */

/**
 * The statement that bumps the version. Run it in every transaction that
 * changes stock or the catalog, as its LAST statement (`.execute()`, or
 * yielded by a job written as steps, db/steps.ts): the row lock is then held
 * only until the commit, and it is taken after the product rows, so it never
 * joins a deadlock with them. Rolled back with the transaction, committed
 * with it: a reader never sees the new version before the change it announces.
 */
export function catalogVersionBump(db: Db) {
  return db
    .insertInto("catalog_version")
    .values({ shard: catalogVersionShard(db), version: 1 })
    .onConflict((conflict) =>
      conflict.column("shard").doUpdateSet((eb) => ({ version: eb("catalog_version.version", "+", 1) })),
    );
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
 * The page cache's read of the version, on every cacheable request (it
 * skips Kysely: db/version-read.ts), shared by the requests that arrive
 * together (coalesceReads): under load, one read serves a turn's worth of hits.
 */
export function openCatalogVersionReader(handle: DatabaseHandle): CatalogVersionReader {
  const version = openVersionRead(handle, CATALOG_VERSION_QUERY);
  return { read: coalesceReads(version.read), close: version.close };
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
