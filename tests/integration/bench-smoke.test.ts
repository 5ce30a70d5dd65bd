import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { BackOfficeResults, BenchResults, Throughput } from "../../bench/results";
import { runScript } from "../helpers/run-script";
import { testPostgresUrl } from "../helpers/test-database";

/** The bench makes its own databases on a PostgreSQL server: the tests' one when they name it. */
function postgresServer(): string | undefined {
  if (!testPostgresUrl) return undefined;
  const url = new URL(testPostgresUrl);
  url.pathname = "/";
  url.search = "";
  return url.toString();
}

/**
 * A run that measured something. Latencies can be 0: autocannon reports whole
 * milliseconds, and on a quiet machine a cached page is answered in less than one.
 */
const expectMeasured = (run: Throughput) => {
  expect(run.requests).toBeGreaterThan(0);
  expect(run.requestsPerSecond).toBeGreaterThan(0);
  expect(run.p50Ms).toBeGreaterThanOrEqual(0);
  expect(run.p99Ms).toBeGreaterThanOrEqual(run.p50Ms);
};

const expectRatio = (ratio: number) => {
  expect(ratio).toBeGreaterThan(0);
  expect(Number.isFinite(ratio)).toBe(true);
};

/** `npm run bench -- --quick` end to end, so the bench cannot rot: every figure is there and measured. */
describe("npm run bench -- --quick", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-bench-smoke-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("prints and writes every figure, with ratios and the stock invariant", { timeout: 600_000 }, async () => {
    const out = path.join(dir, "bench.json");
    const run = await runScript("bench/run.ts", ["--quick", "--out", out], {
      BENCH_DATABASE_URL: postgresServer(),
      CHROMIUM_PATH: process.env.CHROMIUM_PATH,
    });
    expect(run.code, run.stderr).toBe(0);

    const results = JSON.parse(fs.readFileSync(out, "utf8")) as BenchResults;
    expect(results.quick).toBe(true);
    expect(results.machine.cores).toBeGreaterThan(0);
    expect(results.shopEnv).toMatchObject({
      CHECKOUT_ATTEMPTS_PER_IP: "100000",
      UNITS_HELD_PER_IP: "1000000",
      PAYMENT_ATTEMPTS_PER_IP: "100000",
      AUTH_ATTEMPTS_PER_IP: "100000",
    });
    expect(results.catalogs.map(({ name, products, categories }) => ({ name, products, categories }))).toEqual([
      { name: "demo", products: 22, categories: 4 },
      { name: "large", products: 10_000, categories: 50 },
    ]);

    for (const catalog of results.catalogs) {
      expect(catalog.pages.map((page) => page.label)).toEqual(["home", "shop", "category", "product"]);
      for (const page of catalog.pages) {
        expectMeasured(page.shop);
        expectMeasured(page.limit);
        expectRatio(page.ratio);
        expect(page.bytes).toBeGreaterThan(0);
      }
      expect(catalog.checkout.map((checkout) => checkout.engine)).toEqual(["sqlite", "postgres"]);
      for (const checkout of catalog.checkout) {
        expectMeasured(checkout.shop);
        expectMeasured(checkout.limit);
        expectRatio(checkout.ratio);
        expect(checkout.invariant).toMatchObject({ ok: true, paidOrders: 5, mismatches: [] });
        expect(checkout.invariant.orders).toBeGreaterThanOrEqual(checkout.shop.requests);
      }
      expect(catalog.browser.map((page) => page.label)).toEqual(["home", "category", "product"]);
      for (const page of catalog.browser) {
        for (const figure of [
          page.jsBytes,
          page.htmlBytes,
          page.ttfbMs,
          page.domContentLoadedMs,
          page.largestContentfulPaintMs,
        ]) {
          expect(figure).toBeGreaterThan(0);
        }
      }
    }
    const large = results.catalogs[1]!;
    expect(large.importSeconds!.sqlite).toBeGreaterThan(0);
    expect(large.importSeconds!.postgres).toBeGreaterThan(0);

    const { leak } = results;
    expect(leak.requests).toBeGreaterThan(0);
    expect(leak.samples.length).toBeGreaterThanOrEqual(2);
    for (const sample of [leak.start, leak.end]) {
      expect(sample.rssBytes).toBeGreaterThan(0);
      expect(sample.heapUsedBytes).toBeGreaterThan(0);
    }
    expect(Object.values(leak.levelledOff).map((value) => typeof value)).toEqual(["boolean", "boolean"]);
    expect(Number.isFinite(leak.growth.heapFloor) && Number.isFinite(leak.growth.rss)).toBe(true);
    expect(leak.invariantAfter).toMatchObject({ ok: true, mismatches: [] });

    // The printed table is the Markdown file beside the JSON, one row per figure, each with its ratio.
    const table = fs.readFileSync(out.replace(/\.json$/, ".md"), "utf8");
    expect(run.stdout).toContain(table);
    const rows = table
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.startsWith("| figure") && !line.startsWith("| ---"));
    const ratioRows = rows.filter((row) => /^\| (GET|POST) /.test(row));
    expect(ratioRows).toHaveLength(2 * (4 + 2));
    for (const row of ratioRows) expect(Number(row.split(" | ")[4])).toBeGreaterThan(0);
    expect(rows.filter((row) => row.startsWith("| Chromium "))).toHaveLength(2 * 3);
    expect(rows.filter((row) => row.startsWith("| npm run catalog:import "))).toHaveLength(1);
    expect(rows.filter((row) => row.startsWith("| mixed run, "))).toHaveLength(1);
    expect(rows.filter((row) => row.includes("stock invariant ok"))).toHaveLength(2 * 2 + 1);
  });
});

