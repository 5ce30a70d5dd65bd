import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";

const REFUSAL = "The activity log is never edited";

/**
 * 013's row triggers left two ways around them. On PostgreSQL, TRUNCATE fires
 * no row trigger, so it emptied the log. On SQLite, INSERT OR REPLACE (and
 * REPLACE INTO) over an entry's id deletes the entry without firing its delete
 * trigger (recursive_triggers is off), so it rewrote the entry.
 *
 * SQLite's refusal of an existing id has to look before the insert, and a
 * before-insert trigger sees -1 as the id of a row SQLite is still to
 * number: an entry standing at -1 would make every new one look taken, so an
 * entry below 1, which the database never gives out, is refused too.
 */
export async function up(db: Kysely<unknown>) {
  if (isSqlite(db)) {
    await sql
      .raw(
        `create trigger activity_no_replace before insert on activity when exists (select 1 from activity where id = new.id) begin select raise(abort, '${REFUSAL}'); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger activity_ids_from_one after insert on activity when new.id < 1 begin select raise(abort, '${REFUSAL}'); end`,
      )
      .execute(db);
    return;
  }
  await sql`create trigger activity_no_truncate before truncate on activity for each statement execute function activity_append_only()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  if (isSqlite(db)) {
    await sql`drop trigger activity_no_replace`.execute(db);
    await sql`drop trigger activity_ids_from_one`.execute(db);
    return;
  }
  await sql`drop trigger activity_no_truncate on activity`.execute(db);
}
