import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";
import { rebuildSqliteTable } from "../sqlite-rebuild";

/**
 * Sizes and scents (DESIGN.md, "Sizes and scents"): what is sold is a
 * variant. A product keeps what its variants share (name, photos,
 * description, category) and its options, `products.options`, a JSON list
 * of `{ name, values }` (at most 3, in order); each variant has its own
 * price, stock, SKU, weight and photo, and its values, one per option, in
 * the options' order (`[]` for a product without options, which has one
 * variant).
 *
 * Every existing product becomes one variant with the product's own id, its
 * price, stock and weight, which leave the products table: the stock that
 * can be bought is the variant's, and DESIGN's invariant holds per variant.
 * Order lines and stock adjustments name their variant (the product's one,
 * for those before), and an order line keeps its values as sold, so an
 * order reads the same after the owner changes the options. An order's
 * lines are one per variant: two sizes of one candle are two lines, so the
 * lines' key becomes (order, variant).
 *
 * A variant that has been sold is archived, never deleted (`archived` = 1):
 * gone from the shop and the back office's rows, still the row its orders
 * and adjustments point at. `available` = 0 is the owner's "not for sale".
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("variants")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("option_values", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("price_cents", "integer", (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn("stock", "integer", (col) => col.notNull().check(sql`stock >= 0`))
    .addColumn("sku", "text", (col) => col.unique())
    .addColumn("weight", "integer", (col) => col.check(sql`weight > 0`))
    .addColumn("image", "integer", (col) => col.check(sql`image >= 0`))
    .addColumn("available", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("archived", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("variants_product").on("variants").columns(["product_id", "position", "id"]).execute();
  await sql`
    insert into variants (id, product_id, position, option_values, price_cents, stock, weight)
    select id, id, 0, '[]', price_cents, stock, weight from products`.execute(db);

  await db.schema
    .alterTable("products")
    .addColumn("options", "text", (col) => col.notNull().defaultTo("[]"))
    .execute();
  for (const column of ["price_cents", "stock", "weight"])
    await db.schema.alterTable("products").dropColumn(column).execute();

  await db.schema.alterTable("order_items").addColumn("variant_id", "integer").execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("variant", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await sql`update order_items set variant_id = product_id`.execute(db);
  await keyOrderItemsBy(db, "variant_id");

  await db.schema.alterTable("stock_adjustments").addColumn("variant_id", "integer").execute();
  await sql`update stock_adjustments set variant_id = product_id`.execute(db);
  await db.schema.createIndex("stock_adjustments_variant").on("stock_adjustments").column("variant_id").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("stock_adjustments_variant").execute();
  await db.schema.alterTable("stock_adjustments").dropColumn("variant_id").execute();
  // Fails, changing nothing, while an order holds two variants of one product: those lines cannot be one.
  await keyOrderItemsBy(db, "product_id");
  await db.schema.alterTable("order_items").dropColumn("variant").execute();
  await db.schema.alterTable("order_items").dropColumn("variant_id").execute();
  await db.schema
    .alterTable("products")
    .addColumn("price_cents", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`price_cents >= 0`),
    )
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("stock", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("weight", "integer", (col) => col.check(sql`weight > 0`))
    .execute();
  // A product's first variant gives it back its price and weight; its stock is all its variants'.
  await sql`
    update products set
      price_cents = (select v.price_cents from variants v where v.product_id = products.id order by v.archived, v.position, v.id limit 1),
      weight = (select v.weight from variants v where v.product_id = products.id order by v.archived, v.position, v.id limit 1),
      stock = (select coalesce(sum(v.stock), 0) from variants v where v.product_id = products.id)`.execute(db);
  await db.schema.alterTable("products").dropColumn("options").execute();
  await db.schema.dropTable("variants").execute();
}

/** Makes `column` the second part of order_items' key, (order_id, column); variant_id is then never null. */
async function keyOrderItemsBy(db: Kysely<unknown>, column: "variant_id" | "product_id") {
  const other = column === "variant_id" ? "product_id" : "variant_id";
  if (isSqlite(db)) {
    await rebuildSqliteTable(db, "order_items", (table) =>
      table
        .replace('"variant_id" integer,', '"variant_id" integer not null,')
        .replace(`primary key ("order_id", "${other}")`, `primary key ("order_id", "${column}")`),
    );
    return;
  }
  await sql`alter table order_items drop constraint order_items_pk`.execute(db);
  await sql`alter table order_items alter column variant_id set not null`.execute(db);
  await sql`alter table order_items add constraint order_items_pk primary key (order_id, ${sql.ref(column)})`.execute(
    db,
  );
}
