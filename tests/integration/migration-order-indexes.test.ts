import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import * as ordersById from "~/.server/db/migrations/026-orders-by-id";
import * as oneSearchIndex from "~/.server/db/migrations/027-one-search-index";
import { ordersContaining } from "~/.server/db/search";
import { insertVariedOrders } from "../helpers/order-rows";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

/** The orders' indexes of issue #29 (migrations 026 and 027) built on a shop that has orders, and taken off again. */
describe(`the orders' index migrations on ${testEngine}`, () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it("index orders by id with 026 on a shop with orders, keeping every one, and put 020's indexes back with down", async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    const indexes = async () =>
      (testEngine === "sqlite"
        ? await sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master
            where type = 'index' and tbl_name = 'orders' and name in ('orders_placed', 'orders_status_placed', 'orders_status', 'orders_shopper')
            order by name`.execute(db)
        : await sql<{
            name: string;
            definition: string;
          }>`select indexname as name, indexdef as definition from pg_indexes
            where tablename = 'orders' and schemaname = current_schema()
            and indexname in ('orders_placed', 'orders_status_placed', 'orders_status', 'orders_shopper') order by indexname`.execute(
            db,
          )
      ).rows.map(
        ({ name, definition }) =>
          // `on "orders" ("status")` (SQLite) and `ON s.orders USING btree (status)` (PostgreSQL) alike: `status`.
          `${name}: ${/ on \S*orders"? (?:using btree )?(.*)$/i.exec(definition)![1]!.replace(/["()]/g, "").toLowerCase()}`,
      );
    await migrateToLatest(db, "025-discount-codes");
    await insertVariedOrders(db, 40);
    await db
      .updateTable("orders")
      .set({ user_id: "shopper-1" })
      .where(sql<number>`id % 3`, "=", 0)
      .execute();
    const orders = await db.selectFrom("orders").selectAll().orderBy("id").execute();
    const before = await indexes();
    expect(before).toEqual([
      "orders_placed: created_at, id",
      "orders_shopper: user_id, created_at, id where user_id is not null",
      "orders_status_placed: status, created_at, id",
    ]);

    await migrateToLatest(db);
    // SQLite's indexes end with the rowid, orders.id, of themselves.
    expect(await indexes()).toEqual(
      testEngine === "sqlite"
        ? [
            "orders_shopper: user_id where user_id is not null",
            "orders_status: status where status <> 'pending_payment'",
          ]
        : [
            "orders_shopper: user_id, id where user_id is not null",
            "orders_status: status, id where status <> 'pending_payment'::text",
          ],
    );
    expect(await db.selectFrom("orders").selectAll().orderBy("id").execute()).toEqual(orders);

    await ordersById.down(db as unknown as Kysely<unknown>);
    expect(await indexes()).toEqual(before);
    await ordersById.up(db as unknown as Kysely<unknown>);
    expect(await db.selectFrom("orders").selectAll().orderBy("id").execute()).toEqual(orders);
  });

  it.runIf(testEngine === "postgres")(
    "put PostgreSQL's search in one trigram index with 027, finding the same orders, and the four of 020 back with down",
    async () => {
      database = await createTestDatabase({ migrate: false });
      const { db } = database;
      const searchIndexes = async () =>
        (
          await sql<{ name: string }>`select indexname as name from pg_indexes
            where tablename = 'orders' and schemaname = current_schema() and indexname like 'orders_search%' order by indexname`.execute(
            db,
          )
        ).rows.map((row) => row.name);
      const found = async (text: string) =>
        (await db.selectFrom("orders").select("number").where(ordersContaining(db, text)).orderBy("id").execute()).map(
          (row) => row.number,
        );
      const texts = ["ws-t000010", "0002", "example", "GUEST", "lovelace", "nobody there"];
      await migrateToLatest(db, "026-orders-by-id");
      await insertVariedOrders(db, 30, { prefix: "WS-T" });
      const before = await Promise.all(texts.map(found));
      expect(before.map((numbers) => numbers.length)).toEqual([1, 11, 25, 8, 3, 0]);
      expect(await searchIndexes()).toEqual([
        "orders_search_customer_name",
        "orders_search_email",
        "orders_search_number",
        "orders_search_shipping_name",
      ]);

      await migrateToLatest(db);
      expect(await searchIndexes()).toEqual(["orders_search"]);
      expect(await Promise.all(texts.map(found))).toEqual(before);

      await oneSearchIndex.down(db as unknown as Kysely<unknown>);
      expect(await searchIndexes()).toHaveLength(4);
      expect(await Promise.all(texts.map(found))).toEqual(before);
    },
  );
});
