import { type Kysely, sql } from "kysely";

/**
 * The demo catalog's products, as seed/catalog.json loaded them until now
 * (catalog number and name): frozen here, since a migration must do the same
 * thing whatever the seed file says later.
 */
const DEMO_PRODUCTS: [number, string][] = [
  [1001, "Lavender Fields"],
  [1002, "Vanilla Bean"],
  [1003, "Sea Salt & Sage"],
  [1004, "Honey Beeswax Pillar"],
  [1005, "Cedar & Smoke"],
  [1006, "Fresh Linen"],
  [2001, "Pumpkin Spice"],
  [2002, "Winter Pine"],
  [2003, "Cranberry Orange"],
  [2004, "Peppermint Cocoa"],
  [2005, "Apple Orchard"],
  [3001, "Ocean Breeze"],
  [3002, "Citrus Splash"],
  [3003, "Berry Bubbles"],
  [3004, "Lime Mojito"],
  [3005, "Rose Petal Gel"],
  [4001, "Crackling Fireside"],
  [4002, "Amber & Oud"],
  [4003, "Coffee House"],
  [4004, "Sandalwood Rose"],
  [4005, "Tobacco & Leather"],
  [4006, "Eucalyptus Mint"],
];

/**
 * products.demo: 1 for a product the demo catalog loaded and nobody has
 * changed since ("Before you open" asks the owner to replace them). An
 * owner's save or a catalog import that sets the product clears it. A shop
 * that existed before gets the mark on the products that still have a demo
 * product's catalog number and name: those are the demo's, unless the owner
 * gave her own candle that very number and name.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("products")
    .addColumn("demo", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`demo in (0, 1)`),
    )
    .execute();
  for (const [id, name] of DEMO_PRODUCTS)
    await sql`update products set demo = 1 where id = ${id} and name = ${name}`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("products").dropColumn("demo").execute();
}
