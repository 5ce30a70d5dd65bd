import { type Kysely, sql } from "kysely";
import { switchToIncrementalVacuum } from "../space";

/**
 * When a sent email's text, HTML and parameters were removed (OUTBOX_KEEP_DAYS;
 * mail/pruning.ts), and the index that finds the sent emails still to prune
 * (and the queue's waiting ones): only rows not pruned, so it stays the size
 * of the last few months of mail. On SQLite, the pages pruning frees go
 * back to the file system from now on, at once in a database small enough to
 * switch here and in a larger one once restored from a backup (db/space.ts).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("outbox").addColumn("pruned_at", "bigint").execute();
  await db.schema
    .createIndex("outbox_unpruned")
    .on("outbox")
    .columns(["status", "sent_at"])
    .where(sql.ref("pruned_at"), "is", null)
    .execute();
  await switchToIncrementalVacuum(db);
}

/** The bodies already removed stay removed; SQLite keeps giving pages back (a storage setting no query sees). */
export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("outbox_unpruned").execute();
  await db.schema.alterTable("outbox").dropColumn("pruned_at").execute();
}
