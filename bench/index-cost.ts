import fs from "node:fs";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { openDatabase } from "~/.server/db";
import * as backOfficeIndexes from "~/.server/db/migrations/020-back-office-indexes";
import * as lighterOrderInserts from "~/.server/db/migrations/022-lighter-order-inserts";
import * as ordersById from "~/.server/db/migrations/026-orders-by-id";
import * as oneSearchIndex from "~/.server/db/migrations/027-one-search-index";
import { type BackOfficeRunOptions, checkoutOnGrownShop, ENGINE, setUpAndGrow } from "./back-office-run";
import { progress } from "./catalog-run";
import { createBenchDatabase } from "./postgres";
import { waitForPruning, waitForSearchIndex } from "./pruning-wait";
import type { BackOfficeResults } from "./back-office-run";
import type { BenchResults } from "./results";
import { type ShopData, startShop } from "./shop-server";
import { median } from "./stats";

/** What the back office's indexes cost a checkout on a grown shop (bench/index-cost.ts). */
export interface IndexCostFigure {
  engine: "sqlite" | "postgres";
  /** Checkout's ratio to its limit in each run, with the indexes and without them. */
  ratios: { with: number[]; without: number[] };
  /** The median ratio with them over the median without, less one: −0.03 is 3 % slower. */
  change: number;
}

export interface IndexCostResults {
  date: string;
  orders: number;
  machine: BenchResults["machine"];
  loadAverage: BenchResults["loadAverage"];
  checkoutLoad: BackOfficeResults["checkoutLoad"];
  rounds: number;
  engines: IndexCostFigure[];
}

/** How long the bench waits for a grown shop's first pruning and search index before the runs. */
const SETTLE_TIMEOUT_MS = 20 * 60_000;

/** Whether the back office's indexes (migrations 020, 022, 026 and 027) are in the database: 020 made orders_paid, the others kept it. */
async function hasIndexes(db: Kysely<unknown>, postgres: boolean) {
  const found = postgres
    ? sql`select 1 from pg_indexes where indexname = 'orders_paid' and schemaname = current_schema()`
    : sql`select 1 from sqlite_master where name = 'orders_paid'`;
  return (await found.execute(db)).rows.length > 0;
}

/** Takes the back office's indexes out of the database, or puts them back, as their migrations do. */
async function setIndexes(data: ShopData, wanted: boolean) {
  const { db } = openDatabase(data);
  try {
    const handle = db as unknown as Kysely<unknown>;
    if ((await hasIndexes(handle, Boolean(data.databaseUrl))) === wanted) return;
    await handle.transaction().execute(async (trx) => {
      if (wanted) {
        await backOfficeIndexes.up(trx);
        await lighterOrderInserts.up(trx);
        await ordersById.up(trx);
        await oneSearchIndex.up(trx);
      } else {
        await oneSearchIndex.down(trx);
        await ordersById.down(trx);
        await lighterOrderInserts.down(trx);
        await backOfficeIndexes.down(trx);
      }
    });
  } finally {
    await db.destroy();
  }
}

/** Starts the grown shop once and waits for what its first start does (pruning, the search index) before the runs. */
async function settle(data: ShopData, keepDays: number) {
  const shop = await startShop(data);
  try {
    const pruning = await waitForPruning(data, keepDays, SETTLE_TIMEOUT_MS);
    if (!pruning.done) throw new Error("the grown shop's first pruning did not end");
    if (!(await waitForSearchIndex(data, SETTLE_TIMEOUT_MS)))
      throw new Error("the grown shop's search index did not catch up");
  } finally {
    await shop.stop();
  }
}

/**
 * What the back office's indexes cost a checkout: on a grown shop, its
 * ratio to the limit with the indexes and without them, in `rounds` pairs
 * whose order alternates (with, without; without, with; …), so a machine
 * that slows or speeds up over the run weighs on both alike. On SQLite each
 * run starts from a copy of the same settled shop; on PostgreSQL each run's
 * orders stay for the next, in both states alike. The table's single
 * checkout figure cannot show this: the limit's own rate moves by a third
 * between runs of it.
 */
export async function benchIndexCost(
  engine: "sqlite" | "postgres",
  options: BackOfficeRunOptions & { rounds: number },
): Promise<IndexCostFigure> {
  const dir = path.join(options.workDir, `index-cost-${engine}`);
  fs.mkdirSync(dir, { recursive: true });
  const database = engine === "postgres" ? await createBenchDatabase(options.postgresServer, "indexcost") : undefined;
  try {
    const settled: ShopData = { dataDir: path.join(dir, "settled"), databaseUrl: database?.url };
    const grown = await setUpAndGrow(engine, settled, options.settings);
    progress(`${ENGINE[engine]}: waiting for the grown shop's first pruning and search index`);
    await settle(settled, grown.keepDays);
    const data: ShopData = database ? settled : { dataDir: path.join(dir, "run") };
    const ratios = { with: [] as number[], without: [] as number[] };
    for (let round = 0; round < options.rounds; round++) {
      for (const withIndexes of round % 2 === 0 ? [true, false] : [false, true]) {
        if (!database) {
          fs.rmSync(data.dataDir, { recursive: true, force: true });
          fs.cpSync(settled.dataDir, data.dataDir, { recursive: true });
        }
        await setIndexes(data, withIndexes);
        const runDir = path.join(dir, `round-${round}-${withIndexes ? "with" : "without"}`);
        fs.mkdirSync(runDir, { recursive: true });
        const shop = await startShop(data);
        try {
          const figure = await checkoutOnGrownShop(shop, data, database, options, runDir);
          ratios[withIndexes ? "with" : "without"].push(figure.ratio);
          progress(
            `${ENGINE[engine]}: round ${round + 1}, ${withIndexes ? "with" : "without"} the indexes: ${figure.ratio.toFixed(3)} of the limit`,
          );
        } finally {
          await shop.stop();
        }
      }
    }
    await setIndexes(data, true);
    return { engine, ratios, change: median(ratios.with) / median(ratios.without) - 1 };
  } finally {
    await database?.drop();
  }
}
