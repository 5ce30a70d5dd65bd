import { benchCatalog, benchMemory, type CatalogName } from "./catalog-run";
import { type BenchReport, measuredOn, type ReportRun } from "./report";
import { liftedLimits } from "./shop-server";
import { LIGHTHOUSE } from "./lighthouse";
import type { BenchResults, CatalogFigures, MemorySample, StockInvariant, Throughput } from "./results";

const count = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** Two significant digits: ratios here run from a thousandth to about one. */
const fraction = (value: number) => (value >= 0.995 ? value.toFixed(2) : value.toPrecision(2));
const latency = (run: Throughput) => `${ms(run.p50Ms)} / ${ms(run.p99Ms)} ms`;
const rate = (run: Throughput, unit: string) =>
  `${count(run.requestsPerSecond)} ${unit}${run.boundReached ? " (count bound hit: at least)" : ""}`;

const catalogName = (catalog: CatalogFigures) =>
  catalog.name === "large-variants"
    ? `generated, sizes and scents: ${count(catalog.products)} products of ${catalog.variants / catalog.products} variants (${count(catalog.variants)} to sell), ${catalog.categories} categories`
    : `${catalog.name === "demo" ? "demo" : "generated"}: ${count(catalog.products)} products, ${catalog.categories} categories`;

const invariantNote = (invariant: StockInvariant) =>
  `${invariant.ok ? "stock invariant ok" : `STOCK INVARIANT BROKEN for ${invariant.mismatches.length} products`} ` +
  `(${count(invariant.orders)} orders, ${invariant.paidOrders} paid)`;

const ENGINE = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

/** What a catalog's figures are set beside: the demo's for the generated one, the generated one's for it in sizes and scents. */
const BESIDE: Record<CatalogFigures["name"], { name: CatalogFigures["name"]; label: string } | undefined> = {
  demo: undefined,
  large: { name: "demo", label: "the demo's" },
  "large-variants": { name: "large", label: "the 10,000 products'" },
};

function catalogRows(catalog: CatalogFigures, beside: CatalogFigures | undefined, seconds: number): string[][] {
  const name = catalogName(catalog);
  const besideLabel = BESIDE[catalog.name]?.label;
  const rows: string[][] = [];
  for (const page of catalog.pages) {
    const besidePage = beside?.pages.find((other) => other.label === page.label);
    const growth = besidePage?.shop.requestsPerSecond
      ? `; ${fraction(page.shop.requestsPerSecond / besidePage.shop.requestsPerSecond)} × ${besideLabel} req/s`
      : "";
    rows.push([
      `GET ${page.path} (${page.label})`,
      name,
      rate(page.shop, "req/s"),
      rate(page.limit, "req/s"),
      fraction(page.ratio),
      latency(page.shop),
      latency(page.limit),
      `${kilobytes(page.bytes)} ${page.encoding}${growth}${page.shop.seconds > seconds ? `; runs of ${page.shop.seconds} s (a slow page)` : ""}`,
    ]);
  }
  for (const checkout of catalog.checkout) {
    const besideCheckout =
      catalog.name === "large-variants"
        ? beside?.checkout.find((other) => other.engine === checkout.engine)
        : undefined;
    const against = besideCheckout
      ? `; ${fraction(checkout.shop.requestsPerSecond / besideCheckout.shop.requestsPerSecond)} × ${besideLabel} orders/s`
      : "";
    rows.push([
      `POST /api/checkout, ${ENGINE[checkout.engine]}`,
      name,
      rate(checkout.shop, "orders/s"),
      rate(checkout.limit, "orders/s"),
      fraction(checkout.ratio),
      latency(checkout.shop),
      latency(checkout.limit),
      `${invariantNote(checkout.invariant)}${against}`,
    ]);
  }
  for (const page of catalog.browser) {
    rows.push([
      `Chromium ${page.path} (${page.label})`,
      name,
      `JS ${kilobytes(page.jsBytes)}, page with its styles ${kilobytes(page.htmlBytes)}, compressed`,
      "",
      "",
      "",
      "",
      `TTFB ${ms(page.ttfbMs)} ms, DOMContentLoaded ${ms(page.domContentLoadedMs)} ms, LCP ${ms(page.largestContentfulPaintMs)} ms`,
    ]);
  }
  for (const page of catalog.lighthouse ?? []) {
    const { performance, accessibility, seo, "best-practices": bestPractices } = page.scores;
    rows.push([
      `Lighthouse mobile ${page.path} (${page.label})`,
      name,
      `performance ${performance}, accessibility ${accessibility}, best practices ${bestPractices}, SEO ${seo}`,
      `without scripts: FCP ${ms(page.floor.firstContentfulPaintMs)} ms, LCP ${ms(page.floor.largestContentfulPaintMs)} ms`,
      `LCP ${page.ratioToFloor.toFixed(2)} × the floor`,
      "",
      "",
      `FCP ${ms(page.firstContentfulPaintMs)} ms, LCP ${ms(page.largestContentfulPaintMs)} ms (simulated slow 4G), CLS ${page.cumulativeLayoutShift.toFixed(2)}; load average ${page.loadAverage.toFixed(1)}`,
    ]);
  }
  if (catalog.importSeconds) {
    const { sqlite, postgres } = catalog.importSeconds;
    rows.push([
      "npm run catalog:import",
      name,
      `SQLite ${sqlite.toFixed(1)} s, PostgreSQL ${postgres.toFixed(1)} s`,
      "",
      "",
      "",
      "",
      "into an empty database, the whole command",
    ]);
  }
  return rows;
}

