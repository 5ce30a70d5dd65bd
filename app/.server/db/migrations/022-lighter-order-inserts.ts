import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";

/**
 * Migration 020's indexes cost every checkout: in paired runs on a grown
 * SQLite shop, checkout's ratio to its limit fell from 0.65–0.70 to
 * 0.46–0.56, a fifth. Most of it went to the search index, written by a
 * trigger inside each checkout's transaction, and the rest to four more
 * B-trees on `orders`.
 *
 * - On SQLite the search index is no longer written by the order's insert:
 *   a job adds new orders to it in batches (db/search.ts), and
 *   `orders_search_position` says how far it has come. The search reads the
 *   few orders past that point directly, so it still finds every order.
 *   The triggers for a change or a deletion (neither happens in the shop;
 *   SQL typed by hand may) act only on orders the index already holds.
 * - A shopper's orders and the orders paid are indexed only where there is
 *   one: a guest's order and an unpaid one skip those indexes.
 */
export async function up(db: Kysely<unknown>) {
  await partialIndex(db, "orders_shopper", ["user_id", "created_at", "id"], "user_id");
  await partialIndex(db, "orders_paid", ["paid_at", "amount_cents"], "paid_at");
  if (!isSqlite(db)) return;
  for (const trigger of ["insert", "update", "delete"])
    await sql.raw(`drop trigger orders_search_${trigger}`).execute(db);
  await sql`create table orders_search_position (id integer primary key check (id = 1), indexed_through integer not null)`.execute(
    db,
  );
  await sql`insert into orders_search_position (id, indexed_through) select 1, coalesce(max(id), 0) from orders`.execute(
    db,
  );
  const indexed = "(select indexed_through from orders_search_position)";
  await searchTrigger(db, "delete", `after delete on orders when old.id <= ${indexed}`, [removed]);
  await searchTrigger(db, "update", `after update of ${COLUMNS} on orders when old.id <= ${indexed}`, [removed, added]);
}

/** The columns the search looks in, as migration 020 indexed them. */
const COLUMNS = "number, shipping_name, customer_name, email";
const removed = `insert into orders_search(orders_search, rowid, ${COLUMNS}) values ('delete', old.id, old.number, old.shipping_name, old.customer_name, old.email);`;
const added = `insert into orders_search(rowid, ${COLUMNS}) values (new.id, new.number, new.shipping_name, new.customer_name, new.email);`;

async function searchTrigger(db: Kysely<unknown>, name: string, when: string, statements: string[]) {
  await sql.raw(`create trigger orders_search_${name} ${when} begin ${statements.join(" ")} end`).execute(db);
}

/** Builds the index `name` on orders again, with `columns`, over only the orders where `present` is not null (all with undefined). */
export async function partialIndex(db: Kysely<unknown>, name: string, columns: string[], present: string | undefined) {
  await db.schema.dropIndex(name).execute();
  let index = db.schema.createIndex(name).on("orders").columns(columns);
  if (present) index = index.where(sql.ref(present), "is not", null);
  await index.execute();
}

export async function down(db: Kysely<unknown>) {
  if (isSqlite(db)) {
    for (const trigger of ["update", "delete"]) await sql.raw(`drop trigger orders_search_${trigger}`).execute(db);
    await sql`drop table orders_search_position`.execute(db);
    await searchTrigger(db, "insert", "after insert on orders", [added]);
    await searchTrigger(db, "delete", "after delete on orders", [removed]);
    await searchTrigger(db, "update", `after update of ${COLUMNS} on orders`, [removed, added]);
    await sql`insert into orders_search(orders_search) values ('rebuild')`.execute(db);
  }
  await partialIndex(db, "orders_paid", ["paid_at", "amount_cents"], undefined);
  await partialIndex(db, "orders_shopper", ["user_id", "created_at", "id"], undefined);
}
