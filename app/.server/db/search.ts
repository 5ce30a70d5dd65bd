import { setImmediate as nextTurn } from "node:timers/promises";
import { type ExpressionBuilder, sql } from "kysely";
import type { Database, Db } from ".";
import { isSqlite } from "./engine";
import { ORDER_SEARCH_TEXT, SEARCH_INDEXED } from "./migrations/027-one-search-index";
import { runSteps, type Steps } from "./steps";

/** `%` and `_` typed in the search box mean themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Trigram indexes (migrations 020 and 027) find a text of three characters or more; a shorter one reads every order. */
const TRIGRAM = 3;

/** An FTS5 phrase: the text itself, a substring of one column (quotes doubled). */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * Orders whose number, names or email contain `text`, in any letter case,
 * found through each engine's trigram index: on PostgreSQL pg_trgm's index
 * of their text together (migration 027), which LIKE uses, and the unpaid
 * orders it leaves out, read one by one, then the column that holds it; on
 * SQLite the FTS5 table (migration 020), which a job brings up to date
 * (below), and the orders placed since then, read one by one. One list of
 * ids: as an OR of the two, SQLite's planner walked the whole list in order
 * looking for a rare text (140 ms at 100,000 orders, 3 ms this way). Text shorter than a trigram, or
 * PostgreSQL without pg_trgm, reads every order.
 */
export function ordersContaining(db: Db, text: string) {
  return (eb: ExpressionBuilder<Database, "orders">) => {
    const pattern = likePattern(text);
    // ESCAPE names the backslash on both engines (SQLite's LIKE has no escape character of its own).
    const contains = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    const anyColumn = eb.or(
      ["orders.number", "orders.shipping_name", "orders.customer_name", "orders.email"].map(contains),
    );
    if ([...text].length < TRIGRAM) return anyColumn;
    if (!isSqlite(db))
      return eb(
        "orders.id",
        "in",
        sql<number>`(
        select id from orders
        where ${sql.raw(SEARCH_INDEXED)} and ${sql.raw(ORDER_SEARCH_TEXT)} like ${pattern} escape '\\' and ${anyColumn}
        union all
        select id from orders where status = 'pending_payment' and ${anyColumn})`,
      );
    return eb(
      "orders.id",
      "in",
      sql<number>`(
      select rowid from orders_search where orders_search match ${ftsPhrase(text)}
      union all
      select id from orders where id > (select indexed_through from orders_search_position) and ${anyColumn})`,
    );
  };
}

/** Orders added to SQLite's search index per transaction: each batch holds the write lock for a few milliseconds. */
const BATCH = 500;

/**
 * Adds the orders placed since the last run to SQLite's search index
 * (migration 022), a batch per transaction with the event loop given back
 * between them, and answers how many it added: all of them, or at most
 * `batches` batches (the job's pace in a rush, jobs.ts). A checkout no
 * longer writes the index itself: it cost a tenth of checkout's
 * throughput. A batch runs under SQLite's write lock (BEGIN IMMEDIATE,
 * steps.ts) from where it reads how far the index has come: two processes
 * never add an order twice. PostgreSQL's trigram index is written with the
 * row once it is paid or expired (migration 027): nothing to do.
 */
export async function indexNewOrdersForSearch(
  db: Db,
  options: { signal?: AbortSignal; batches?: number } = {},
): Promise<number> {
  if (!isSqlite(db)) return 0;
  const { signal, batches = Infinity } = options;
  let added = 0;
  for (let run = 1; ; run++) {
    const batch = await runSteps(db, () => indexBatch(db), { transaction: true });
    added += batch;
    if (batch < BATCH || run >= batches || signal?.aborted) return added;
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
      (select max(id) from (select id from orders where id > indexed_through order by id limit ${BATCH})), indexed_through)`.compile(
    db,
  );
  return Number(inserted.numAffectedRows ?? 0);
}
