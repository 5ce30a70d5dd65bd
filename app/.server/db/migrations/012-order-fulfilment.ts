import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";
import { rebuildSqliteTable } from "../sqlite-rebuild";

const OLD_CHECK = "check (status in ('pending_payment', 'paid', 'expired', 'cancelled'))";
const NEW_CHECK = "check (status in ('pending_payment', 'paid', 'shipped', 'refunded', 'expired'))";

/**
 * DESIGN.md's order statuses: paid orders are shipped and refunded by the
 * owner; "cancelled", which nothing ever set, goes. SQLite cannot change a
 * check in place, so there the table is rebuilt (db/sqlite-rebuild.ts);
 * PostgreSQL swaps the constraint.
 */
async function replaceStatusCheck(db: Kysely<unknown>) {
  if (!isSqlite(db)) {
    const { rows } = await sql<{ conname: string }>`
      select conname from pg_constraint
      where conrelid = 'orders'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%status%'`.execute(db);
    for (const { conname } of rows) await sql`alter table orders drop constraint ${sql.id(conname)}`.execute(db);
    await sql`alter table orders add constraint orders_status_check ${sql.raw(NEW_CHECK)}`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, "orders", (table) => {
    if (!table.includes(OLD_CHECK))
      throw new Error("The orders table's status check is not the one this migration replaces");
    return table.replace(OLD_CHECK, NEW_CHECK);
  });
}

/** Also what shipping records: when, by which carrier, and the tracking number; and when a refund was made. */
export async function up(db: Kysely<unknown>) {
  await replaceStatusCheck(db);
  await db.schema.alterTable("orders").addColumn("shipped_at", "bigint").execute();
  await db.schema.alterTable("orders").addColumn("carrier", "text").execute();
  await db.schema.alterTable("orders").addColumn("tracking_number", "text").execute();
  await db.schema.alterTable("orders").addColumn("refunded_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>) {
  for (const column of ["refunded_at", "tracking_number", "carrier", "shipped_at"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
