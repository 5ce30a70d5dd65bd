import { type SelectQueryBuilder, sql } from "kysely";
import type { Database, Db, Trx } from ".";
import { isSqlite } from "./engine";

/**
 * Row locks, which only PostgreSQL takes: SQLite runs one writer at a time
 * and has no row locks, so there each query stays as it is.
 */

/** Locks the rows `query` reads (of the table `of` alone, when it joins others) until its transaction ends. */
export function lockForUpdate<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
  of?: TB & string,
): SelectQueryBuilder<DB, TB, O> {
  return isSqlite(db) ? query : query.forUpdate(of);
}

/**
 * Locks the rows `query` reads against writers until its transaction ends,
 * as an update does: inserts whose foreign key points at them still go on.
 */
export function lockForNoKeyUpdate<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isSqlite(db) ? query : query.forNoKeyUpdate();
}

/**
 * Waits for every transaction writing `table` to end, and keeps new writers
 * waiting until this transaction ends (`lock table … in share mode`): what
 * it then reads of the table stays as it is. Readers go on.
 */
export async function lockAgainstWriters(trx: Trx, table: keyof Database & string) {
  if (!isSqlite(trx)) await sql`lock table ${sql.table(table)} in share mode`.execute(trx);
}

/** Keeps the rows `query` reads from changing until its transaction ends, while others may read them too. */
export function lockForShare<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isSqlite(db) ? query : query.forShare();
}

/**
 * Claims the rows `query` reads for this process: of several processes,
 * each skips the rows another holds (`FOR UPDATE SKIP LOCKED`), so they
 * take different ones.
 */
export function lockSkippingLocked<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isSqlite(db) ? query : query.forUpdate().skipLocked();
}

/**
 * Locks the variants `query` reads (as `alias`, when it joins others) until
 * its transaction ends, taking them in id order. Every transaction that
 * locks several variants takes them in that order, so no two of them
 * deadlock: a checkout and a catalog import through this, an expiry and a
 * refund by restocking an order's items in variant-id order.
 */
export function lockedInIdOrder<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
  alias: "v" | "variants" = "variants",
): SelectQueryBuilder<DB, TB, O> {
  return isSqlite(db) ? query : query.orderBy(sql.ref(`${alias}.id`)).forUpdate(alias as TB & string);
}

/** The variants `ids` for an update's `where id in`, their rows locked first in id order (`lockedInIdOrder`). */
export function variantIdsLockedInOrder(db: Db, ids: number[]) {
  return isSqlite(db) ? ids : lockedInIdOrder(db, db.selectFrom("variants").select("id").where("id", "in", ids));
}
