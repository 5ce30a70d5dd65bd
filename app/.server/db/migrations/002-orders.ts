import { type Kysely, sql } from "kysely";
import { identityColumn } from "../engine";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", identityColumn(db))
    .addColumn("number", "text", (col) => col.notNull().unique())
    .addColumn("user_id", "text")
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('pending_payment', 'paid', 'expired', 'cancelled')`),
    )
    .addColumn("customer_name", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("shipping_name", "text", (col) => col.notNull())
    .addColumn("shipping_address", "text", (col) => col.notNull())
    .addColumn("shipping_city", "text", (col) => col.notNull())
    .addColumn("shipping_state", "text", (col) => col.notNull())
    .addColumn("shipping_zip", "text", (col) => col.notNull())
    .addColumn("phone", "text")
    .addColumn("amount_cents", "integer", (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("payment_provider", "text", (col) => col.notNull())
    .addColumn("payment_ref", "text")
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("paid_at", "bigint")
    .addColumn("expires_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("orders_status_expires").on("orders").columns(["status", "expires_at"]).execute();

  // No foreign key to products: an order keeps its own copy of what was bought,
  // even after a catalog import removes the product.
  await db.schema
    .createTable("order_items")
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("price_cents", "integer", (col) => col.notNull())
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn("scent", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("order_items_pk", ["order_id", "product_id"])
    .execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "integer", identityColumn(db))
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("order_id", "integer", (col) => col.references("orders.id"))
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addUniqueConstraint("payment_events_provider_event", ["provider", "event_id"])
    .execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", identityColumn(db))
    .addColumn("order_id", "integer", (col) => col.references("orders.id"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("to", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("html", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (col) => col.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
  await db.schema.createIndex("outbox_status_next").on("outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("window_start", "bigint", (col) => col.notNull())
    .addColumn("hits", "integer", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["rate_limits", "outbox", "payment_events", "order_items", "orders"]) {
    await db.schema.dropTable(table).execute();
  }
}
