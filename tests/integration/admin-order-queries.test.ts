import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { type Insertable, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOrders } from "~/.server/admin/order-list";
import { type Db, migrateToLatest, openDatabase } from "~/.server/db";
import { dailySales, dayIn } from "~/.server/admin/today";
import { indexNewOrdersForSearch } from "~/.server/db/search";
import type { OrderListQuery } from "~/lib/admin-schemas";
import type { PageFrom } from "~/lib/list-cursor";
import type { OrderTable } from "~/.server/db/schema";
import { insertOrders, orderRow } from "../helpers/order-rows";
import { type TestDatabase, createTestDatabase, testEngine, testPostgresUrl } from "../helpers/test-database";

const DAY = 24 * 60 * 60_000;
const all: OrderListQuery = { status: "all", q: "" };

describe(`the back office's order queries at scale, on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.cleanup());

  it.each([
    ["America/Los_Angeles", "2026-03-10T12:00:00Z"],
    ["America/Los_Angeles", "2026-11-03T06:30:00Z"],
    ["America/Havana", "2026-03-09T03:00:00Z"],
    ["Asia/Kathmandu", "2026-06-01T18:14:59Z"],
    ["UTC", "2026-11-26T00:00:00Z"],
  ])(
    "sums each day's paid orders and their tax in SQL exactly as the shop's calendar in %s counts them (now %s)",
    async (zone, nowIso) => {
      const { db } = database;
      const now = Date.parse(nowIso);
      await db.deleteFrom("orders").execute();
      const dayOf = dayIn(zone);
      // Orders paid at random moments over 32 days, and at the edges of each day (the day's first and last millisecond).
      const moments = fc.sample(fc.integer({ min: now - 32 * DAY, max: now }), { numRuns: 300, seed: 28 });
      for (let back = 0; back < 31; back++) {
        const edge = now - back * DAY;
        moments.push(edge, edge - (edge % 60_000), edge - (edge % 60_000) - 1);
      }
      // Every third order was charged tax (up to 6 cents), included in its total.
      const taxOf = (index: number) => (index % 3 === 0 ? index % 7 : 0);
      await insertOrders(
        db,
        moments.map((paid_at, index) =>
          orderRow({
            paid_at,
            created_at: paid_at,
            subtotal_cents: 100 + index,
            tax_cents: taxOf(index),
            amount_cents: 100 + index + taxOf(index),
            status: index % 5 === 0 ? "refunded" : "shipped",
          }),
        ),
      );
      await insertOrders(db, [orderRow({ status: "pending_payment", paid_at: null, created_at: now - DAY })]);

      const sales = await dailySales(db, { now, timeZone: zone, days: 30 });
      const expected = new Map<string, { orders: number; cents: number; taxCents: number }>();
      for (let back = 29; back >= 0; back--)
        expected.set(dayOf(now - back * DAY), { orders: 0, cents: 0, taxCents: 0 });
      moments.forEach((paidAt, index) => {
        const day = expected.get(dayOf(paidAt));
        if (day && paidAt <= now) {
          day.orders += 1;
          day.cents += 100 + index + taxOf(index);
          day.taxCents += taxOf(index);
        }
      });
      expect(sales).toEqual([...expected].map(([day, totals]) => ({ day, ...totals, refundedCents: 0 })));
    },
  );

  it("pages through every order exactly once with Older, and back with Newer, while new orders arrive between pages", async () => {
    const { db } = database;
    await fc.assert(
      fc.asyncProperty(
        // Creation times with many ties and out of id order (the list goes by id alone), a page size,
        // and how many orders arrive before each page load.
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 0, maxLength: 120 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 30, maxLength: 30 }),
        async (times, size, arrivals) => {
          await db.deleteFrom("orders").execute();
          const base = 1_800_000_000_000;
          const ids = await insertOrders(
            db,
            times.map((offset) => orderRow({ created_at: base + offset })),
          );
          const originals = (shown: number[]) => shown.filter((id) => ids.includes(id));
          const older: number[] = [];
          let page: PageFrom = {};
          let last: Awaited<ReturnType<typeof listOrders>> | undefined;
          for (let load = 0; load < 300; load++) {
            // New orders arrive, all newer than anything listed so far.
            await insertOrders(
              db,
              Array.from({ length: arrivals[load % arrivals.length]! }, () =>
                orderRow({ created_at: base + 1000 + load }),
              ),
            );
            last = await listOrders(db, all, page, size);
            older.push(...originals(await idsOf(last.orders.map((order) => order.number))));
            if (!last.older) break;
            page = { before: last.older };
          }
          expect(older.toSorted((a, b) => a - b)).toEqual(ids.toSorted((a, b) => a - b));

          // And back to the newest with Newer, from the last page (its own orders counted once).
          const newer = originals(await idsOf(last!.orders.map((order) => order.number)));
          for (let load = 0; load < 300 && last!.newer; load++) {
            last = await listOrders(db, all, { after: last!.newer }, size);
            newer.push(...originals(await idsOf(last.orders.map((order) => order.number))));
          }
          expect(newer.toSorted((a, b) => a - b)).toEqual(ids.toSorted((a, b) => a - b));
        },
      ),
      { numRuns: 25, seed: 29 },
    );
  });

  async function idsOf(numbers: string[]) {
    if (numbers.length === 0) return [];
    const rows = await database.db
      .selectFrom("orders")
      .select(["id", "number"])
      .where("number", "in", numbers)
      .execute();
    return numbers.map((number) => rows.find((row) => row.number === number)!.id);
  }

  /** The numbers of the orders a search finds, newest first. */
  const found = async (db: Db, q: string) =>
    (await listOrders(db, { status: "all", q }, {}, 50)).orders.map((order) => order.number);

  /** Three orders to search; `before023` for a database migrated only that far, whose orders have no subtotal yet. */
  async function searchable(db: Db, options: { before023?: boolean } = {}) {
    await db.deleteFrom("orders").execute();
    const at = 1_800_000_000_000;
    const rows = [
      orderRow({ number: "WS-ABCD2345", shipping_name: "Ada Lovelace", email: "ada@example.com", created_at: at + 1 }),
      orderRow({
        number: "WS-ABCE6789",
        shipping_name: "Grace Hopper",
        email: "grace@navy.example",
        created_at: at + 2,
      }),
      orderRow({
        number: "WS-ZZZZ2222",
        shipping_name: "Fig & Leaf Co",
        customer_name: "Mara Lovelace",
        email: null,
        created_at: at + 3,
      }),
    ];
    await insertOrders(
      db,
      options.before023 ? rows.map(({ subtotal_cents: _, ...row }) => row as Insertable<OrderTable>) : rows,
    );
  }

  async function expectSearchWorks(db: Db) {
    expect(await found(db, "ws-abcd2345")).toEqual(["WS-ABCD2345"]);
    expect(await found(db, "ABC")).toEqual(["WS-ABCE6789", "WS-ABCD2345"]);
    expect(await found(db, "lovel")).toEqual(["WS-ZZZZ2222", "WS-ABCD2345"]);
    expect(await found(db, "NAVY.EX")).toEqual(["WS-ABCE6789"]);
    expect(await found(db, "Ho")).toEqual(["WS-ABCE6789"]);
    expect(await found(db, "& L")).toEqual(["WS-ZZZZ2222"]);
    expect(await found(db, "lace ada")).toEqual([]);
  }

  it("finds by a whole order number, part of one, part of a name, part of an email, in any letter case", async () => {
    await searchable(database.db);
    await expectSearchWorks(database.db);
    // On SQLite, the same once the job has added the new orders to the search index (db/search.ts).
    await indexNewOrdersForSearch(database.db);
    await expectSearchWorks(database.db);
  });

  it("finds an unpaid order, which PostgreSQL's index leaves out, and the same order once it is paid", async () => {
    const { db } = database;
    await searchable(db);
    const [id] = await insertOrders(db, [
      orderRow({ number: "WS-PQRS3456", shipping_name: "Quill Penrose", status: "pending_payment", paid_at: null }),
    ]);
    expect(await found(db, "penros")).toEqual(["WS-PQRS3456"]);
    expect(await found(db, "pqrs")).toEqual(["WS-PQRS3456"]);
    await db.updateTable("orders").set({ status: "paid", paid_at: Date.now() }).where("id", "=", id!).execute();
    expect(await found(db, "penros")).toEqual(["WS-PQRS3456"]);
    await indexNewOrdersForSearch(db);
    expect(await found(db, "penros")).toEqual(["WS-PQRS3456"]);
  });

  it("builds its indexes on a database that already holds orders, losing none, and finds them", async () => {
    const copy = await createTestDatabase({ migrate: false });
    try {
      await migrateToLatest(copy.db, "019-session-two-factor");
      await searchable(copy.db, { before023: true });
      const before = await copy.db.selectFrom("orders").selectAll().orderBy("id").execute();
      await migrateToLatest(copy.db);
      expect(await copy.db.selectFrom("orders").selectAll().orderBy("id").execute()).toEqual(
        before.map((order) => expect.objectContaining(order)),
      );
      await expectSearchWorks(copy.db);
      const indexes =
        testEngine === "sqlite"
          ? sql<{ name: string }>`select name from sqlite_master where type = 'index'`
          : sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`;
      const names = (await indexes.execute(copy.db)).rows.map((row) => row.name);
      expect(names).toEqual(
        expect.arrayContaining(["orders_status", "orders_shopper", "orders_paid", "outbox_order", "refunds_order"]),
      );
      // Newest first is by id (026): no index carries created_at into every checkout.
      expect(names).not.toContain("orders_placed");
      expect(names).not.toContain("orders_status_placed");
    } finally {
      await copy.cleanup();
    }
  });

  it.skipIf(testEngine !== "postgres")(
    "on PostgreSQL, indexes the search with pg_trgm, created outside the shop's schema",
    async () => {
      const { rows } = await sql<{ name: string; schema: string }>`
      select i.indexname as name, e.extnamespace::regnamespace::text as schema
      from pg_indexes i, pg_extension e where i.schemaname = current_schema() and i.indexname like 'orders_search%' and e.extname = 'pg_trgm'`.execute(
        database.db,
      );
      // One index over an order's searched text (migration 027), not one per column.
      expect(rows.map((row) => row.name)).toEqual(["orders_search"]);
      expect(rows[0]!.schema).toBe("public");
    },
  );

  it.skipIf(testEngine !== "postgres")(
    "on PostgreSQL without pg_trgm (a role that may not create it), migrates and searches all the same",
    async () => {
      const name = `wickshop_notrgm_${randomBytes(4).toString("hex")}`;
      const server = new URL(testPostgresUrl!);
      const admin = new pg.Client({ connectionString: server.toString() });
      await admin.connect();
      await admin.query(`create role ${name} login`);
      await admin.query(`create database ${name}`);
      const asAdmin = new pg.Client({
        connectionString: Object.assign(new URL(server), { pathname: `/${name}` }).toString(),
      });
      await asAdmin.connect();
      await asAdmin.query(`create schema shop authorization ${name}`);
      await asAdmin.end();
      const url = Object.assign(new URL(server), { pathname: `/${name}`, username: name });
      url.searchParams.set("options", "-c search_path=shop");
      const { db } = openDatabase({ dataDir: "", databaseUrl: url.toString() });
      try {
        await migrateToLatest(db);
        const { rows } = await sql<{
          count: number;
        }>`select count(*)::int as count from pg_extension where extname = 'pg_trgm'`.execute(db);
        expect(rows[0]!.count).toBe(0);
        await searchable(db);
        await expectSearchWorks(db);
      } finally {
        await db.destroy();
        await admin.query(`drop database ${name} with (force)`);
        await admin.query(`drop role ${name}`);
        await admin.end();
      }
    },
  );
});
