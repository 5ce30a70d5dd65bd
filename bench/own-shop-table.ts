import { ENGINE } from "./back-office-run";
import { ratioCell, within } from "./ratio-cell";
import type { OwnShopEngine, OwnShopPageRuns, OwnShopResults, PageCacheFigure } from "./results";
import { median } from "./stats";

const count = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Issue #43: a named shop's pages within 5 % of a fresh shop's. */
const LIMIT = 0.05;
const WITHIN = within(LIMIT);

const runsCells = (runs: OwnShopPageRuns) => [
  `${count(runs.median.requestsPerSecond)}: ${runs.rounds.map(count).join(", ")}`,
  `${ms(runs.median.p50Ms)} / ${ms(runs.median.p99Ms)} ms`,
  `${Math.round(median(runs.cpuMsPerRequest) * 1000)} µs`,
  `${kilobytes(runs.bytes)} ${runs.encoding}`,
];

const cacheShare = ({ requests, hits }: PageCacheFigure) =>
  `${count(hits)} of ${count(requests)} (${requests > 0 ? ((hits / requests) * 100).toFixed(2) : "0"} %)`;

const cacheLine = ({ engine, pageCache }: OwnShopEngine) =>
  `- ${ENGINE[engine]}: the page cache answered ${cacheShare(pageCache.named)} of the named shop's requests during the load, ${cacheShare(pageCache.fresh)} of the fresh shop's.`;

/**
 * The `--own-shop` run as Markdown: each engine's pages on the fresh shop
 * and on the named one, the named one's ratios to the fresh one's, and how
 * much of the load the page cache answered.
 */
export function renderOwnShopTable(results: OwnShopResults): string {
  const { machine, loadAverage, settings, catalog, setup, logo } = results;
  const lines = [
    `Measured ${results.date.slice(0, 16).replace("T", " ")} UTC on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}; load average ${loadAverage.start.toFixed(1)} at the start, ${loadAverage.end.toFixed(1)} at the end.`,
    `GET of each page on two shops at once, each with the demo catalog (${catalog.products} products): a fresh shop (Wickshop, SPEC's texts) and one named "${setup.name}" through /admin/settings, with its tagline, contact, links, the announcement "${setup.announcement}" (linked to ${setup.announcementLink}) and a ${logo.width} × ${logo.height} PNG logo (${kilobytes(logo.bytes)}) uploaded there and processed by the shop's logo code; each measured in a process started after its setup. ${results.loadGenerator.name} ${results.loadGenerator.version}, ${settings.connections} connections, ${settings.rounds} rounds of ${settings.seconds} s a page a shop, each round starting from the other shop; a ratio is the median of the rounds' ratios, the named shop's over the fresh shop's.`,
    "",
    "| engine | page | fresh: req/s (median: each round) | p50 / p99 | CPU per request | size | named: req/s (median: each round) | p50 / p99 | CPU per request | size | named against fresh, req/s: median, each round | CPU per request: median, each round |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.engines
      .flatMap((engine) => [
        ...engine.pages.map((page) => [
          ENGINE[engine.engine],
          `${page.label} (${page.path})`,
          ...runsCells(page.shops.fresh),
          ...runsCells(page.shops.named),
          ratioCell(page.ratios.rate, WITHIN.rate, LIMIT),
          ratioCell(page.ratios.cpu, WITHIN.cpu, LIMIT),
        ]),
        [
          ENGINE[engine.engine],
          `every page (load average ${engine.loadAverage.start.toFixed(1)} → ${engine.loadAverage.end.toFixed(1)})`,
          ...Array<string>(8).fill(""),
          ratioCell(engine.overall.rate, WITHIN.rate, LIMIT),
          ratioCell(engine.overall.cpu, WITHIN.cpu, LIMIT),
        ],
      ])
      .map((row) => `| ${row.join(" | ")} |`),
    "",
    ...results.engines.map(cacheLine),
  ];
  return lines.join("\n") + "\n";
}
