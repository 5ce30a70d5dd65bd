import { type Kysely, sql } from "kysely";
import { identityColumn } from "../engine";

/**
 * Discount codes (issue #33, DESIGN.md "Shipping, tax and discount codes").
 *
 * `discounts` is the owner's code. Its `code` is kept in capitals (a CHECK),
 * so the unique constraint is the case-insensitive one the shop promises and
 * a lookup is one indexed equality on either engine. `value` is a percent
 * (1–100), cents off (above 0), or 0 for free shipping. `starts_on` and
 * `ends_on` are days in SHOP_TIME_ZONE ("2026-12-24"), both included.
 * `uses` counts the orders holding the code, pending or paid; it only moves
 * in the same transaction as a row of `discount_redemptions`, and never
 * past `max_uses` (a CHECK as well as the reservation's conditional update).
 * Later, only a code with a `max_uses` keeps `uses`; the shop counts a
 * code's uses from its redemptions (`DiscountTable.uses` in db/schema.ts).
 *
 * `discount_redemptions` is each use, one per order (its key): inserted with
 * the order and `uses + 1`, deleted with `uses - 1` when an unpaid order
 * expires (the delete's row count says whether this process gave it back,
 * so it is given back once), and kept for ever once the order is paid, even
 * refunded. `email_key` is the lower-cased email of a one-per-customer
 * code's order (null otherwise): unique with the code, so two tabs of one
 * shopper cannot both win; nulls are distinct on both engines.
 *
 * The order keeps the code and its kind as sold beside `discount_cents`.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("discounts")
    .addColumn("id", "integer", identityColumn(db))
    .addColumn("code", "text", (col) =>
      col
        .notNull()
        .unique()
        .check(sql`code = upper(code) and length(code) between 1 and 32`),
    )
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('percent', 'amount', 'free_shipping')`))
    .addColumn("value", "integer", (col) => col.notNull())
    .addColumn("minimum_subtotal_cents", "integer", (col) => col.check(sql`minimum_subtotal_cents > 0`))
    .addColumn("starts_on", "text")
    .addColumn("ends_on", "text")
    .addColumn("max_uses", "integer", (col) => col.check(sql`max_uses > 0`))
    .addColumn("uses", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("once_per_customer", "integer", (col) => col.notNull().check(sql`once_per_customer in (0, 1)`))
    .addColumn("active", "integer", (col) => col.notNull().check(sql`active in (0, 1)`))
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addCheckConstraint(
      "discounts_value",
      sql`(kind = 'percent' and value between 1 and 100) or (kind = 'amount' and value > 0)
        or (kind = 'free_shipping' and value = 0)`,
    )
    .addCheckConstraint("discounts_days", sql`starts_on is null or ends_on is null or starts_on <= ends_on`)
    .addCheckConstraint("discounts_uses", sql`uses >= 0 and (max_uses is null or uses <= max_uses)`)
    .execute();
  await db.schema
    .createTable("discount_redemptions")
    .addColumn("order_id", "integer", (col) => col.primaryKey().references("orders.id"))
    .addColumn("discount_id", "integer", (col) => col.notNull().references("discounts.id"))
    .addColumn("email_key", "text", (col) => col.check(sql`email_key = lower(email_key)`))
    .addUniqueConstraint("discount_redemptions_once_per_customer", ["discount_id", "email_key"])
    .execute();
  for (const column of ["discount_code", "discount_kind"])
    await db.schema.alterTable("orders").addColumn(column, "text").execute();
}

export async function down(db: Kysely<unknown>) {
  for (const column of ["discount_kind", "discount_code"])
    await db.schema.alterTable("orders").dropColumn(column).execute();
  await db.schema.dropTable("discount_redemptions").execute();
  await db.schema.dropTable("discounts").execute();
}
