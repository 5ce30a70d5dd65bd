import type { Kysely } from "kysely";

/** Where a reply to the email goes: the shopper, for the owner's order notification. */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("outbox").addColumn("reply_to", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("outbox").dropColumn("reply_to").execute();
}
