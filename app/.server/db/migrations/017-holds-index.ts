import type { Kysely } from "kysely";

/**
 * The units an address holds (checkout's holding limit) are summed over its
 * pending, unexpired orders. With an index on `held_by` alone, SQLite's
 * planner (which has no statistics) chose `orders_status_expires` instead and
 * read every pending order in the shop for each checkout: during a launch,
 * the longer the queue of unpaid orders, the slower each checkout. One index
 * on all three columns answers the query from that address's rows alone.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createIndex("orders_held_by_status_expires")
    .on("orders")
    .columns(["held_by", "status", "expires_at"])
    .execute();
  await db.schema.dropIndex("orders_held_by").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.createIndex("orders_held_by").on("orders").column("held_by").execute();
  await db.schema.dropIndex("orders_held_by_status_expires").execute();
}
