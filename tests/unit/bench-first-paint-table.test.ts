import { describe, expect, it } from "vitest";
import { SLOW_4G } from "../../bench/add-to-cart";
import { JS_BUDGET_BYTES, renderFirstPaintTable } from "../../bench/first-paint-table";
import type { FirstPaintResults, LighthouseFigure } from "../../bench/results";

const page = (ratioToFloor: number): LighthouseFigure => ({
  label: "product",
  path: "/shop/wax/1001",
  scores: { performance: 90, accessibility: 100, "best-practices": 100, seo: 100 },
  firstContentfulPaintMs: 800,
  largestContentfulPaintMs: 1000 * ratioToFloor,
  floor: { firstContentfulPaintMs: 800, largestContentfulPaintMs: 1000 },
  ratioToFloor,
  cumulativeLayoutShift: 0,
  loadAverage: 0.5,
});

const results = (ratioToFloor: number, jsBytes: number): FirstPaintResults => ({
  date: "2026-11-29T10:00:00.000Z",
  quick: false,
  machine: { cores: 2, cpu: "test", memoryBytes: 2 ** 34, node: "v20.20.2", platform: "linux" },
  loadAverage: { start: 0.5, end: 0.5 },
  loadGenerator: { name: "lighthouse", version: "13.5.0" },
  settings: { lighthouseRuns: 3, addToCartRuns: 3, throttling: SLOW_4G },
  catalogs: [
    {
      name: "demo",
      products: 22,
      categories: 3,
      lighthouse: [page(ratioToFloor)],
      addToCart: { path: "/shop/wax/1001", workedAtMs: 2400, runs: [2400], largestContentfulPaintMs: 1500, jsBytes },
    },
  ],
});

describe("the first-paint table", () => {
  it("marks a page past its targets: LCP over 1.3 times its floor, JavaScript over 98 KB", () => {
    const table = renderFirstPaintTable(results(1.31, JS_BUDGET_BYTES + 1));
    expect(table).toContain("| 1.31 (over 1.3) |");
    expect(table).toContain("| 98.0 KB compressed (over 98.0 KB) |");
  });

  it("leaves a page within them unmarked", () => {
    const table = renderFirstPaintTable(results(1.3, JS_BUDGET_BYTES));
    expect(table).toContain("| 1.30 |");
    expect(table).toContain("| 98.0 KB compressed |");
    expect(table).not.toContain("over");
  });
});
