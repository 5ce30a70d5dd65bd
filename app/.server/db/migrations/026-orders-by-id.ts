import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";
import { partialIndex } from "./022-lighter-order-inserts";

/**
 * The orders list, its CSV and a shopper's orders go newest first by id
 * alone: an order's id and its `created_at` are both set by its insert, so
 * they grow together, and the indexes of migration 020 no longer carry
 * `created_at` into every checkout's insert (its paired bench runs put
 * SQLite's checkout at the 5 % target's edge):
 *
 * - `orders_placed` (created_at, id) goes: newest first is the primary
 *   key's own order.
 * - `orders_status_placed` (status, created_at, id) becomes `orders_status`,
 *   over every order but the unpaid: a checkout's insert (pending_payment)
 *   writes nothing into it, its payment does. The few unpaid orders are
 *   listed through `orders_status_expires` (the expiry job's), sorted.
 *   SQLite uses a partial index only for a query that repeats its WHERE
 *   term as written, so the list adds `UNPAID_LEFT_OUT` (order-list.ts).
 * - `orders_shopper` (user_id, created_at, id), partial as 022 made it,
 *   keeps its name.
 *
 * Both are (…, id) on PostgreSQL; on SQLite the id is left out, as every
 * index there ends with the rowid, which `orders.id` is.
 *
 * `orders_paid` (paid_at, amount_cents), partial as 022 made it, also holds
 * what the tax report and sales by state sum (tax-report.ts): read by one
 * range scan of the index alone, not a lookup of each order's row. A
 * payment writes it; a checkout's insert does not.
 */
/** `orders_status`'s WHERE, which a query must repeat word for word for SQLite to use the index. */
export const UNPAID_LEFT_OUT = "status <> 'pending_payment'";

export async function up(db: Kysely<unknown>) {
  const thenId = isSqlite(db) ? [] : ["id"];
  await db.schema.dropIndex("orders_placed").execute();
  await db.schema.dropIndex("orders_status_placed").execute();
  await db.schema
    .createIndex("orders_status")
    .on("orders")
    .columns(["status", ...thenId])
    .where(sql.raw<boolean>(UNPAID_LEFT_OUT))
    .execute();
  await partialIndex(db, "orders_shopper", ["user_id", ...thenId], "user_id");
  await partialIndex(db, "orders_paid", [...PAID_SUMMED], "paid_at");
}

/** What Today, the tax report and sales by state read of a paid order, in `orders_paid`. */
const PAID_SUMMED = [
  "paid_at",
  "amount_cents",
  "shipping_state",
  "tax_state",
  "subtotal_cents",
  "discount_cents",
  "tax_shipping",
  "shipping_cents",
  "tax_cents",
];

export async function down(db: Kysely<unknown>) {
  await partialIndex(db, "orders_paid", ["paid_at", "amount_cents"], "paid_at");
  await partialIndex(db, "orders_shopper", ["user_id", "created_at", "id"], "user_id");
  await db.schema.dropIndex("orders_status").execute();
  await db.schema.createIndex("orders_status_placed").on("orders").columns(["status", "created_at", "id"]).execute();
  await db.schema.createIndex("orders_placed").on("orders").columns(["created_at", "id"]).execute();
}
