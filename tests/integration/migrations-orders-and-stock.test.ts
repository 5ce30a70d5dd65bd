import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import * as stockAdjustments from "~/.server/db/migrations/007-stock-adjustments";
import * as variants from "~/.server/db/migrations/033-variants";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

/** A shop that ran before a migration keeps its orders and its stock's history through it. */
describe(`migrations of a shop's orders and stock on ${testEngine}`, () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it("open the stock adjustments of a shop that ran before them with what it holds plus what orders hold", async () => {
    database = await createTestDatabase();
    const { db } = database;
    // The products as 007 knew them: their price and stock on the product (before 033).
    await variants.down(db as unknown as Kysely<unknown>);
    await db
      .insertInto("categories")
      .values({ id: 1, slug: "wax", title: "Wax", route: "shop/wax", image_url: "/w.webp", position: 0 })
      .execute();
    await sql`insert into products (id, category_id, name, price_cents, stock, scent, description, images, position)
      values (5, 1, 'Candle', 1000, 4, 'Fig', 'A candle.', '[]', 0), (6, 1, 'Candle', 1000, 0, 'Fig', 'A candle.', '[]', 0)`.execute(
      db,
    );
    const order = (status: "pending_payment" | "paid" | "expired", key: string) => ({
      number: key,
      status,
      customer_name: "Guest",
      shipping_name: "A",
      shipping_address: "B",
      shipping_city: "C",
      shipping_state: "D",
      shipping_zip: "1",
      amount_cents: 1000,
      subtotal_cents: 1000,
      currency: "usd",
      payment_provider: "test",
      idempotency_key: key,
      created_at: 1,
      expires_at: 2,
    });
    const ids = await db
      .insertInto("orders")
      .values([order("paid", "k1"), order("pending_payment", "k2"), order("expired", "k3")])
      .returning("id")
      .execute();
    const line = (orderId: number, productId: number, quantity: number) =>
      sql`insert into order_items (order_id, product_id, name, price_cents, quantity, scent)
        values (${orderId}, ${productId}, 'Candle', 1000, ${quantity}, 'Fig')`.execute(db);
    await line(ids[0]!.id, 5, 2);
    await line(ids[1]!.id, 5, 1);
    await line(ids[2]!.id, 5, 7);
    await line(ids[1]!.id, 6, 3);

    await stockAdjustments.down(db as unknown as Kysely<unknown>);
    await stockAdjustments.up(db as unknown as Kysely<unknown>);
    const opening = await db
      .selectFrom("stock_adjustments")
      .select(["product_id", "delta", "reason"])
      .orderBy("product_id")
      .execute();
    expect(opening).toEqual([
      { product_id: 5, delta: 7, reason: "opening balance" },
      { product_id: 6, delta: 3, reason: "opening balance" },
    ]);

    // 033 makes each product one variant with its id, price, stock and weight; lines and adjustments name it.
    await sql`update products set weight = 850 where id = 5`.execute(db);
    await variants.up(db as unknown as Kysely<unknown>);
    expect(
      await db
        .selectFrom("variants")
        .select(["id", "product_id", "option_values", "price_cents", "stock", "weight", "available", "archived"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      {
        id: 5,
        product_id: 5,
        option_values: "[]",
        price_cents: 1000,
        stock: 4,
        weight: 850,
        available: 1,
        archived: 0,
      },
      {
        id: 6,
        product_id: 6,
        option_values: "[]",
        price_cents: 1000,
        stock: 0,
        weight: null,
        available: 1,
        archived: 0,
      },
    ]);
    expect(
      await db
        .selectFrom("order_items")
        .select(["order_id", "product_id", "variant_id", "variant", "quantity"])
        .orderBy("order_id")
        .orderBy("product_id")
        .execute(),
    ).toEqual([
      { order_id: ids[0]!.id, product_id: 5, variant_id: 5, variant: "", quantity: 2 },
      { order_id: ids[1]!.id, product_id: 5, variant_id: 5, variant: "", quantity: 1 },
      { order_id: ids[1]!.id, product_id: 6, variant_id: 6, variant: "", quantity: 3 },
      { order_id: ids[2]!.id, product_id: 5, variant_id: 5, variant: "", quantity: 7 },
    ]);
    expect(
      await db.selectFrom("stock_adjustments").select(["product_id", "variant_id"]).orderBy("product_id").execute(),
    ).toEqual([
      { product_id: 5, variant_id: 5 },
      { product_id: 6, variant_id: 6 },
    ]);
    expect(await db.selectFrom("products").select(["id", "options"]).orderBy("id").execute()).toEqual([
      { id: 5, options: "[]" },
      { id: 6, options: "[]" },
    ]);
  });

  it("keep every order, line, event and email when the order statuses change, and hold the new statuses", async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    await migrateToLatest(db, "011-owner-role");
    const order = (status: string, key: string) => ({
      number: key,
      status,
      customer_name: "Guest",
      shipping_name: "A",
      shipping_address: "B",
      shipping_city: "C",
      shipping_state: "D",
      shipping_zip: "1",
      amount_cents: 1000,
      currency: "usd",
      payment_provider: "test",
      idempotency_key: key,
      created_at: 1,
      expires_at: 2,
    });
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const ids = await old
      .insertInto("orders")
      .values([order("paid", "k1"), order("expired", "k2")])
      .returning("id")
      .execute();
    await old
      .insertInto("order_items")
      .values({ order_id: ids[0]!.id, product_id: 5, name: "Candle", price_cents: 1000, quantity: 1, scent: "Fig" })
      .execute();
    await old
      .insertInto("payment_events")
      .values({ provider: "test", event_id: "e1", order_id: ids[0]!.id, type: "payment_succeeded", created_at: 1 })
      .execute();
    const before = await db.selectFrom("orders").select(["id", "number", "status", "paid_at"]).orderBy("id").execute();

    await migrateToLatest(db);
    expect(await db.selectFrom("orders").select(["id", "number", "status", "paid_at"]).orderBy("id").execute()).toEqual(
      before,
    );
    expect(await db.selectFrom("order_items").select(["order_id", "quantity"]).execute()).toEqual([
      { order_id: ids[0]!.id, quantity: 1 },
    ]);
    await db
      .updateTable("orders")
      .set({ status: "shipped", carrier: "USPS", tracking_number: "9400", shipped_at: 3 })
      .where("number", "=", "k1")
      .execute();
    await db.updateTable("orders").set({ status: "refunded", refunded_at: 4 }).where("number", "=", "k1").execute();
    await expect(
      old.updateTable("orders").set({ status: "cancelled" }).where("number", "=", "k2").execute(),
    ).rejects.toThrow();
    // The lines still belong to their order: a line for no order is refused.
    await expect(
      old
        .insertInto("order_items")
        .values({ order_id: 999_999, product_id: 5, name: "X", price_cents: 1, quantity: 1, scent: "" })
        .execute(),
    ).rejects.toThrow();
    await expect(old.insertInto("orders").values(order("paid", "k1")).execute()).rejects.toThrow();
  });
});
