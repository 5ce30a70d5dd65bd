import { type ExpressionBuilder, sql } from "kysely";
import type { Database, Db } from ".";
import { isSqlite } from "./engine";

/** `%` and `_` typed in the search box mean themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Trigram indexes (migration 020) find a text of three characters or more; a shorter one reads every order. */
const TRIGRAM = 3;

/** An FTS5 phrase: the text itself, a substring of one column (quotes doubled). */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * Orders whose number, names or email contain `text`, in any letter case,
 * found through each engine's trigram index (migration 020): SQLite's FTS5
 * table, PostgreSQL's pg_trgm indexes on the columns (which LIKE uses).
 * Text shorter than a trigram, or PostgreSQL without pg_trgm, reads every order.
 */
export function ordersContaining(db: Db, text: string) {
  return (eb: ExpressionBuilder<Database, "orders">) => {
    if (isSqlite(db) && [...text].length >= TRIGRAM) {
      return eb("orders.id", "in", sql<number>`(select rowid from orders_search where orders_search match ${ftsPhrase(text)})`);
    }
    const pattern = likePattern(text);
    // ESCAPE names the backslash on both engines (SQLite's LIKE has no escape character of its own).
    const contains = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    return eb.or(["orders.number", "orders.shipping_name", "orders.customer_name", "orders.email"].map(contains));
  };
}
