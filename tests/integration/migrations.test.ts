import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import { migrations } from "~/.server/db/migrations";
import * as stockAdjustments from "~/.server/db/migrations/007-stock-adjustments";
import * as activityAppendOnly from "~/.server/db/migrations/018-activity-append-only";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

describe(`migrations on ${testEngine}`, () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it("build the schema from an empty database, and a second run changes nothing", async () => {
    database = await createTestDatabase({ migrate: false });
    expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(database.db)).toEqual([]);

    const tables = (await database.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(["categories", "products"]));
  });

  it("open the stock adjustments of a shop that ran before them with what it holds plus what orders hold", async () => {
    database = await createTestDatabase();
    const { db } = database;
    await db.insertInto("categories").values({ id: 1, slug: "wax", title: "Wax", route: "shop/wax", image_url: "/w.webp", position: 0 }).execute();
    const product = { category_id: 1, name: "Candle", price_cents: 1000, scent: "Fig", description: "A candle.", images: "[]", position: 0 };
    await db.insertInto("products").values([{ ...product, id: 5, stock: 4 }, { ...product, id: 6, stock: 0 }]).execute();
    const order = (status: "pending_payment" | "paid" | "expired", key: string) => ({
      number: key, status, customer_name: "Guest", shipping_name: "A", shipping_address: "B", shipping_city: "C", shipping_state: "D",
      shipping_zip: "1", amount_cents: 1000, currency: "usd", payment_provider: "test", idempotency_key: key, created_at: 1, expires_at: 2,
    });
    const ids = await db.insertInto("orders").values([order("paid", "k1"), order("pending_payment", "k2"), order("expired", "k3")]).returning("id").execute();
    const line = (orderId: number, productId: number, quantity: number) => ({ order_id: orderId, product_id: productId, name: "Candle", price_cents: 1000, quantity, scent: "Fig" });
    await db.insertInto("order_items").values([line(ids[0]!.id, 5, 2), line(ids[1]!.id, 5, 1), line(ids[2]!.id, 5, 7), line(ids[1]!.id, 6, 3)]).execute();

    await stockAdjustments.down(db as unknown as Kysely<unknown>);
    await stockAdjustments.up(db as unknown as Kysely<unknown>);
    const opening = await db.selectFrom("stock_adjustments").select(["product_id", "delta", "reason"]).orderBy("product_id").execute();
    expect(opening).toEqual([
      { product_id: 5, delta: 7, reason: "opening balance" },
      { product_id: 6, delta: 3, reason: "opening balance" },
    ]);
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

  it("take the activity log's guards against TRUNCATE and REPLACE off with down, leaving 013's, and put them back with up", async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    const triggers = async () =>
      (testEngine === "sqlite"
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and tbl_name = 'activity' order by name`.execute(db)
        : await sql<{ name: string }>`select tgname as name from pg_trigger where tgrelid = 'activity'::regclass and not tgisinternal order by tgname`.execute(db)
      ).rows.map((row) => row.name);
    await migrateToLatest(db, "017-holds-index");
    const before = await triggers();
    await migrateToLatest(db);
    const guarded = await triggers();
    expect(guarded.length).toBeGreaterThan(before.length);

    await activityAppendOnly.down(db as unknown as Kysely<unknown>);
    expect(await triggers()).toEqual(before);
    await activityAppendOnly.up(db as unknown as Kysely<unknown>);
    expect(await triggers()).toEqual(guarded);
  });

  it("keep every order, line, event and email when the order statuses change, and hold the new statuses", async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    await migrateToLatest(db, "011-owner-role");
    const order = (status: string, key: string) => ({
      number: key, status, customer_name: "Guest", shipping_name: "A", shipping_address: "B", shipping_city: "C", shipping_state: "D",
      shipping_zip: "1", amount_cents: 1000, currency: "usd", payment_provider: "test", idempotency_key: key, created_at: 1, expires_at: 2,
    });
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const ids = await old.insertInto("orders").values([order("paid", "k1"), order("expired", "k2")]).returning("id").execute();
    await old.insertInto("order_items").values({ order_id: ids[0]!.id, product_id: 5, name: "Candle", price_cents: 1000, quantity: 1, scent: "Fig" }).execute();
    await old.insertInto("payment_events").values({ provider: "test", event_id: "e1", order_id: ids[0]!.id, type: "payment_succeeded", created_at: 1 }).execute();
    const before = await db.selectFrom("orders").select(["id", "number", "status", "paid_at"]).orderBy("id").execute();

    await migrateToLatest(db);
    expect(await db.selectFrom("orders").select(["id", "number", "status", "paid_at"]).orderBy("id").execute()).toEqual(before);
    expect(await db.selectFrom("order_items").select(["order_id", "quantity"]).execute()).toEqual([{ order_id: ids[0]!.id, quantity: 1 }]);
    await db.updateTable("orders").set({ status: "shipped", carrier: "USPS", tracking_number: "9400", shipped_at: 3 }).where("number", "=", "k1").execute();
    await db.updateTable("orders").set({ status: "refunded", refunded_at: 4 }).where("number", "=", "k1").execute();
    await expect(old.updateTable("orders").set({ status: "cancelled" }).where("number", "=", "k2").execute()).rejects.toThrow();
    // The lines still belong to their order: a line for no order is refused.
    await expect(old.insertInto("order_items").values({ order_id: 999_999, product_id: 5, name: "X", price_cents: 1, quantity: 1, scent: "" }).execute()).rejects.toThrow();
    await expect(old.insertInto("orders").values(order("paid", "k1")).execute()).rejects.toThrow();
  });
});
