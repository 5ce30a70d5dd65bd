import type { Kysely } from "kysely";

/** Webhooks find their order by the provider's payment reference. */
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex("orders_payment_ref").on("orders").column("payment_ref").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("orders_payment_ref").execute();
}
