import { type Kysely, sql } from "kysely";
import { identityColumn, isSqlite } from "../engine";

const REFUSAL = "The activity log is never edited";

/**
 * Every owner action, with the values before and after: what DESIGN.md's
 * /admin/activity shows. The database itself refuses to change or delete an
 * entry (triggers on both engines), so no code path can edit the record.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("activity")
    .addColumn("id", "integer", identityColumn(db))
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("actor_id", "text", (col) => col.notNull())
    // The name as it was then: the entry stays readable if the account changes or goes.
    .addColumn("actor_name", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("subject_type", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .execute();
  await db.schema.createIndex("activity_subject").on("activity").columns(["subject_type", "subject"]).execute();
  if (isSqlite(db)) {
    for (const event of ["update", "delete"]) {
      await sql
        .raw(
          `create trigger activity_no_${event} before ${event} on activity begin select raise(abort, '${REFUSAL}'); end`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `create function activity_append_only() returns trigger language plpgsql as $$ begin raise exception '${REFUSAL}'; end $$`,
    )
    .execute(db);
  await sql`create trigger activity_append_only before update or delete on activity for each row execute function activity_append_only()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("activity").execute();
  if (!isSqlite(db)) await sql`drop function activity_append_only()`.execute(db);
}
