import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ordersOfShopper } from "~/.server/accounts/orders";
import { listOrders, orderBatch } from "~/.server/admin/order-list";
import { twoYearMonths } from "~/.server/admin/report-months";
import { paidByMonthAndState } from "~/.server/admin/tax-report";
import { dailySales, ordersToShip } from "~/.server/admin/today";
import type { Db } from "~/.server/db";
import { isSqlite } from "~/.server/db/engine";
import type { OrderStatus } from "~/.server/db/schema";
import type { OrderListQuery } from "~/lib/admin-schemas";
import type { PageFrom } from "~/lib/list-cursor";
import { insertOrders, orderRow } from "../helpers/order-rows";
import { type TestDatabase, createTestDatabase, testEngine } from "../helpers/test-database";

/** `db` with every query it sends kept in `sent`, compiled as the database receives them. */
function recording(db: Db) {
  const sent: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const recorded = db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      sent.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { db: recorded, sent };
}

/** The queries `run` sends. */
async function queriesOf(db: Db, run: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const { db: recorded, sent } = recording(db);
  await run(recorded);
  return sent;
}

/**
 * The plan the database makes for `query`, one step a line. PostgreSQL is
 * told to avoid reading whole tables, and sorting unless `sorts` says the
 * query may sort what an index found, so a sequential scan or a sort in its
 * plan means no index could spare it one, however small the test's tables.
 */
