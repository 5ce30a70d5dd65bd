import { type Kysely, sql } from "kysely";
import { identityColumn, isSqlite } from "../engine";
import { rebuildSqliteTable } from "../sqlite-rebuild";

/** The most a rate can be: 20 % in millionths (app/lib/tax-rate.ts). */
const RATE_CHECK = (column: string) => sql.raw(`${column} between 0 and 200000`);

/**
 * What an order's amount is made of, enforced: the items, less a discount
 * (0 until discount codes), plus shipping and tax. Named so the codes issue
 * finds it; written now so that one adds no table rebuild.
 */
const BREAKDOWN = "orders_amount_breakdown";
const BREAKDOWN_CHECK = `check (subtotal_cents >= 0 and discount_cents >= 0 and discount_cents <= subtotal_cents
  and shipping_cents >= 0 and tax_cents >= 0
  and amount_cents = subtotal_cents - discount_cents + shipping_cents + tax_cents)`;

/**
 * Shipping rates and sales tax (issue #31, DESIGN.md "Shipping, tax and
 * discount codes"). Each order keeps what it was charged and why: the
 * subtotal, the discount, the shipping rate's id, name and price with the
 * cart's weight at sale, and the tax with its state, ZIP, rate and whether
 * shipping was taxed; none of it is computed again. Orders placed before
 * were the items' total alone: their subtotal is their amount. Products get
 * a weight (hundredths of an ounce, app/lib/weight.ts). The owner's setup:
 * zones of states (a state in one zone at most) with their rates, the tax
 * states with their rates (millionths: 7.25 % is 72,500) and the optional
 * rates per ZIP code. `pricing_version` changes with every change to the
 * setup, so each process knows to read it again.
 */
export async function up(db: Kysely<unknown>) {
  for (const column of ["subtotal_cents", "discount_cents", "shipping_cents", "tax_cents"])
    await db.schema
      .alterTable("orders")
      .addColumn(column, "integer", (col) => col.notNull().defaultTo(0))
      .execute();
  for (const [column, type] of [
    ["shipping_rate_id", "integer"],
    ["shipping_rate_name", "text"],
    ["shipping_weight", "integer"],
    ["tax_state", "text"],
    ["tax_zip", "text"],
    ["tax_rate_millionths", "integer"],
    ["tax_shipping", "integer"],
  ] as const)
    await db.schema.alterTable("orders").addColumn(column, type).execute();
  await sql`update orders set subtotal_cents = amount_cents`.execute(db);
  if (isSqlite(db))
    await rebuildSqliteTable(
      db,
      "orders",
      (table) => `${table.slice(0, -1)}, constraint ${BREAKDOWN} ${BREAKDOWN_CHECK})`,
    );
  else await sql`alter table orders add constraint ${sql.id(BREAKDOWN)} ${sql.raw(BREAKDOWN_CHECK)}`.execute(db);

  await db.schema
    .alterTable("products")
    .addColumn("weight", "integer", (col) => col.check(sql`weight > 0`))
    .execute();

  await db.schema
    .createTable("shipping_zones")
    .addColumn("id", "integer", identityColumn(db))
    .addColumn("name", "text", (col) => col.notNull().unique())
    .execute();
  await db.schema
    .createTable("shipping_zone_states")
    .addColumn("state", "text", (col) => col.primaryKey())
    .addColumn("zone_id", "integer", (col) => col.notNull().references("shipping_zones.id").onDelete("cascade"))
    .execute();
  await db.schema
    .createTable("shipping_rates")
    .addColumn("id", "integer", identityColumn(db))
    .addColumn("zone_id", "integer", (col) => col.notNull().references("shipping_zones.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("price_cents", "integer", (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn("estimate", "text")
    .addColumn("condition", "text", (col) => col.notNull().check(sql`condition in ('always', 'subtotal', 'weight')`))
    .addColumn("range_from", "integer", (col) => col.check(sql`range_from >= 0`))
    .addColumn("range_to", "integer", (col) => col.check(sql`range_to > 0`))
    .addCheckConstraint(
      "shipping_rates_range",
      sql`(condition = 'always' and range_from is null and range_to is null)
        or (condition <> 'always' and (range_from is null or range_to is null or range_from < range_to))`,
    )
    .execute();
  await db.schema.createIndex("shipping_rates_zone").on("shipping_rates").column("zone_id").execute();
  await db.schema
    .createTable("tax_states")
    .addColumn("state", "text", (col) => col.primaryKey())
    .addColumn("rate_millionths", "integer", (col) => col.notNull().check(RATE_CHECK("rate_millionths")))
    .addColumn("taxes_shipping", "integer", (col) => col.notNull().check(sql`taxes_shipping in (0, 1)`))
    .execute();
  await db.schema
    .createTable("tax_zip_rates")
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("zip", "text", (col) => col.notNull())
    .addColumn("rate_millionths", "integer", (col) => col.notNull().check(RATE_CHECK("rate_millionths")))
    .addPrimaryKeyConstraint("tax_zip_rates_key", ["state", "zip"])
    .execute();
  await db.schema
    .createTable("pricing_version")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("version", "integer", (col) => col.notNull())
    .execute();
  await sql`insert into pricing_version (id, version) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["pricing_version", "tax_zip_rates", "tax_states", "shipping_rates", "shipping_zone_states"])
    await db.schema.dropTable(table).execute();
  await db.schema.dropTable("shipping_zones").execute();
  await db.schema.alterTable("products").dropColumn("weight").execute();
  if (isSqlite(db))
    await rebuildSqliteTable(db, "orders", (table) =>
      table.replace(`, constraint ${BREAKDOWN} ${BREAKDOWN_CHECK}`, ""),
    );
  else await sql`alter table orders drop constraint ${sql.id(BREAKDOWN)}`.execute(db);
  for (const column of [
    "tax_shipping",
    "tax_rate_millionths",
    "tax_zip",
    "tax_state",
    "shipping_weight",
    "shipping_rate_name",
    "shipping_rate_id",
    "tax_cents",
    "shipping_cents",
    "discount_cents",
    "subtotal_cents",
  ])
    await db.schema.alterTable("orders").dropColumn(column).execute();
}
