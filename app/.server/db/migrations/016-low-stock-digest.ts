import type { Kysely } from "kysely";

/**
 * The owners who asked for the daily low-stock email (/admin/account), and
 * the shop-time-zone day each last got one: claiming the day with a
 * conditional update is what sends it once, whatever number of processes.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("low_stock_digests")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("last_sent_day", "text")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("low_stock_digests").execute();
}
