import { setImmediate as nextTurn } from "node:timers/promises";
import { type Expression, type SqlBool, sql } from "kysely";
import type { Db } from ".";
import { isSqlite } from "./engine";
import { runSteps, type Steps } from "./steps";

/** Orders added to SQLite's search index per transaction: each batch holds the write lock for a few milliseconds. */
const BATCH = 500;

/**
 * Adds the orders placed since the last run to SQLite's search index
 * (migration 022), a batch per transaction with the event loop given back
 * between them, and answers how many it added. A checkout no longer writes
 * the index itself: it cost a tenth of checkout's throughput. A batch runs
 * under SQLite's write lock (BEGIN IMMEDIATE, steps.ts) from where it reads
 * how far the index has come: two processes never add an order twice.
 * PostgreSQL's trigram indexes are written with the row: nothing to do.
 */
export async function indexNewOrdersForSearch(db: Db, signal?: AbortSignal): Promise<number> {
  if (!isSqlite(db)) return 0;
  let added = 0;
  for (;;) {
    const batch = await runSteps(db, () => indexBatch(db), { transaction: true });
    added += batch;
    if (batch < BATCH || signal?.aborted) return added;
    await nextTurn();
  }
}

/** Up to BATCH orders past where the index stands, added, and the mark moved past them. */
function* indexBatch(db: Db): Steps<number> {
  const inserted = yield sql`
    insert into orders_search (rowid, number, shipping_name, customer_name, email)
    select id, number, shipping_name, customer_name, email from orders
    where id > (select indexed_through from orders_search_position)
    order by id limit ${BATCH}`.compile(db);
  yield sql`
    update orders_search_position set indexed_through = coalesce(
      (select max(id) from (select id from orders where id > indexed_through order by id limit ${BATCH})), indexed_through)`.compile(db);
  return Number(inserted.numAffectedRows ?? 0);
}

/**
 * The orders whose number, names or email contain `text` (three characters
 * or more), on SQLite: those in the search index by trigrams, and those
 * placed since it was last brought up to date, read one by one with
 * `contains` (written against `orders`). One list of ids: as an OR of the
 * two, SQLite's planner walked the whole list in order looking for the
 * match of a rare text (140 ms at 100,000 orders, 3 ms this way).
 */
export function sqliteSearchMatches(text: string, contains: Expression<SqlBool>): Expression<SqlBool> {
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return sql<SqlBool>`orders.id in (
    select rowid from orders_search where orders_search match ${phrase}
    union all
    select id from orders where id > (select indexed_through from orders_search_position) and ${contains})`;
}
