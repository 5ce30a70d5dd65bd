import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { BenchResults, Throughput } from "../../bench/results";
import { benchPostgresServer } from "../helpers/bench-postgres";
import { runScript } from "../helpers/run-script";

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
      BENCH_DATABASE_URL: benchPostgresServer(),
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
    expect(
      results.catalogs.map(({ name, products, variants, categories }) => ({ name, products, variants, categories })),
    ).toEqual([
      { name: "demo", products: 22, variants: 22, categories: 4 },
      // --quick leaves the 10,000 products to the full run: the small generated catalog takes the same steps.
      { name: "large-variants", products: 250, variants: 1_000, categories: 10 },
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
    for (const generated of results.catalogs.slice(1)) {
      expect(generated.importSeconds!.sqlite).toBeGreaterThan(0);
      expect(generated.importSeconds!.postgres).toBeGreaterThan(0);
    }

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
    expect(rows.filter((row) => row.includes("generated, sizes and scents: 250 products of 4 variants"))).toHaveLength(
      4 + 2 + 3 + 1,
    );
    expect(rows.filter((row) => row.startsWith("| mixed run, "))).toHaveLength(1);
    expect(rows.filter((row) => row.includes("stock invariant ok"))).toHaveLength(2 * 2 + 1);
  });
});
