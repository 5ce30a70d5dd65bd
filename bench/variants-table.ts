import { benchVariants } from "./variants";
import { type BenchReport, measuredOn, type ReportRun } from "./report";
import { liftedLimits } from "./shop-server";
import { ENGINE } from "./back-office-run";
import { SIZES } from "./catalog-generator";
import { cacheShare, count, ms, pageRoundColumns, pageRoundRows } from "./page-rounds-table";
import { ratioCell, within } from "./ratio-cell";
import type { CheckoutRoundsFigure, StockInvariant } from "./results";
import type { VariantsEngine, VariantsResults } from "./variants";
import { median } from "./stats";

/** Issue #44: checkout of a variant, and the pages, within 5 % of today's. */
const LIMIT = 0.05;
const WITHIN = within(LIMIT);

const invariantNote = (invariant: StockInvariant) =>
  `${invariant.ok ? "stock invariant ok" : `STOCK INVARIANT BROKEN for ${invariant.mismatches.length} variants`} ` +
  `(${count(invariant.orders)} orders, ${invariant.paidOrders} paid)`;

const checkoutCells = (figure: CheckoutRoundsFigure) => [
  `${count(figure.median.requestsPerSecond)}: ${figure.rounds.map(count).join(", ")}`,
  `${ms(figure.median.p50Ms)} / ${ms(figure.median.p99Ms)} ms`,
  `${median(figure.cpuMsPerOrder).toFixed(2)} ms`,
  invariantNote(figure.invariant),
];

const checkoutRow = ({ engine, loadAverage, checkout }: VariantsEngine) =>
  [
    ENGINE[engine],
    ...checkoutCells(checkout.shops.plain),
    ...checkoutCells(checkout.shops.variants),
    ratioCell(checkout.ratios.rate, WITHIN.rate, LIMIT),
    ratioCell(checkout.ratios.cpu, WITHIN.cpu, LIMIT),
    `${loadAverage.start.toFixed(1)} → ${loadAverage.end.toFixed(1)}`,
  ].join(" | ");

const cacheLine = ({ engine, pageCache }: VariantsEngine) =>
  `- ${ENGINE[engine]}: the page cache answered ${cacheShare(pageCache.variants)} of the shop with options' requests during the load, ${cacheShare(pageCache.plain)} of the plain shop's.`;

/**
 * The `--variants` run as Markdown: each engine's checkout on the plain
 * demo shop and on it with sizes and scents, then each page, with the
 * ratios of the shop with options to the plain one's.
 */
export function renderVariantsTable(results: VariantsResults): string {
  const { machine, loadAverage, settings, catalog } = results;
  const perProduct = catalog.variants / catalog.products;
  const lines = [
    `Measured ${results.date.slice(0, 16).replace("T", " ")} UTC on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}; load average ${loadAverage.start.toFixed(1)} at the start, ${loadAverage.end.toFixed(1)} at the end.`,
    `Two shops at once, each with the demo catalog (${catalog.products} products in ${catalog.categories} categories) imported through \`npm run catalog:import\`, stock raised: "plain" as it is, "variants" with every product in Size (${SIZES.join(", ")}: $8 more) and Scent (its own, Unscented), ${perProduct} variants each, ${catalog.variants} in all; each measured in a process started after its import. ${results.loadGenerator.name} ${results.loadGenerator.version}, ${settings.connections} connections, ${settings.rounds} rounds of ${settings.seconds} s a figure a shop, each round starting from the other shop; a ratio is the median of the rounds' ratios, the shop with options' over the plain one's.`,
    "",
    `POST /api/checkout, every checkout from an address of its own (at most ${count(settings.maxRequestsPerRun)} a run), the same carts of one to three products in both shops, each line of the shop with options naming one of its variants:`,
    "",
    "| engine | plain: orders/s (median: each round) | p50 / p99 | CPU per order | notes | variants: orders/s (median: each round) | p50 / p99 | CPU per order | notes | variants against plain, orders/s: median, each round | CPU per order: median, each round | load average |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.engines.map((engine) => `| ${checkoutRow(engine)} |`),
    "",
    "GET of each page; the product page of the shop with options also with `?variant=` (its 12 oz, unscented), beside the plain shop's product page:",
    "",
    ...pageRoundColumns("plain", "variants"),
    ...results.engines.flatMap((engine) => pageRoundRows(engine, ["plain", "variants"], LIMIT)),
    "",
    ...results.engines.map(cacheLine),
  ];
  return lines.join("\n") + "\n";
}

/** Checkout and pages of the demo's shop with sizes and scents against it as it is: each engine, alternating rounds. */
export async function variantsReport(run: ReportRun): Promise<BenchReport<VariantsResults>> {
  const { settings, generator, postgresServer, workDir, rounds } = run;
  const { maxRequests, engines, ...catalog } = await benchVariants({
    generator,
    settings,
    rounds,
    engines: run.engines,
    postgresServer,
    workDir,
  });
  const results: VariantsResults = {
    ...measuredOn(run),
    settings: { connections: settings.connections, seconds: settings.seconds, rounds, maxRequestsPerRun: maxRequests },
    shopEnv: liftedLimits,
    catalog,
    engines,
  };
  const table = renderVariantsTable(results);
  return { results, table, block: "bench-variants", readme: table };
}
