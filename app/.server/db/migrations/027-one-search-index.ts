import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";
import { SEARCHED_COLUMNS, pgTrgmSchema, quoteIdent, searchByPgTrigrams } from "./020-back-office-indexes";

/**
 * PostgreSQL's search in one trigram index instead of four (migration 020
 * made one per searched column). Every checkout's insert wrote all four:
 * at 100,000 orders they cost checkout 6–11 % of its rate, against issue
 * #29's 5 %. One index over an order's searched text together holds each
 * trigram once: a shipping name that is the customer's own name is left
 * out of it, and a name that is also in the email shares its trigrams. A
 * bulk insert of 50,000 orders spent half the time on it that it spent on
 * the four. The search (db/search.ts) finds candidates through it and keeps
 * those where one column holds the text, so a text spanning two columns
 * finds nothing, as before. SQLite's search index, written by a job, stays.
 *
 * The index leaves the unpaid orders out, as `orders_status` does (026): a
 * checkout's insert writes nothing into it, and the order's payment or
 * expiry, which rewrites every index of the row anyway (it changes its
 * status), puts it in. The search reads the few unpaid orders one by one
 * through `orders_status_expires`.
 */
/**
 * The orders in migration 027's index, which the search must repeat word
 * for word: every order but the unpaid, as `orders_status` holds (026), but
 * written so that PostgreSQL cannot prove a search covered by that one too.
 * It would then read every paid order through it wherever this index's own
 * statistics lag behind its table (before its first vacuum).
 */
export const SEARCH_INDEXED = "(status <> 'pending_payment') is true";
/** The text migration 027 indexes, which the search must repeat word for word for PostgreSQL to use the index. */
export const ORDER_SEARCH_TEXT =
  "lower(number || ' ' || coalesce(email, '') || ' ' || customer_name || case when shipping_name <> customer_name then ' ' || shipping_name else '' end)";

export async function up(db: Kysely<unknown>) {
  if (isSqlite(db)) return;
  const schema = await pgTrgmSchema(db);
  if (!schema) return;
  for (const column of SEARCHED_COLUMNS) await sql.raw(`drop index if exists orders_search_${column}`).execute(db);
  await sql
    .raw(
      `create index orders_search on orders using gin ((${ORDER_SEARCH_TEXT}) ${quoteIdent(schema)}.gin_trgm_ops) where ${SEARCH_INDEXED}`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (isSqlite(db)) return;
  if (!(await pgTrgmSchema(db))) return;
  await sql`drop index if exists orders_search`.execute(db);
  await searchByPgTrigrams(db);
}
