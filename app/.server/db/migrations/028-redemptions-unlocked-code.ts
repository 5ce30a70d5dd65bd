import type { Kysely } from "kysely";
import { isSqlite } from "../engine";

/**
 * On PostgreSQL a redemption no longer shares its code's row: the foreign
 * key from `discount_redemptions.discount_id` to `discounts` goes. Its check
 * took `for key share` on the code's row at every redemption, and at a launch
 * every checkout redeems the same code: the row's sharers became a multixact
 * that each new one copied (issue #33's bench). A code is never deleted (it
 * is deactivated), so the key had nothing to guard there; the owner's save
 * of a limit now waits for the redemptions being written by locking their
 * table (`saveDiscount`, admin/discounts.ts).
 *
 * SQLite keeps its foreign key: one writer at a time takes no row locks.
 */
export async function up(db: Kysely<unknown>) {
  if (isSqlite(db)) return;
  await db.schema.alterTable("discount_redemptions").dropConstraint(CODE_KEY).execute();
}

/** The name PostgreSQL gave migration 025's foreign key. */
const CODE_KEY = "discount_redemptions_discount_id_fkey";

export async function down(db: Kysely<unknown>) {
  if (isSqlite(db)) return;
  await db.schema
    .alterTable("discount_redemptions")
    .addForeignKeyConstraint(CODE_KEY, ["discount_id"], "discounts", ["id"])
    .execute();
}
