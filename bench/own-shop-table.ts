import { benchOwnShop, OWN_LOGO, OWN_SHOP } from "./own-shop";
import { type BenchReport, measuredOn, type ReportRun } from "./report";
import { liftedLimits } from "./shop-server";
import { ENGINE } from "./back-office-run";
import { cacheShare, kilobytes, pageRoundColumns, pageRoundRows } from "./page-rounds-table";
import type { OwnShopEngine, OwnShopResults } from "./own-shop";

/** Issue #43: a named shop's pages within 5 % of a fresh shop's. */
const LIMIT = 0.05;

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
    `GET of each page on two shops at once, each with the demo catalog (${catalog.products} products): a fresh shop (its default name and texts) and one named "${setup.name}" through /admin/settings, with its tagline, contact, links, the announcement "${setup.announcement}" (linked to ${setup.announcementLink}) and a ${logo.width} × ${logo.height} PNG logo (${kilobytes(logo.bytes)}) uploaded there and processed by the shop's logo code; each measured in a process started after its setup. ${results.loadGenerator.name} ${results.loadGenerator.version}, ${settings.connections} connections, ${settings.rounds} rounds of ${settings.seconds} s a page a shop, each round starting from the other shop; a ratio is the median of the rounds' ratios, the named shop's over the fresh shop's.`,
    "",
    ...pageRoundColumns("fresh", "named"),
    ...results.engines.flatMap((engine) => pageRoundRows(engine, ["fresh", "named"], LIMIT)),
    "",
    ...results.engines.map(cacheLine),
  ];
  return lines.join("\n") + "\n";
}

/** Page throughput of a shop with her name, logo and announcement against a fresh shop's: each engine, alternating rounds. */
export async function ownShopReport(run: ReportRun): Promise<BenchReport<OwnShopResults>> {
  const { settings, generator, postgresServer, workDir, rounds } = run;
  const { products, categories, logo, engines } = await benchOwnShop({
    generator,
    settings,
    rounds,
    engines: run.engines,
    postgresServer,
    workDir,
  });
  const results: OwnShopResults = {
    ...measuredOn(run),
    settings: { connections: settings.connections, seconds: settings.seconds, rounds },
    shopEnv: liftedLimits,
    catalog: { products, categories },
    setup: OWN_SHOP,
    logo: { bytes: logo.length, ...OWN_LOGO },
    engines,
  };
  const table = renderOwnShopTable(results);
  return { results, table, block: "bench-own-shop", readme: table };
}
