import type { Kysely } from "kysely";

/**
 * The catalog version the page cache keys on (docs/decisions/001-page-cache.md):
 * counters that every stock or catalog write increments in its own
 * transaction; the version is their sum. Rows appear as writes first touch
 * them, so the table starts empty (version 0).
 *
 * Also indexes that match the catalog's queries: products of a category in
 * page order (`position, id`), and categories in menu order.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("catalog_version")
    .addColumn("shard", "integer", (col) => col.primaryKey())
    .addColumn("version", "bigint", (col) => col.notNull())
    .execute();

  await db.schema.dropIndex("products_category_position").execute();
  await db.schema
    .createIndex("products_category_page")
    .on("products")
    .columns(["category_id", "position", "id"])
    .execute();
  await db.schema.createIndex("categories_menu").on("categories").columns(["position", "id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("categories_menu").execute();
  await db.schema.dropIndex("products_category_page").execute();
  await db.schema
    .createIndex("products_category_position")
    .on("products")
    .columns(["category_id", "position"])
    .execute();
  await db.schema.dropTable("catalog_version").execute();
}
