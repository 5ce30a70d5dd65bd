import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";

/**
 * The columns better-auth's admin plugin reads on every session: the user's
 * role ("owner" opens /admin; anyone else is a shopper) and its ban fields,
 * and who impersonates a session. The shop uses the roles only; the rest must
 * exist because the plugin selects and writes them.
 */
export async function up(db: Kysely<unknown>) {
  const sqlite = isSqlite(db);
  await db.schema.alterTable("user").addColumn("role", "text").execute();
  await db.schema
    .alterTable("user")
    .addColumn("banned", sqlite ? "integer" : "boolean", (col) => col.notNull().defaultTo(sqlite ? 0 : sql`false`))
    .execute();
  await db.schema.alterTable("user").addColumn("banReason", "text").execute();
  await db.schema
    .alterTable("user")
    .addColumn("banExpires", sqlite ? "date" : "timestamptz")
    .execute();
  await db.schema.alterTable("session").addColumn("impersonatedBy", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("session").dropColumn("impersonatedBy").execute();
  for (const column of ["banExpires", "banReason", "banned", "role"]) {
    await db.schema.alterTable("user").dropColumn(column).execute();
  }
}