/** `npm run bench -- --orders 2000 --quick --skip-checkout`: the owner's side on a small grown shop, so that bench cannot rot either. */
describe("npm run bench -- --orders 2000 --quick", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-bench-orders-smoke-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(
    "grows a consistent shop on both engines and times every back-office page and the CSV",
    { timeout: 300_000 },
    async () => {
      const out = path.join(dir, "back-office.json");
      const run = await runScript("bench/run.ts", ["--orders", "2000", "--quick", "--skip-checkout", "--out", out], {
        BENCH_DATABASE_URL: postgresServer(),
      });
      expect(run.code, run.stderr).toBe(0);

      const results = JSON.parse(fs.readFileSync(out, "utf8")) as BackOfficeResults;
      expect(results).toMatchObject({ quick: true, orders: 2000 });
      expect(results.engines.map((engine) => engine.engine)).toEqual(["sqlite", "postgres"]);
      for (const { grown, pages, csv, databaseAfterRun, checkout } of results.engines) {
        const { counts } = grown;
        expect(counts.orders).toBe(2000);
        // About 2.6 lines and 2.7 emails an order, as in the grown shop.
        expect(counts.lines / counts.orders).toBeGreaterThan(2.3);
        expect(counts.lines / counts.orders).toBeLessThan(2.9);
        expect(counts.emails / counts.orders).toBeGreaterThan(2.4);
        expect(counts.emails / counts.orders).toBeLessThan(3);
        for (const figure of [
          counts.paymentEvents,
          counts.refunds,
          counts.activity,
          counts.stockAdjustments,
          counts.accounts,
          grown.seconds,
          grown.databaseBytes,
        ]) {
          expect(figure).toBeGreaterThan(0);
        }
        expect(grown.invariant).toMatchObject({ ok: true, mismatches: [] });

        expect(pages.map((page) => page.label)).toEqual([
          "Today",
          "orders list",
          "orders list, deep page",
          "search by name",
          "search by email",
          "search by order number",
          "an order's page",
          "activity",
          "account with 200 orders",
          "products",
        ]);
        for (const page of pages) {
          expect(page.failed, page.path).toBeUndefined();
          expect(page.requests).toBe(results.settings.requestsPerPage);
          expect(page.p95Ms).toBeGreaterThanOrEqual(page.medianMs);
          expect(page.medianMs).toBeGreaterThan(0);
        }
        // 2,000 orders fit in the server's heap: the download completes, while the storefront answers.
        expect(csv.failed).toBeUndefined();
        expect(csv.status).toBe(200);
        expect(csv.firstByteMs!).toBeLessThanOrEqual(csv.totalMs!);
        expect(csv.bytes).toBeGreaterThan(0);
        expect(csv.peakRssBytes).toBeGreaterThan(0);
        expect(csv.storefront.answered).toBeGreaterThan(0);
        expect(databaseAfterRun.bytes).toBeGreaterThan(0);
        expect(databaseAfterRun.serverSeconds).toBeGreaterThan(0);
        expect(checkout).toBeUndefined();
      }

      const table = fs.readFileSync(out.replace(/\.json$/, ".md"), "utf8");
      expect(run.stdout).toContain(table);
      const rows = table
        .split("\n")
        .filter((line) => line.startsWith("| ") && !line.startsWith("| figure") && !line.startsWith("| ---"));
      expect(rows.filter((row) => row.startsWith("| GET /admin") || row.startsWith("| GET /account"))).toHaveLength(
        10 + 3,
      );
      expect(rows.filter((row) => row.includes("stock invariant ok"))).toHaveLength(1);
      expect(table).toContain("2,000 orders over three years");
    },
  );
});
