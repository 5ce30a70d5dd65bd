import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { BackOfficeResults } from "../../bench/back-office-run";
import { benchPostgresServer } from "../helpers/bench-postgres";
import { runScript } from "../helpers/run-script";

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
        BENCH_DATABASE_URL: benchPostgresServer(),
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
          "sales tax (report and sales by state)",
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
        11 + 3,
      );
      expect(rows.filter((row) => row.includes("stock invariant ok"))).toHaveLength(1);
      expect(table).toContain("2,000 orders over three years");
    },
  );
});
