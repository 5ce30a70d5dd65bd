import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { OwnShopResults } from "../../bench/own-shop";
import { benchPostgresServer } from "../helpers/bench-postgres";
import { runScript } from "../helpers/run-script";

/**
 * `npm run bench -- --own-shop --quick --rounds 1 --engine postgres`: a
 * fresh shop and one named, with a logo and an announcement, side by side,
 * so that measurement cannot rot. It checks the figures are there, not what
 * they are (a second a run says nothing of 5 %). It runs on PostgreSQL alone:
 * the two shops' steps are the same on both engines, and
 * bench-variants-smoke takes them on SQLite.
 */
describe("npm run bench -- --own-shop --quick --engine postgres", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-bench-own-shop-smoke-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(
    "measures every page on both shops, and the page cache answers the named shop's load",
    { timeout: 180_000 },
    async () => {
      const out = path.join(dir, "own-shop.json");
      const run = await runScript(
        "bench/run.ts",
        ["--own-shop", "--quick", "--rounds", "1", "--engine", "postgres", "--out", out],
        {
          BENCH_DATABASE_URL: benchPostgresServer(),
        },
      );
      expect(run.code, run.stderr).toBe(0);

      const results = JSON.parse(fs.readFileSync(out, "utf8")) as OwnShopResults;
      expect(results).toMatchObject({ quick: true, settings: { rounds: 1 }, catalog: { products: 22, categories: 4 } });
      expect(results.logo.bytes).toBeGreaterThan(0);
      expect(results.engines.map((engine) => engine.engine)).toEqual(["postgres"]);
      for (const engine of results.engines) {
        expect(engine.pages.map((page) => page.label)).toEqual(["home", "shop", "category", "product"]);
        for (const page of engine.pages) {
          for (const shop of [page.shops.fresh, page.shops.named]) {
            expect(shop.rounds).toHaveLength(1);
            expect(shop.median.requests).toBeGreaterThan(0);
            expect(shop.cpuMsPerRequest[0]).toBeGreaterThan(0);
            expect(shop.bytes).toBeGreaterThan(0);
          }
          // Her name, logo and announcement make the page larger (the bench checked they are on it).
          expect(page.shops.named.bytes).toBeGreaterThan(page.shops.fresh.bytes);
          for (const ratios of [page.ratios.rate, page.ratios.cpu]) {
            expect(ratios.rounds).toHaveLength(1);
            expect(ratios.median).toBeGreaterThan(0);
          }
        }
        expect(engine.overall.rate.rounds).toHaveLength(4);
        // Every request of the load on the named shop was answered from the page cache, as on the fresh one.
        for (const cache of [engine.pageCache.named, engine.pageCache.fresh]) {
          expect(cache.requests).toBeGreaterThan(0);
          expect(cache.hits).toBe(cache.requests);
        }
      }

      const table = fs.readFileSync(out.replace(/\.json$/, ".md"), "utf8");
      expect(run.stdout).toContain(table);
      const rows = table.split("\n").filter((line) => /^\| (SQLite|PostgreSQL) \|/.test(line));
      expect(rows).toHaveLength(4 + 1);
      for (const row of rows) expect(row).toMatch(/^\| PostgreSQL \|/);
      for (const row of rows) expect(row).toMatch(/\d\.\d\d \([+−]\d+\.\d %, (NOT )?within 5 %\)/);
      expect(table.match(/the page cache answered/g)).toHaveLength(1);
    },
  );
});
