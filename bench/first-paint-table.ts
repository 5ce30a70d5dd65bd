import { SLOW_4G } from "./add-to-cart";
import { benchFirstPaint } from "./first-paint";
import { type BenchReport, measuredOn, type ReportRun } from "./report";
import { LIGHTHOUSE } from "./lighthouse";
import { count, kilobytes, ms } from "./page-rounds-table";
import type { FirstPaintResults, LighthouseFigure } from "./results";

/** LCP within this many times the page's own floor without scripts. */
const FLOOR_TARGET = 1.3;
/** A product page's JavaScript, compressed, at most this (docs/decisions/010-first-paint.md). */
export const JS_BUDGET_BYTES = 98 * 1024;

const lighthouseRow = (catalog: string, page: LighthouseFigure) =>
  [
    catalog,
    `${page.path} (${page.label})`,
    `${ms(page.largestContentfulPaintMs)} ms`,
    `${ms(page.floor.largestContentfulPaintMs)} ms`,
    `${page.ratioToFloor.toFixed(2)}${page.ratioToFloor <= FLOOR_TARGET ? "" : ` (over ${FLOOR_TARGET})`}`,
    `${ms(page.firstContentfulPaintMs)} / ${ms(page.floor.firstContentfulPaintMs)} ms`,
    page.cumulativeLayoutShift.toFixed(2),
    page.scores.performance,
    page.loadAverage.toFixed(1),
  ].join(" | ");

const javascript = (bytes: number) =>
  `${kilobytes(bytes)} compressed${bytes <= JS_BUDGET_BYTES ? "" : ` (over ${kilobytes(JS_BUDGET_BYTES)})`}`;

/** The `--first-paint` run as Markdown: each page beside its floor, then Add to Cart on the product page. */
export function renderFirstPaintTable(results: FirstPaintResults): string {
  const { machine, loadAverage, settings } = results;
  const { throttling } = settings;
  const name = (catalog: FirstPaintResults["catalogs"][number]) =>
    `${catalog.name === "demo" ? "demo" : "generated"}: ${count(catalog.products)} products`;
  const lines = [
    `Measured ${results.date.slice(0, 16).replace("T", " ")} UTC${results.quick ? " (quick mode: too short to quote)" : ""} on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}; load average ${loadAverage.start.toFixed(1)} at the start, ${loadAverage.end.toFixed(1)} at the end.`,
    `Lighthouse: ${LIGHTHOUSE}'s mobile defaults (a mid-range phone, simulated slow 4G), ${settings.lighthouseRuns} run${settings.lighthouseRuns === 1 ? "" : "s"} of each page alternated with as many of the floor, the same page without its scripts (every \`<script>\` and modulepreload taken out by a proxy); each side is its run with the median LCP.`,
    "",
    "| catalog | page | LCP | floor's LCP | LCP / floor | FCP / floor's | CLS | performance | load average |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.catalogs.flatMap((catalog) =>
      catalog.lighthouse.map((page) => `| ${lighthouseRow(name(catalog), page)} |`),
    ),
    "",
    `Add to Cart on the product page in Chromium, on a ${throttling.latencyMs} ms, ${throttling.downloadKbps} kbit/s link (Lighthouse's own slow 4G when it throttles for real) with this machine's processor, tapped every 20 ms from the start; median of ${settings.addToCartRuns} cold load${settings.addToCartRuns === 1 ? "" : "s"}:`,
    "",
    "| catalog | page | Add to Cart first works (median: each load) | LCP of the same loads | JavaScript |",
    "| --- | --- | --- | --- | --- |",
    ...results.catalogs.map((catalog) => {
      const { addToCart } = catalog;
      const runs = addToCart.runs.map(ms).join(", ");
      return `| ${name(catalog)} | ${addToCart.path} | ${ms(addToCart.workedAtMs)} ms: ${runs} | ${ms(addToCart.largestContentfulPaintMs)} ms | ${javascript(addToCart.jsBytes)} |`;
    }),
  ];
  return lines.join("\n") + "\n";
}

/** Each browsing page's LCP beside its floor without scripts, and when Add to Cart first works on slow 4G. */
export async function firstPaintReport(run: ReportRun): Promise<BenchReport<FirstPaintResults>> {
  const { workDir, rounds } = run;
  const runs = run.quick ? 1 : rounds;
  const catalogs = await benchFirstPaint({ quick: run.quick, rounds: runs, workDir });
  const results: FirstPaintResults = {
    ...measuredOn(run),
    settings: { lighthouseRuns: runs, addToCartRuns: runs, throttling: SLOW_4G },
    catalogs,
  };
  const table = renderFirstPaintTable(results);
  return { results, table, block: "bench-first-paint", readme: table };
}
