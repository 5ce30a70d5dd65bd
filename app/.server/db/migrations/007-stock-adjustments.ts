import { type Kysely, sql } from "kysely";
import { identityColumn } from "../engine";

/**
 * Every change of stock that is not an order: what a catalog import set, as
 * a difference. With it DESIGN.md's invariant holds at every moment, imports
 * included: per product, the sum of adjustments = stock + units in pending
 * and paid orders.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("stock_adjustments")
    .addColumn("id", "integer", identityColumn(db))
    // No foreign key: the record outlives a product an import removes, as order lines do.
    .addColumn("product_id", "integer", (col) => col.notNull())
    .addColumn("delta", "integer", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("stock_adjustments_product").on("stock_adjustments").column("product_id").execute();

  // The opening balance of a shop that ran before this table: what it holds now plus what orders hold.
  await sql`
    insert into stock_adjustments (product_id, delta, reason, created_at)
    select p.id,
           p.stock + coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                               where i.product_id = p.id and o.status in ('pending_payment', 'paid')), 0),
           'opening balance',
           ${Date.now()}
    from products p`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("stock_adjustments").execute();
}
