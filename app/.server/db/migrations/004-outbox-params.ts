import type { Kysely } from "kysely";

/** The order's fields for template-based transports (EmailJS), as JSON beside the rendered text and HTML. */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("outbox").addColumn("params", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("outbox").dropColumn("params").execute();
}
