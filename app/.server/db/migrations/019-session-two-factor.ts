import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";

/**
 * Whether a session gave the second factor (a code from the authenticator
 * app, or a backup code). better-auth keeps no such mark; with it, the back
 * office of an account with two-factor on opens only to a session that gave
 * a code, however the session was made (app/.server/admin/owners.ts).
 * Sessions from before this migration gave none as far as anyone can tell.
 */
export async function up(db: Kysely<unknown>) {
  const sqlite = isSqlite(db);
  await db.schema
    .alterTable("session")
    .addColumn("twoFactorPassed", sqlite ? "integer" : "boolean", (col) =>
      col.notNull().defaultTo(sqlite ? 0 : sql`false`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("session").dropColumn("twoFactorPassed").execute();
}
