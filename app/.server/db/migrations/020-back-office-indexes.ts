import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";

/** The columns the orders search looks in (app/.server/admin/order-list.ts). */
export const SEARCHED_COLUMNS = ["number", "shipping_name", "customer_name", "email"] as const;

/**
 * What the back office asks of a shop with 100,000 orders, each answered by
 * an index instead of a read of every order: the list newest first and by
 * status, paged by (created_at, id); a shopper's orders; the orders paid in
 * a day's range (Today); an order's emails and refunds; and the search in
 * number, names and email, by trigrams (SQLite's FTS5 trigram tokenizer,
 * PostgreSQL's pg_trgm where it can be had).
 */
export async function up(db: Kysely<unknown>) {
  const indexes: [string, string, string[]][] = [
    ["orders_placed", "orders", ["created_at", "id"]],
    ["orders_status_placed", "orders", ["status", "created_at", "id"]],
    ["orders_shopper", "orders", ["user_id", "created_at", "id"]],
    ["orders_paid", "orders", ["paid_at", "amount_cents"]],
    ["outbox_order", "outbox", ["order_id"]],
    ["refunds_order", "refunds", ["order_id"]],
  ];
  for (const [name, table, columns] of indexes) await db.schema.createIndex(name).on(table).columns(columns).execute();
  if (isSqlite(db)) await searchBySqliteTrigrams(db);
  else await searchByPgTrigrams(db);
}

/**
 * An FTS5 index of the searched columns, kept by triggers (an external-content
 * table: the text stays in `orders` only). A trigram phrase matches a
 * substring of three or more characters of one column, in any letter case.
 */
async function searchBySqliteTrigrams(db: Kysely<unknown>) {
  const columns = SEARCHED_COLUMNS.join(", ");
  const values = (row: "new" | "old") => SEARCHED_COLUMNS.map((column) => `${row}.${column}`).join(", ");
  const statements = [
    `create virtual table orders_search using fts5(${columns}, content='orders', content_rowid='id', tokenize='trigram')`,
    `create trigger orders_search_insert after insert on orders begin
       insert into orders_search(rowid, ${columns}) values (new.id, ${values("new")}); end`,
    `create trigger orders_search_delete after delete on orders begin
       insert into orders_search(orders_search, rowid, ${columns}) values ('delete', old.id, ${values("old")}); end`,
    `create trigger orders_search_update after update of ${columns} on orders begin
       insert into orders_search(orders_search, rowid, ${columns}) values ('delete', old.id, ${values("old")});
       insert into orders_search(rowid, ${columns}) values (new.id, ${values("new")}); end`,
    `insert into orders_search(orders_search) values ('rebuild')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * A trigram index per searched column, for the same `lower(column) like '%…%'`
 * the search runs anyway. pg_trgm lives in the database, outside the shop's
 * schema (so schemas sharing a database share it), and is created if this
 * connection may; where it cannot be had, the search still works, reading
 * every order as before.
 */
export async function searchByPgTrigrams(db: Kysely<unknown>) {
  const schema = await pgTrgmSchema(db);
  if (!schema) return;
  for (const column of SEARCHED_COLUMNS) {
    await sql
      .raw(
        `create index orders_search_${column} on orders using gin (lower(${column}) ${quoteIdent(schema)}.gin_trgm_ops)`,
      )
      .execute(db);
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The schema pg_trgm is in, creating it in `public` first if it is not there and this connection may; undefined where it cannot be had. */
export async function pgTrgmSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const installed = async () =>
    (
      await sql<{
        schema: string;
      }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema;
  const found = await installed();
  if (found) return found;
  // A savepoint keeps the migration's transaction usable when the extension cannot be created.
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
  }
  // Another schema's migration may have created it meanwhile.
  return installed();
}

export async function down(db: Kysely<unknown>) {
  if (isSqlite(db)) {
    for (const trigger of ["insert", "delete", "update"])
      await sql.raw(`drop trigger orders_search_${trigger}`).execute(db);
    await sql`drop table orders_search`.execute(db);
  } else {
    for (const column of SEARCHED_COLUMNS) await sql.raw(`drop index if exists orders_search_${column}`).execute(db);
  }
  for (const name of [
    "refunds_order",
    "outbox_order",
    "orders_paid",
    "orders_shopper",
    "orders_status_placed",
    "orders_placed",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
