import type { Kysely } from "kysely";

/**
 * Two columns of a pending order:
 * - `held_by`: the address that placed it, kept only while it is pending, so
 *   the units one address holds in unpaid orders can be capped;
 * - `expiry_claimed_until`: while a process settles the order's expiry with
 *   its payment provider, no other process takes it up (a lease that a crash
 *   gives back).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("orders").addColumn("held_by", "text").execute();
  await db.schema.alterTable("orders").addColumn("expiry_claimed_until", "bigint").execute();
  await db.schema.createIndex("orders_held_by").on("orders").column("held_by").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("orders_held_by").execute();
  await db.schema.alterTable("orders").dropColumn("expiry_claimed_until").execute();
  await db.schema.alterTable("orders").dropColumn("held_by").execute();
}