const signed = (fraction: number) => `${fraction >= 0 ? "+" : "−"}${Math.abs(fraction * 100).toFixed(0)}%`;
const levelled = (ok: boolean, growth: number) => `${ok ? "levelled off" : "STILL GROWING"} ${signed(growth)}`;

function leakRow(results: BenchResults): string[] {
  const { leak } = results;
  const middle = leak.samples.reduce((best, sample) =>
    Math.abs(sample.atSeconds - leak.seconds / 2) < Math.abs(best.atSeconds - leak.seconds / 2) ? sample : best,
  );
  const startMiddleEnd = (bytes: (sample: MemorySample) => number) =>
    [leak.start, middle, leak.end].map((sample) => megabytes(bytes(sample))).join(" → ");
  return [
    `mixed run, ${leak.seconds} s (pages, /api/products, checkout), ${results.settings.connections} connections`,
    `demo: ${count(leak.catalog.products)} products, ${leak.catalog.categories} categories`,
    `RSS ${startMiddleEnd((sample) => sample.rssBytes)} (start, middle, end)`,
    "",
    "",
    "",
    "",
    `V8 heap ${startMiddleEnd((sample) => sample.heapUsedBytes)}, outside it (Buffers) ${startMiddleEnd((sample) => sample.externalBytes)}; ` +
      `heap ${levelled(leak.levelledOff.heap, leak.growth.heapFloor)} (its floor, what survives GC), ` +
      `RSS ${levelled(leak.levelledOff.rss, leak.growth.rss)}, second quarter to last; ${count(leak.requests)} requests (${count(leak.requestsPerSecond)}/s); ${invariantNote(leak.invariantAfter)}`,
  ];
}

/** The one table, in Markdown: the terminal shows it, bench/README.md embeds it. */
export function renderTable(results: BenchResults): string {
  const { machine, loadGenerator, settings } = results;
  const runs =
    settings.repeats === 1 ? `${settings.seconds} s` : `median of ${settings.repeats} × ${settings.seconds} s`;
  const header = [
    `Measured ${results.date.slice(0, 16).replace("T", " ")} UTC${results.quick ? " (quick mode: too short to quote)" : ""} on ` +
      `${machine.cores} cores (${machine.cpu}), ${(machine.memoryBytes / 1024 ** 3).toFixed(0)} GB, Node ${machine.node}, ${machine.platform}; ` +
      `load average ${results.loadAverage.start.toFixed(1)} at the start, ${results.loadAverage.end.toFixed(1)} at the end. ` +
      `Load: ${loadGenerator.name} ${loadGenerator.version}, ${settings.connections} connections, ${runs} per figure; ` +
      `browser: Chromium, median of ${settings.browserLoads} cold load${settings.browserLoads === 1 ? "" : "s"}` +
      `${results.quick ? "" : `; Lighthouse: ${LIGHTHOUSE}'s mobile defaults (a mid-range phone, simulated slow 4G), the median LCP of ${settings.lighthouseRuns} runs per page, each alternated with a run of the page without its scripts (the floor: every \`<script>\` and modulepreload taken out by a proxy)`}.`,
    `The shop is the production build (node build/server.js) with request logs at info written to a file; ` +
      `each checkout comes from a shopper address of its own (X-Forwarded-For, through loopback as from a proxy), ` +
      `and the per-address limits are lifted for the pages and the rest, which come from 127.0.0.1: ` +
      `${Object.entries(results.shopEnv)
        .map(([name, value]) => `${name}=${value}`)
        .join(", ")}. ` +
      `"limit" is a bare Node http server in the same run: the same response bytes for pages, ` +
      `the raw reservation transaction with the same driver for checkout.`,
  ];
  const columns = ["figure", "catalog", "shop", "limit", "shop/limit", "shop p50 / p99", "limit p50 / p99", "notes"];
  const catalogNamed = (name: CatalogFigures["name"] | undefined) =>
    results.catalogs.find((catalog) => catalog.name === name);
  const rows = [
    ...results.catalogs.flatMap((catalog) =>
      catalogRows(catalog, catalogNamed(BESIDE[catalog.name]?.name), settings.seconds),
    ),
    leakRow(results),
  ];
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [...header, "", line(columns), line(columns.map(() => "---")), ...rows.map(line)].join("\n") + "\n";
}

export async function mainReport(run: ReportRun): Promise<BenchReport<BenchResults>> {
  const { settings, generator, postgresServer, workDir } = run;
  const catalogs = [];
  if (!settings.memoryOnly) {
    // --quick checks that the bench works: the generated catalog in sizes and scents, small, runs every step the
    // one of 10,000 products does, so the latter is left to the full run.
    const names: CatalogName[] = settings.quick ? ["demo", "large-variants"] : ["demo", "large", "large-variants"];
    for (const name of names) catalogs.push(await benchCatalog(name, { generator, settings, postgresServer, workDir }));
  }
  const leak = await benchMemory({ generator, settings, workDir });
  const results: BenchResults = {
    ...measuredOn(run),
    settings: {
      connections: settings.connections,
      seconds: settings.seconds,
      repeats: settings.repeats,
      browserLoads: settings.browserLoads,
      lighthouseRuns: settings.lighthouseRuns,
      leakSeconds: settings.leakSeconds,
    },
    shopEnv: liftedLimits,
    catalogs,
    leak,
  };
  const table = renderTable(results);
  return { results, table, block: "bench", readme: table };
}
