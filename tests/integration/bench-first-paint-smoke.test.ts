import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { FirstPaintResults } from "../../bench/results";
import { runScript } from "../helpers/run-script";

/**
 * `npm run bench -- --first-paint --quick`: the demo's product page in
 * Lighthouse beside the same page without its scripts, and Add to Cart on
 * slow 4G, once each, so the measurement cannot rot. It checks the figures
 * are there, not what they are (one run of each says nothing of 1.3 ×).
 */
describe("npm run bench -- --first-paint --quick", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-bench-first-paint-smoke-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("measures the product page beside its floor, and when Add to Cart first works", { timeout: 300_000 }, async () => {
    const out = path.join(dir, "first-paint.json");
    const run = await runScript("bench/run.ts", ["--first-paint", "--quick", "--out", out], {
      CHROMIUM_PATH: process.env.CHROMIUM_PATH,
    });
    expect(run.code, run.stderr).toBe(0);

    const results = JSON.parse(fs.readFileSync(out, "utf8")) as FirstPaintResults;
    expect(results).toMatchObject({ quick: true, settings: { lighthouseRuns: 1, addToCartRuns: 1 } });
    expect(results.catalogs.map(({ name, products }) => ({ name, products }))).toEqual([
      { name: "demo", products: 22 },
    ]);
    const [demo] = results.catalogs;
    expect(demo!.lighthouse.map((page) => page.label)).toEqual(["product"]);
    const [product] = demo!.lighthouse;
    for (const paint of [
      product!.firstContentfulPaintMs,
      product!.largestContentfulPaintMs,
      product!.floor.firstContentfulPaintMs,
      product!.floor.largestContentfulPaintMs,
    ])
      expect(paint).toBeGreaterThan(0);
    expect(product!.ratioToFloor).toBeCloseTo(
      product!.largestContentfulPaintMs / product!.floor.largestContentfulPaintMs,
    );
    expect(product!.cumulativeLayoutShift).toBeGreaterThanOrEqual(0);
    expect(product!.scores.performance).toBeGreaterThan(0);

    const { addToCart } = demo!;
    expect(addToCart.path).toBe(product!.path);
    expect(addToCart.runs).toHaveLength(1);
    expect(addToCart.workedAtMs).toBeGreaterThan(0);
    expect(addToCart.largestContentfulPaintMs).toBeGreaterThan(0);
    expect(addToCart.jsBytes).toBeGreaterThan(0);

    const table = fs.readFileSync(out.replace(/\.json$/, ".md"), "utf8");
    expect(run.stdout).toContain(table);
    const rows = table.split("\n").filter((line) => line.startsWith("| demo: "));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`| ${product!.ratioToFloor.toFixed(2)}`);
    expect(rows[1]).toMatch(/\| \d+ ms: \d+ \|/);
  });
});
