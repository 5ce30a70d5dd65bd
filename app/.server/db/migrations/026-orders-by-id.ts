import type { Kysely } from "kysely";
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
 * - `orders_status_placed` (status, created_at, id) becomes `orders_status`.
 * - `orders_shopper` (user_id, created_at, id), partial as 022 made it,
 *   keeps its name.
 *
 * Both are (…, id) on PostgreSQL; on SQLite the id is left out, as every
 * index there ends with the rowid, which `orders.id` is.
 */
export async function up(db: Kysely<unknown>) {
  const thenId = isSqlite(db) ? [] : ["id"];
  await db.schema.dropIndex("orders_placed").execute();
  await db.schema.dropIndex("orders_status_placed").execute();
  await db.schema
    .createIndex("orders_status")
    .on("orders")
    .columns(["status", ...thenId])
    .execute();
  await partialIndex(db, "orders_shopper", ["user_id", ...thenId], "user_id");
}

export async function down(db: Kysely<unknown>) {
  await partialIndex(db, "orders_shopper", ["user_id", "created_at", "id"], "user_id");
  await db.schema.dropIndex("orders_status").execute();
  await db.schema.createIndex("orders_status_placed").on("orders").columns(["status", "created_at", "id"]).execute();
  await db.schema.createIndex("orders_placed").on("orders").columns(["created_at", "id"]).execute();
}
