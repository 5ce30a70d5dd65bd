import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromiumPath } from "./browser";
import type { PageToMeasure } from "./pages";
import type { LighthouseFigure } from "./results";
import { startScriptFreeProxy } from "./script-free-proxy";
import { medianBy, ratio } from "./stats";

/**
 * Lighthouse runs from the npm registry through npx, at this version, so
 * neither `npm install` nor the shop carries it (it wants Node 22, and runs
 * on 20). The first run downloads it once into npm's cache.
 */
export const LIGHTHOUSE = "lighthouse@13.5.0";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface LighthouseReport {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

/**
 * Lighthouse's mobile runs of each page, as its CLI does by default: a
 * mid-range phone on simulated slow 4G, scores in all four categories and
 * the first and the largest contentful paint it estimates. Each run of the
 * page alternates with one of the same page without its scripts, through
 * bench/script-free-proxy.ts (the floor), so both see the same load on the
 * machine. Its estimates swing with the unthrottled load it simulates from
 * (whether Chromium painted before or after the scripts arrived), so each
 * side is its run with the median LCP of `runs`.
 */
export async function measureLighthouse(
  shopUrl: string,
  pages: PageToMeasure[],
  runs: number,
  dir: string,
): Promise<LighthouseFigure[]> {
  fs.mkdirSync(dir, { recursive: true });
  const floor = await startScriptFreeProxy(shopUrl);
  try {
    const figures: LighthouseFigure[] = [];
    for (const page of pages) {
      const measured: { shop: LighthouseRun[]; floor: LighthouseRun[] } = { shop: [], floor: [] };
      for (let run = 0; run < runs; run++) {
        // Each side goes first in every other run, so neither always follows the other's Chromium.
        const sides = run % 2 === 0 ? (["shop", "floor"] as const) : (["floor", "shop"] as const);
        for (const side of sides) {
          const url = (side === "shop" ? shopUrl : floor.url) + page.path;
          measured[side].push(
            await runLighthouseAgainIfAsked(url, path.join(dir, `${page.label}-${side}-${run}.json`)),
          );
        }
      }
      const atShop = medianBy(measured.shop, (figure) => figure.largestContentfulPaintMs);
      const atFloor = medianBy(measured.floor, (figure) => figure.largestContentfulPaintMs);
      figures.push({
        ...page,
        ...atShop,
        floor: {
          firstContentfulPaintMs: atFloor.firstContentfulPaintMs,
          largestContentfulPaintMs: atFloor.largestContentfulPaintMs,
        },
        ratioToFloor: ratio(atShop.largestContentfulPaintMs, atFloor.largestContentfulPaintMs),
        loadAverage: os.loadavg()[0]!,
      });
    }
    return figures;
  } finally {
    await floor.stop();
  }
}

type LighthouseRun = Pick<
  LighthouseFigure,
  "scores" | "firstContentfulPaintMs" | "largestContentfulPaintMs" | "cumulativeLayoutShift"
>;

/** How often a run Lighthouse asks to repeat is tried in all. */
const TRIES = 3;

/**
 * A run, repeated when Lighthouse says its trace failed and asks to be run
 * again (NO_NAVSTART, seen on a loaded machine): a fault of the recording,
 * not of the page. Any other failure stops the bench.
 */
async function runLighthouseAgainIfAsked(url: string, report: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, report);
    } catch (error) {
      if (attempt === TRIES || !String(error).includes("Please run Lighthouse again")) throw error;
      console.error(`[bench] Lighthouse on ${url} asked to run again (${attempt} of ${TRIES})`);
    }
  }
}

async function runLighthouse(url: string, report: string): Promise<LighthouseRun> {
  await promisify(execFile)(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${report}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync",
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const { categories, audits, runtimeError } = JSON.parse(fs.readFileSync(report, "utf8")) as LighthouseReport;
  const figure = (audit: string) => audits[audit]?.numericValue;
  const [firstContentfulPaintMs, largestContentfulPaintMs, cumulativeLayoutShift] = [
    figure("first-contentful-paint"),
    figure("largest-contentful-paint"),
    figure("cumulative-layout-shift"),
  ];
  if (
    runtimeError ||
    firstContentfulPaintMs === undefined ||
    largestContentfulPaintMs === undefined ||
    cumulativeLayoutShift === undefined
  ) {
    throw new Error(`Lighthouse on ${url}: ${runtimeError?.message ?? "no paint measured"}`);
  }
  const scores = Object.fromEntries(CATEGORIES.map((name) => [name, Math.round((categories[name].score ?? 0) * 100)]));
  return {
    scores: scores as LighthouseFigure["scores"],
    firstContentfulPaintMs,
    largestContentfulPaintMs,
    cumulativeLayoutShift,
  };
}
