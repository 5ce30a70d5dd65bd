import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

describe(`migrations on ${testEngine}`, () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it("build the schema from an empty database, and a second run changes nothing", async () => {
    database = await createTestDatabase({ migrate: false });
    expect(await migrateToLatest(database.db)).toEqual(["001-catalog", "002-orders", "003-accounts", "004-outbox-params", "005-payment-ref-index"]);
    expect(await migrateToLatest(database.db)).toEqual([]);

    const tables = (await database.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(["categories", "products"]));
  });

  it("enforce what the data must never hold", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const category = await db
      .insertInto("categories")
      .values({ slug: "wax", title: "Wax", route: "shop/wax", image_url: "/x.webp", position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const product = { id: 1, category_id: category.id, name: "A", price_cents: 100, stock: 1, scent: "", description: "", images: "[]", position: 0 };
    await db.insertInto("products").values(product).execute();

    await expect(db.updateTable("products").set({ stock: -1 }).execute()).rejects.toThrow();
    await expect(db.insertInto("products").values({ ...product, id: 2, category_id: 999 }).execute()).rejects.toThrow();
    await expect(
      db.insertInto("categories").values({ slug: "wax", title: "Wax", route: "shop/wax", image_url: "/x.webp", position: 1 }).execute(),
    ).rejects.toThrow();
  });
});
