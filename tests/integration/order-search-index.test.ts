import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOrders } from "~/.server/admin/order-list";
import { type Db, openDatabase } from "~/.server/db";
import { indexNewOrdersForSearch } from "~/.server/db/search";
import { insertOrders, orderRow } from "../helpers/order-rows";
import { type TestDatabase, createTestDatabase, testEngine } from "../helpers/test-database";

/** The numbers of the orders a search finds. */
const found = async (db: Db, q: string) =>
  (await listOrders(db, { status: "all", q }, {}, 50)).orders.map((order) => order.number).toSorted();

/** FTS5's own check of the index against the orders it was built from: throws where they differ. */
const checkIndex = (db: Db) =>
  sql`insert into orders_search (orders_search, rank) values ('integrity-check', 1)`.execute(db);

const indexedThrough = async (db: Db) =>
  (await sql<{ id: number }>`select indexed_through as id from orders_search_position`.execute(db)).rows[0]!.id;

describe.skipIf(testEngine !== "sqlite")("SQLite's search index, written by a job rather than by each checkout", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.cleanup());

  it("adds every new order once, in batches, and finds orders either side of where it stands", async () => {
    const { db } = database;
    const ids = await insertOrders(
      db,
      Array.from({ length: 1203 }, (_, index) => orderRow({ shipping_name: `Shopper ${index} Quill` })),
    );
    expect(await found(db, "quill")).toHaveLength(50);
    expect(await indexNewOrdersForSearch(db)).toBe(1203);
    expect(await indexedThrough(db)).toBe(ids.at(-1));
    expect(await indexNewOrdersForSearch(db)).toBe(0);
    const [late] = await insertOrders(db, [orderRow({ number: "WS-00LATE01", shipping_name: "Wren Quillfeather" })]);
    expect(await indexedThrough(db)).toBeLessThan(late!);
    expect(await found(db, "quillfeather")).toEqual(["WS-00LATE01"]);
    expect(await found(db, "Shopper 1202 Q")).toHaveLength(1);
    expect(await indexNewOrdersForSearch(db)).toBe(1);
    await checkIndex(db);
  });

  it("in a rush adds one batch a run, and the search still finds the orders it has not reached", async () => {
    const { db } = database;
    await indexNewOrdersForSearch(db);
    const ids = await insertOrders(
      db,
      Array.from({ length: 1100 }, (_, index) => orderRow({ shipping_name: `Rush ${index} Taper` })),
    );
    expect(await indexNewOrdersForSearch(db, { batches: 1 })).toBe(500);
    expect(await indexedThrough(db)).toBe(ids[499]);
    expect(await found(db, "Rush 1099 Taper")).toHaveLength(1);
    expect(await found(db, "Rush 10 Taper")).toHaveLength(1);
    expect(await indexNewOrdersForSearch(db, { batches: 1 })).toBe(500);
    expect(await indexNewOrdersForSearch(db)).toBe(100);
    await checkIndex(db);
  });

  it("lets two processes add the same new orders at once without adding any twice", async () => {
    const other = openDatabase({ dataDir: database.env.DATA_DIR });
    try {
      await insertOrders(
        database.db,
        Array.from({ length: 2500 }, (_, index) => orderRow({ shipping_name: `Twin ${index} Lantern` })),
      );
      const counts = await Promise.all(
        [database.db, other.db, database.db, other.db].map((handle) => indexNewOrdersForSearch(handle)),
      );
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2500);
      await checkIndex(database.db);
      expect(await found(database.db, "Twin 2499 Lantern")).toHaveLength(1);
    } finally {
      await other.db.destroy();
    }
  });

  it("keeps the index right when an order is changed or deleted by hand, indexed or not yet", async () => {
    const { db } = database;
    const [indexed] = await insertOrders(db, [orderRow({ number: "WS-00EDIT01", shipping_name: "Olive Branch" })]);
    await indexNewOrdersForSearch(db);
    const [waiting] = await insertOrders(db, [orderRow({ number: "WS-00EDIT02", shipping_name: "Olive Grove" })]);
    await db.updateTable("orders").set({ shipping_name: "Juniper Branch" }).where("id", "=", indexed!).execute();
    await db.updateTable("orders").set({ shipping_name: "Juniper Grove" }).where("id", "=", waiting!).execute();
    expect(await found(db, "olive")).toEqual([]);
    expect(await found(db, "juniper")).toEqual(["WS-00EDIT01", "WS-00EDIT02"]);
    await db.deleteFrom("orders").where("id", "in", [indexed!, waiting!]).execute();
    expect(await found(db, "juniper")).toEqual([]);
    await checkIndex(db);
    await indexNewOrdersForSearch(db);
    await checkIndex(db);
  });
});