async function planOf(db: Db, query: CompiledQuery, sorts: boolean): Promise<string> {
  if (isSqlite(db)) {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row.detail).join("\n");
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    if (!sorts) await sql`set local enable_sort = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

/** How each query of a screen must be answered: the index it goes along, and whether it may sort what that index found. */
interface Step {
  sqlite: RegExp;
  postgres: RegExp;
  /** Sorts only the few rows an index condition found (a shopper's lines, the paid orders waiting, 30 days). */
  sortsFound?: true;
}

const SORT = { sqlite: /TEMP B-TREE FOR ORDER BY/, postgres: /Sort\b/ };

const byId: Step = {
  // The rowid table itself, walked newest first until the page is full.
  sqlite: /^(SCAN orders|SEARCH orders USING INTEGER PRIMARY KEY \(rowid[<>]\?\))$/m,
  postgres: /Index Scan (Backward )?using orders_pkey on orders/,
};
const byStatus: Step = {
  sqlite: /^SEARCH orders USING INDEX orders_status \(status=\?( AND rowid[<>]\?)?\)$/m,
  postgres: /Index Scan (Backward )?using orders_status on orders/,
};
/** The unpaid, which orders_status leaves out (migration 026): the expiry job's index, or the primary key, and a sort of the few found. */
const byUnpaid: Step = {
  sqlite: /^SEARCH orders USING (INDEX orders_status_expires \(status=\?\)|INTEGER PRIMARY KEY \(rowid[<>]\?\))$/m,
  postgres:
    /(Index Scan (Backward )?using orders_(status_expires|pkey) on orders|Bitmap Index Scan on orders_status_expires)/,
  sortsFound: true,
};
/** A status nearly every order has: PostgreSQL may as well walk the primary key, the page fills at once. */
const byCommonStatus: Step = { ...byStatus, postgres: /Index Scan (Backward )?using orders_(status|pkey) on orders/ };
const counted: Step = {
  sqlite: /^(SCAN|SEARCH) orders USING COVERING INDEX orders_\w+/m,
  postgres: /(Index Only Scan using orders_\w+ on orders|Bitmap Index Scan on orders_\w+)/,
};
const lines: Step = {
  sqlite: /^SEARCH order_items USING (INDEX sqlite_autoindex_order_items_1|PRIMARY KEY) \(order_id=\?\)$/m,
  postgres: /(Index Scan using order_items_pk on order_items|Bitmap Index Scan on order_items_pk)/,
};

/** A search of three characters or more: the trigram index of each engine (FTS5's, pg_trgm's: migrations 020 and 027). */
const searched: Step = {
  sqlite: /^SCAN orders_search VIRTUAL TABLE INDEX/m,
  postgres: /Bitmap Index Scan on orders_search\b/,
};
/**
 * Its page: the same, and a sort of the few found. On a table of 3,000
 * orders PostgreSQL may as well walk the newest first (the count above shows
 * the index answers the text); the back-office bench times it at 100,000.
 */
const searchedPage: Step = {
  sqlite: searched.sqlite,
  postgres: /(Bitmap Index Scan on orders_search\b|Index Scan Backward using orders_pkey on orders)/,
  sortsFound: true,
};

/** Paid orders summed by month and state: every column it sums is in the index, so no order's row is read. */
const paidSummed: Step = {
  sqlite: /^SEARCH orders USING COVERING INDEX orders_paid \(paid_at>\? AND paid_at<\?\)/m,
  postgres: /(Index Only Scan using orders_paid on orders|Bitmap Index Scan on orders_paid)/,
  sortsFound: true,
};
const STATUSES: OrderStatus[] = ["paid", "shipped", "refunded", "pending_payment", "expired"];
const NOW = 1_800_000_000_000;
const REGULAR = "shopper-regular";

describe(`the back office's order queries go along indexes and never sort every order, on ${testEngine}`, () => {
  let database: TestDatabase;
  let middle: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Mostly shipped, a few of each other status; one order in three from a signed-in shopper, a regular among them.
    const ids = await insertOrders(
      database.db,
      Array.from({ length: 3000 }, (_, index) => {
        const placed = NOW - (3000 - index) * 30 * 60_000;
        const status = index % 40 === 0 ? STATUSES[(index / 40) % STATUSES.length]! : "shipped";
        return orderRow({
          status,
          user_id: index % 150 === 0 ? REGULAR : index % 3 === 0 ? `shopper-${index % 700}` : null,
          created_at: placed,
          paid_at: status === "pending_payment" || status === "expired" ? null : placed + 60_000,
          // One order the search looks for: the others are all Ada Lovelace's.
          ...(index === 1234 && { shipping_name: "Mara Wick" }),
        });
      }),
    );
    middle = ids[1500]!;
  });
  afterAll(() => database.cleanup());

  /** Each screen's queries, reading from the order `middle` on where they page. */
  function screens(middle: number) {
    const screens: [string, (db: Db) => Promise<unknown>, Step[]][] = [];
    for (const status of ["all", ...STATUSES] as const) {
      const filter: OrderListQuery = { status, q: "" };
      const page =
        status === "all"
          ? byId
          : status === "shipped"
            ? byCommonStatus
            : status === "pending_payment"
              ? byUnpaid
              : byStatus;
      for (const from of [{}, { before: middle }, { after: middle }] as PageFrom[])
        screens.push([
          `the orders list, ${status}, from ${JSON.stringify(from)}: its count and its page`,
          (db) => listOrders(db, filter, from, 25),
          [counted, page],
        ]);
      screens.push([
        `a batch of the orders CSV, ${status}`,
        (db) => orderBatch(db, filter, { id: middle }, 500),
        [page, lines],
      ]);
    }
    screens.push([
      "the orders list searched for part of a rare name: its count and its page",
      (db) => listOrders(db, { status: "all", q: "ara wi" }, {}, 25),
      [searched, searchedPage],
    ]);
    screens.push([
      "a shopper's orders on /account, with their lines",
      (db) => ordersOfShopper(db, REGULAR, { timeZone: "UTC" }),
      [
        {
          sqlite: /^SEARCH orders USING INDEX orders_shopper \(user_id=\?\)$/m,
          postgres: /Index Scan Backward using orders_shopper on orders/,
        },
        { ...lines, sortsFound: true },
      ],
    ]);
    screens.push([
      "Today's sales of 30 days",
      (db) => dailySales(db, { now: NOW, timeZone: "America/New_York", days: 30 }),
      [
        {
          sqlite: /^SEARCH orders USING (COVERING )?INDEX orders_paid \(paid_at>\? AND paid_at<\?\)/m,
          postgres: /Index (Only )?Scan using orders_paid on orders/,
          sortsFound: true,
        },
      ],
    ]);
    screens.push([
      "the tax report's and sales by state's paid orders of two years, by month and state",
      (db) => paidByMonthAndState(db, twoYearMonths({ timeZone: "America/Chicago", year: 2027 }), NOW),
      // The months that ended before NOW (summed once per process: each call here has a database of its own), and January.
      [paidSummed, paidSummed],
    ]);
    screens.push([
      "Today's orders to ship",
      (db) => ordersToShip(db),
      [
        {
          sqlite: /^SEARCH orders USING INDEX orders_status(_expires)? \(status=\?\)$/m,
          postgres: /(Index Scan using|Bitmap Index Scan on) orders_status(_expires)? /,
          sortsFound: true,
        },
      ],
    ]);
    return screens;
  }

  it.each(["before", "after"])("%s the tables' statistics are gathered", async (when) => {
    const { db } = database;
    if (when === "after") await sql`analyze`.execute(db);
    for (const [what, run, steps] of screens(middle)) {
      const queries = await queriesOf(db, run);
      expect(queries, what).toHaveLength(steps.length);
      for (const [index, step] of steps.entries()) {
        const plan = await planOf(db, queries[index]!, step.sortsFound === true);
        const context = `${what}, query ${index + 1}:\n${queries[index]!.sql}\n${plan}`;
        expect(plan, context).toMatch(step[testEngine]);
        if (testEngine === "postgres") expect(plan, context).not.toMatch(/Seq Scan/);
        if (!step.sortsFound) expect(plan, context).not.toMatch(SORT[testEngine]);
      }
    }
  });
  it("sums the paid orders of a month once it ended over an hour ago, and reads them from memory after", async () => {
    const { db, sent } = recording(database.db);
    // January 2027 holds NOW; December 2026 ended on January 1 (Chicago).
    const months = twoYearMonths({ timeZone: "America/Chicago", year: 2027 });
    const december = months.starts[months.names.indexOf("2026-12")]!;
    const newYear = months.starts[months.names.indexOf("2027-01")]!;
    const sums = async (now: number) => {
      sent.length = 0;
      const figures = await paidByMonthAndState(db, months, now);
      const byMonthAndState = [...figures].sort((a, b) =>
        `${a.month} ${a.state}`.localeCompare(`${b.month} ${b.state}`),
      );
      return { figures: byMonthAndState, queries: [...sent] };
    };
    // Half an hour into the year a December payment may still commit: December is summed at every load.
    expect((await sums(newYear + 30 * 60_000)).queries).toHaveLength(2);
    const early = await sums(newYear + 30 * 60_000);
    expect(early.queries).toHaveLength(1);
    expect(early.queries[0]!.parameters).toContain(december);
    // Once it has settled, the months up to December are summed once, then read from memory.
    const first = await sums(NOW);
    expect(first.queries).toHaveLength(2);
    const again = await sums(NOW);
    expect(again.queries).toHaveLength(1);
    expect(again.queries[0]!.parameters).not.toContain(december);
    expect(again.figures).toEqual(first.figures);
    expect(first.figures).toEqual(early.figures);
    expect(first.figures.some((row) => row.month === "2026-12" && row.orders > 0)).toBe(true);
  });
});
