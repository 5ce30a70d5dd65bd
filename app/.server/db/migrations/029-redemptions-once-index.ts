import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";
import { rebuildSqliteTable } from "../sqlite-rebuild";

/** Migration 025's constraint, and the index that takes its place under the same name. */
const ONCE_PER_CUSTOMER = "discount_redemptions_once_per_customer";
const CONSTRAINT = `, constraint "${ONCE_PER_CUSTOMER}" unique ("discount_id", "email_key")`;

/**
 * A redemption is unique per code and email only where it has an email key:
 * a one-per-customer code's. Migration 025's constraint also indexed every
 * other code's redemptions, whose key is null and never conflicts, so each
 * checkout with such a code wrote that index besides the table: on SQLite
 * an order's insert and commit took 27 µs more with its redemption, and 13
 * µs more with the partial index (issue #33 asks that a code's checkout
 * cost at most 10 % more than one without). The partial unique index keeps
 * the promise for the codes that make it; a code's uses are counted from
 * the table itself, which only the owner's screens do.
 */
export async function up(db: Kysely<unknown>) {
  if (isSqlite(db))
    await rebuildSqliteTable(db, "discount_redemptions", (table) => {
      if (!table.includes(CONSTRAINT)) throw new Error(`discount_redemptions has no ${ONCE_PER_CUSTOMER} constraint`);
      return table.replace(CONSTRAINT, "");
    });
  else await sql`alter table discount_redemptions drop constraint ${sql.id(ONCE_PER_CUSTOMER)}`.execute(db);
  await db.schema
    .createIndex(ONCE_PER_CUSTOMER)
    .unique()
    .on("discount_redemptions")
    .columns(["discount_id", "email_key"])
    .where(sql.ref("email_key"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex(ONCE_PER_CUSTOMER).execute();
  if (isSqlite(db))
    await rebuildSqliteTable(db, "discount_redemptions", (table) => `${table.slice(0, -1)}${CONSTRAINT})`);
  else
    await sql`alter table discount_redemptions add constraint ${sql.id(ONCE_PER_CUSTOMER)} unique (discount_id, email_key)`.execute(
      db,
    );
}
