import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import * as shippingAndTax from "~/.server/db/migrations/023-shipping-and-tax";
import { insertVariedOrders, orderRow } from "../helpers/order-rows";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

/** Orders as a shop before 023 wrote them: no subtotal, one line each. */
async function insertOrdersOf022(db: Kysely<unknown>, count: number) {
  const old = db as Kysely<Record<string, Record<string, unknown>>>;
  for (let index = 0; index < count; index++) {
    const { subtotal_cents: _subtotal, ...row } = orderRow({
      status: (["paid", "pending_payment", "shipped", "refunded", "expired"] as const)[index % 5],
      amount_cents: 1000 + index,
    });
    const [order] = await old.insertInto("orders").values(row).returning("id").execute();
    await old
      .insertInto("order_items")
      .values({
        order_id: order!.id,
        product_id: 1001,
        name: "Fig Leaf",
        price_cents: 1000 + index,
        quantity: 1,
        scent: "Fig",
      })
      .execute();
  }
}

/** The indexes and triggers on orders, by name: a SQLite rebuild must put every one back. */
async function ordersSchemaObjects(database: TestDatabase) {
  const found =
    testEngine === "sqlite"
      ? sql<{ name: string }>`select name from sqlite_master where tbl_name = 'orders' and sql is not null
          and type in ('index', 'trigger') order by name`
      : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'orders'
          and schemaname = current_schema() order by indexname`;
  return (await found.execute(database.db)).rows.map((row) => row.name);
}

describe(`migration 023 (shipping and tax) on ${testEngine}`, () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it("keeps every order with its amount as its subtotal, and then holds every order to its breakdown", async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    await migrateToLatest(db, "022-lighter-order-inserts");
    await insertOrdersOf022(db as unknown as Kysely<unknown>, 60);
    const objects = await ordersSchemaObjects(database);
    const before = await db
      .selectFrom("orders")
      .select(["id", "number", "status", "amount_cents"])
      .orderBy("id")
      .execute();
    const lines = await db.selectFrom("order_items").selectAll().orderBy("order_id").orderBy("product_id").execute();

    await migrateToLatest(db, "023-shipping-and-tax");
    const after = await db
      .selectFrom("orders")
      .select(["id", "number", "status", "amount_cents", "subtotal_cents", "shipping_cents", "tax_cents"])
      .orderBy("id")
      .execute();
    expect(after).toEqual(
      before.map((order) => ({ ...order, subtotal_cents: order.amount_cents, shipping_cents: 0, tax_cents: 0 })),
    );
    expect(await db.selectFrom("order_items").selectAll().orderBy("order_id").orderBy("product_id").execute()).toEqual(
      lines,
    );
    expect(await ordersSchemaObjects(database)).toEqual(objects);

    const [first] = after;
    // The breakdown must add up: an amount its parts do not make is refused.
    await expect(
      db.updateTable("orders").set({ shipping_cents: 500 }).where("id", "=", first!.id).execute(),
    ).rejects.toThrow();
    await db
      .updateTable("orders")
      .set({ shipping_cents: 500, tax_cents: 40, amount_cents: first!.amount_cents + 540 })
      .where("id", "=", first!.id)
      .execute();
    await expect(
      db
        .updateTable("orders")
        .set({ discount_cents: first!.subtotal_cents + 1 })
        .where("id", "=", first!.id)
        .execute(),
    ).rejects.toThrow();
    // A line still needs its order.
    await expect(
      db
        .insertInto("order_items")
        .values({ order_id: 999_999, product_id: 5, variant_id: 5, name: "X", price_cents: 1, quantity: 1, scent: "" })
        .execute(),
    ).rejects.toThrow();
  });

  it("refuses a rate above 20 %, a state in two zones and a rate's range that ends before it starts", async () => {
    database = await createTestDatabase();
    const { db } = database;
    await expect(
      db.insertInto("tax_states").values({ state: "TX", rate_millionths: 200_001, taxes_shipping: 1 }).execute(),
    ).rejects.toThrow();
    const zones = await db
      .insertInto("shipping_zones")
      .values([{ name: "West" }, { name: "East" }])
      .returning("id")
      .execute();
    await db.insertInto("shipping_zone_states").values({ state: "OR", zone_id: zones[0]!.id }).execute();
    await expect(
      db.insertInto("shipping_zone_states").values({ state: "OR", zone_id: zones[1]!.id }).execute(),
    ).rejects.toThrow();
    const rate = { zone_id: zones[0]!.id, name: "Ground", price_cents: 695, estimate: null };
    await expect(
      db
        .insertInto("shipping_rates")
        .values({ ...rate, condition: "subtotal", range_from: 7500, range_to: 7500 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("shipping_rates")
        .values({ ...rate, condition: "always", range_from: 0, range_to: null })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("shipping_rates")
      .values({ ...rate, condition: "subtotal", range_from: 7500, range_to: null })
      .execute();
    // Deleting a zone takes its states and rates with it.
    await db.deleteFrom("shipping_zones").where("id", "=", zones[0]!.id).execute();
    expect(await db.selectFrom("shipping_rates").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("shipping_zone_states").selectAll().execute()).toEqual([]);
  });

  it("comes down again keeping every order, and goes back up", async () => {
    database = await createTestDatabase();
    const { db } = database;
    await insertVariedOrders(db, 20, { prefix: "WS-D" });
    const objects = await ordersSchemaObjects(database);
    const before = await db.selectFrom("orders").select(["id", "number", "amount_cents"]).orderBy("id").execute();
    // Down through the migrations after it (026's index holds 023's columns), then 023's own down.
    await migrateToLatest(db, "023-shipping-and-tax");
    await shippingAndTax.down(db as unknown as Kysely<unknown>);
    expect(await db.selectFrom("orders").select(["id", "number", "amount_cents"]).orderBy("id").execute()).toEqual(
      before,
    );
    await shippingAndTax.up(db as unknown as Kysely<unknown>);
    await migrateToLatest(db);
    expect(await ordersSchemaObjects(database)).toEqual(objects);
    expect(await db.selectFrom("orders").select(["id", "number", "amount_cents"]).orderBy("id").execute()).toEqual(
      before,
    );
  });
});
