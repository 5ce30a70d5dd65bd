import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { VariantsResults } from "../../bench/variants";
import { runScript } from "../helpers/run-script";

/**
 * `npm run bench -- --variants --quick --rounds 1 --engine sqlite`: checkout
 * and pages of the demo's shop, and of the same shop with every candle in
 * sizes and scents, side by side, so that measurement cannot rot. It checks
 * the figures are there, not what they are (a second a run says nothing of
 * 5 %). It runs on SQLite alone: the two shops' steps are the same on both
 * engines, bench-own-shop-smoke takes them on PostgreSQL, and bench-smoke
 * checks out a catalog in sizes and scents on both.
 */
describe("npm run bench -- --variants --quick --engine sqlite", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-bench-variants-smoke-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(
    "measures checkout of a variant and every page on both shops, the stock invariant holding",
    { timeout: 180_000 },
    async () => {
      const out = path.join(dir, "variants.json");
      const args = ["--variants", "--quick", "--rounds", "1", "--engine", "sqlite", "--out", out];
      const run = await runScript("bench/run.ts", args, {});
      expect(run.code, run.stderr).toBe(0);

      const results = JSON.parse(fs.readFileSync(out, "utf8")) as VariantsResults;
      expect(results).toMatchObject({
        quick: true,
        settings: { rounds: 1 },
        catalog: { products: 22, variants: 88, categories: 4 },
      });
      expect(results.engines.map((engine) => engine.engine)).toEqual(["sqlite"]);
      for (const engine of results.engines) {
        for (const shop of [engine.checkout.shops.plain, engine.checkout.shops.variants]) {
          expect(shop.rounds).toHaveLength(1);
          expect(shop.median.requests).toBeGreaterThan(0);
          expect(shop.cpuMsPerOrder[0]).toBeGreaterThan(0);
          expect(shop.invariant).toMatchObject({ ok: true, paidOrders: 5, mismatches: [] });
        }
        expect(engine.checkout.ratios.rate.median).toBeGreaterThan(0);

        expect(engine.pages.map((page) => page.label)).toEqual([
          "home",
          "shop",
          "category",
          "product",
          "product, a variant",
        ]);
        const variantPage = engine.pages.at(-1)!;
        expect(variantPage.paths).toEqual({
          plain: "/shop/wax/1001",
          variants: expect.stringMatching(/^\/shop\/wax\/1001\?variant=\d+$/),
        });
        for (const page of engine.pages) {
          for (const shop of [page.shops.plain, page.shops.variants]) {
            expect(shop.median.requests).toBeGreaterThan(0);
            expect(shop.cpuMsPerRequest[0]).toBeGreaterThan(0);
            expect(shop.bytes).toBeGreaterThan(0);
          }
          expect(page.ratios.rate.rounds).toHaveLength(1);
          expect(page.ratios.cpu.median).toBeGreaterThan(0);
        }
        // The radio groups make the product page larger (the bench checked they are on it).
        expect(variantPage.shops.variants.bytes).toBeGreaterThan(variantPage.shops.plain.bytes);
        expect(engine.overall.rate.rounds).toHaveLength(5);
        // The page cache answered every page of the load on the shop with options too.
        for (const cache of [engine.pageCache.variants, engine.pageCache.plain]) {
          expect(cache.requests).toBeGreaterThan(0);
          expect(cache.hits).toBe(cache.requests);
        }
      }

      const table = fs.readFileSync(out.replace(/\.json$/, ".md"), "utf8");
      expect(run.stdout).toContain(table);
      const rows = table.split("\n").filter((line) => /^\| (SQLite|PostgreSQL) \|/.test(line));
      expect(rows).toHaveLength(1 + 5 + 1);
      for (const row of rows) expect(row).toMatch(/^\| SQLite \|/);
      for (const row of rows) expect(row).toMatch(/\d\.\d\d \([+−]\d+\.\d %, (NOT )?within 5 %\)/);
      expect(rows.filter((row) => row.includes("stock invariant ok"))).toHaveLength(1);
      expect(table.match(/the page cache answered/g)).toHaveLength(1);
    },
  );
});
