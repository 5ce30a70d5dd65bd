import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";

/**
 * What the owner's catalog screens need (#16):
 * - products: "Visible in the shop" (1 or 0; a hidden product is gone from
 *   the storefront and cannot be bought) and "Low-stock alert at";
 * - photos: the processed WebP files of uploaded photos, one row per width,
 *   in the database so a backup holds them and every process serves them;
 * - category_redirects: a renamed category's old slugs, answered with a
 *   permanent redirect to the category's current page.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("products")
    .addColumn("visible", "integer", (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`visible in (0, 1)`),
    )
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("low_stock_at", "integer", (col) =>
      col
        .notNull()
        .defaultTo(3)
        .check(sql`low_stock_at >= 0`),
    )
    .execute();

  await db.schema
    .createTable("photos")
    .addColumn("hash", "text", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("bytes", isSqlite(db) ? "blob" : "bytea", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("photos_pk", ["hash", "width"])
    .execute();

  await db.schema
    .createTable("category_redirects")
    .addColumn("slug", "text", (col) => col.primaryKey())
    .addColumn("category_id", "integer", (col) => col.notNull().references("categories.id").onDelete("cascade"))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("category_redirects").execute();
  await db.schema.dropTable("photos").execute();
  await db.schema.alterTable("products").dropColumn("low_stock_at").execute();
  await db.schema.alterTable("products").dropColumn("visible").execute();
}
