import type { Kysely } from "kysely";

/**
 * products.image_alts: the alt text the owner wrote for each photo, as a JSON
 * object from the photo's URL to its text. Keyed by URL, not by place, so
 * reordering photos or a catalog import that changes them never gives a
 * photo another's words; a photo without one reads as before (app/lib/photo-alt.ts).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("products")
    .addColumn("image_alts", "text", (col) => col.notNull().defaultTo("{}"))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("products").dropColumn("image_alts").execute();
}
