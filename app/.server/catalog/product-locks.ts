import type { SelectQueryBuilder } from "kysely";
import type { Database, Db } from "../db";
import { isSqlite } from "../db/engine";

/**
 * On PostgreSQL, locks the products `query` reads until its transaction ends,
 * taking them in id order. Every transaction that locks several products takes
 * them in that order, so no two of them deadlock: a checkout and a catalog
 * import through this, an expiry and a refund by restocking an order's items
 * in product-id order. SQLite has one writer and no row locks: the query
 * stays as it is.
 */
export function lockedInIdOrder<O>(db: Db, query: SelectQueryBuilder<Database, "products", O>): SelectQueryBuilder<Database, "products", O> {
  return isSqlite(db) ? query : query.orderBy("id").forUpdate();
}
