import { type Kysely, sql } from "kysely";

/**
 * The shop's own name, links and words (DESIGN.md, "The shop's own name,
 * pages and policies"): one row per setting the owner has saved, so a key
 * that is absent keeps its default (SPEC's texts, the name Wickshop, the
 * `*_URL` variables) and a fresh shop reads exactly as before.
 * `settings_version` changes with every save, so each process knows to read
 * them again.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("shop_settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("settings_version")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("version", "integer", (col) => col.notNull())
    .execute();
  await sql`insert into settings_version (id, version) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("settings_version").execute();
  await db.schema.dropTable("shop_settings").execute();
}
