import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { chromiumPath } from "./browser";
import type { PageToMeasure } from "./pages";
import type { LighthouseFigure } from "./results";
import { medianBy } from "./stats";

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
 * the first and the largest contentful paint it estimates. Its estimates
 * swing with the unthrottled load it simulates from (whether Chromium
 * painted before or after the scripts arrived), so each page is the run
 * with the median LCP of `runs`.
 */
export async function measureLighthouse(
  shopUrl: string,
  pages: PageToMeasure[],
  runs: number,
  dir: string,
): Promise<LighthouseFigure[]> {
  fs.mkdirSync(dir, { recursive: true });
  const figures: LighthouseFigure[] = [];
  for (const page of pages) {
    const measured: LighthouseFigure[] = [];
    for (let run = 0; run < runs; run++)
      measured.push(await runLighthouseAgainIfAsked(shopUrl, page, path.join(dir, `${page.label}-${run}.json`)));
    figures.push(medianBy(measured, (figure) => figure.largestContentfulPaintMs));
  }
  return figures;
}

/** How often a run Lighthouse asks to repeat is tried in all. */
const TRIES = 3;

/**
 * A run, repeated when Lighthouse says its trace failed and asks to be run
 * again (NO_NAVSTART, seen on a loaded machine): a fault of the recording,
 * not of the page. Any other failure stops the bench.
 */
async function runLighthouseAgainIfAsked(
  shopUrl: string,
  page: PageToMeasure,
  report: string,
): Promise<LighthouseFigure> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(shopUrl, page, report);
    } catch (error) {
      if (attempt === TRIES || !String(error).includes("Please run Lighthouse again")) throw error;
      console.error(`[bench] Lighthouse on ${page.path} asked to run again (${attempt} of ${TRIES})`);
    }
  }
}

async function runLighthouse(shopUrl: string, page: PageToMeasure, report: string): Promise<LighthouseFigure> {
  await promisify(execFile)(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      shopUrl + page.path,
      "--quiet",
      "--output=json",
      `--output-path=${report}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync",
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const { categories, audits, runtimeError } = JSON.parse(fs.readFileSync(report, "utf8")) as LighthouseReport;
  const paint = (audit: string) => audits[audit]?.numericValue;
  const [firstContentfulPaintMs, largestContentfulPaintMs] = [
    paint("first-contentful-paint"),
    paint("largest-contentful-paint"),
  ];
  if (runtimeError || firstContentfulPaintMs === undefined || largestContentfulPaintMs === undefined) {
    throw new Error(`Lighthouse on ${page.path}: ${runtimeError?.message ?? "no paint measured"}`);
  }
  const scores = Object.fromEntries(CATEGORIES.map((name) => [name, Math.round((categories[name].score ?? 0) * 100)]));
  return { ...page, scores: scores as LighthouseFigure["scores"], firstContentfulPaintMs, largestContentfulPaintMs };
}
