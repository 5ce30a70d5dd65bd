import { type Kysely, sql } from "kysely";
import { identityColumn } from "../engine";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("categories")
    .addColumn("id", "integer", identityColumn(db))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("route", "text", (col) => col.notNull())
    .addColumn("image_url", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("category_id", "integer", (col) => col.notNull().references("categories.id").onDelete("restrict"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("price_cents", "integer", (col) => col.notNull().check(sqlNonNegative("price_cents")))
    .addColumn("stock", "integer", (col) => col.notNull().check(sqlNonNegative("stock")))
    .addColumn("scent", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("images", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .execute();

  await db.schema
    .createIndex("products_category_position")
    .on("products")
    .columns(["category_id", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("products").execute();
  await db.schema.dropTable("categories").execute();
}

function sqlNonNegative(column: string) {
  return sql`${sql.ref(column)} >= 0`;
}
