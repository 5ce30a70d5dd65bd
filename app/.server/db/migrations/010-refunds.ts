import { type Kysely, sql } from "kysely";
import { identityColumn } from "../engine";

/**
 * Money to give back, one row per payment: a payment that came in for an
 * order that could not take it (expired, or another amount), and later the
 * owner's refunds. A job sends each to the order's own provider, retrying
 * with backoff like the outbox; the unique payment makes it exactly once.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("refunds")
    .addColumn("id", "integer", identityColumn(db))
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id"))
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("payment_ref", "text", (col) => col.notNull())
    .addColumn("amount_cents", "integer", (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'refunded', 'failed')`))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (col) => col.notNull())
    .addColumn("last_error", "text")
    .addColumn("provider_refund_id", "text")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("refunded_at", "bigint")
    .addUniqueConstraint("refunds_provider_payment", ["provider", "payment_ref"])
    .execute();
  await db.schema.createIndex("refunds_status_next").on("refunds").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("refunds").execute();
}
