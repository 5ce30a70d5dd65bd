import os from "node:os";
import { SERVER_NODE_FLAGS } from "../scripts/server-command";
import { benchBackOffice } from "./back-office-run";
import type { BenchReport, ReportRun } from "./report";
import { backOfficeSettings } from "./settings";
import type {
  BackOfficeEngineFigures,
  BackOfficeResults,
  CsvExportFigure,
  GrownShopFigures,
  OwnerPageFigure,
} from "./back-office-run";

const count = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => {
  const mb = bytes / 1024 ** 2;
  return mb >= 10 ? `${mb.toFixed(0)} MB` : mb >= 1 ? `${mb.toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} KB`;
};
const fraction = (value: number) => (value >= 0.995 ? value.toFixed(2) : value.toPrecision(2));

const ENGINE = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

function pageCell(page: OwnerPageFigure | undefined, requests: number): string {
  if (!page) return "";
  if (page.failed) return `FAILED: ${page.failed}`;
  const fewer = page.requests < requests ? `, ${page.requests} requests (time bound)` : "";
  const note = page.note ? ` (${page.note}${fewer})` : fewer ? ` (${fewer.slice(2)})` : "";
  return `${ms(page.medianMs)} / ${ms(page.p95Ms)} ms${note}`;
}

/** The deep page's path differs with its cursor: its row names the list and how deep. */
const pageName = (page: OwnerPageFigure, deepPage: number) =>
  page.label === "orders list, deep page"
    ? `GET /admin/orders, page ${count(deepPage)} (deep page)`
    : `GET ${page.path} (${page.label})`;

const failedOr = (csv: CsvExportFigure, figure: string | null) =>
  csv.failed ? (figure === null ? csv.failed : `${figure}; ${csv.failed}`) : (figure ?? "");

const csvRows: [string, string, (csv: CsvExportFigure) => string][] = [
  [
    "GET /admin/orders.csv, all orders: first byte",
    "within 1 s",
    (csv) => failedOr(csv, csv.firstByteMs === null ? null : seconds(csv.firstByteMs)),
  ],
  [
    "GET /admin/orders.csv: whole download",
    "",
    (csv) =>
      csv.totalMs === null || csv.failed
        ? "no complete file"
        : `${seconds(csv.totalMs)}, ${megabytes(csv.bytes)} compressed`,
  ],
  [
    "GET /admin/orders.csv: the server's peak RSS (at the start)",
    "under 200 MB throughout",
    (csv) => `${megabytes(csv.peakRssBytes)} (${megabytes(csv.startRssBytes)})`,
  ],
  [
    "GET /shop during the export: median / p95 / max of its answers",
    "within 200 ms",
    ({ storefront: probe }) => {
      const answered =
        probe.answered === probe.asked
          ? `all ${probe.asked} answered`
          : `ONLY ${probe.answered} OF ${probe.asked} ANSWERED`;
      if (probe.answered === 0) return `no answer (${probe.asked} asked)`;
      return `${ms(probe.medianMs!)} / ${ms(probe.p95Ms!)} / ${ms(probe.maxMs!)} ms (${answered})`;
    },
  ],
];

function growingCell(grown: GrownShopFigures) {
  const { invariant } = grown;
  const check = !invariant
    ? ""
    : invariant.ok
      ? "; stock invariant ok"
      : `; STOCK INVARIANT BROKEN for ${invariant.mismatches.length} products`;
  return `${seconds(grown.seconds * 1000)}${check}`;
}

function checkoutCell(engine: BackOfficeEngineFigures) {
  const { checkout } = engine;
  if (!checkout) return "not measured";
  const invariant = checkout.invariant.ok
    ? "stock invariant ok"
    : `STOCK INVARIANT BROKEN for ${checkout.invariant.mismatches.length} products`;
  return `${fraction(checkout.ratio)} (${count(checkout.shop.requestsPerSecond)} / ${count(checkout.limit.requestsPerSecond)} orders/s; p50 / p99 ${ms(checkout.shop.p50Ms)} / ${ms(checkout.shop.p99Ms)} ms; ${invariant})`;
}

/** The owner's side in one Markdown table, a column per engine: the terminal shows it, bench/README.md embeds it. */
export function renderBackOfficeTable(results: BackOfficeResults): string {
  const { machine, settings, checkoutLoad, engines } = results;
  const [first] = engines;
  const counts = first!.grown.counts;
  const header = [
    `Measured ${results.date.slice(0, 16).replace("T", " ")} UTC${results.quick ? " (quick mode: too short to quote)" : ""} on ` +
      `${machine.cores} cores (${machine.cpu}), ${(machine.memoryBytes / 1024 ** 3).toFixed(0)} GB, Node ${machine.node}, ${machine.platform}; ` +
      `load average ${results.loadAverage.start.toFixed(1)} at the start, ${results.loadAverage.end.toFixed(1)} at the end.`,
    `The shop: ${count(counts.orders)} orders over three years (${count(counts.lines)} lines, ${count(counts.emails)} sent emails, ` +
      `${count(counts.activity)} activity entries, ${count(counts.accounts + 1)} shopper accounts, ${count(counts.refunds)} refunds), ` +
      `written straight into the database, then served by the production build (node ${settings.serverFlags.join(" ")} build/server.js). ` +
      `Each page: median / p95 of ${settings.requestsPerPage} requests one after another (at most ${settings.pageSeconds} s), after one to warm up, ` +
      `signed in as the owner (as the shopper for /account). The CSV: one download, with /shop asked for every ${settings.probeIntervalMs} ms meanwhile. ` +
      `Checkout: as in the table above, ${checkoutLoad.generator}, ${checkoutLoad.connections} connections, ` +
      `${checkoutLoad.repeats === 1 ? `${checkoutLoad.seconds} s` : `median of ${checkoutLoad.repeats} × ${checkoutLoad.seconds} s`}, on the grown shop.`,
  ];
  const columns = ["figure", "target", ...engines.map((engine) => ENGINE[engine.engine])];
  const rows: string[][] = [
    [
      "growing the shop (rows written straight into the database)",
      "",
      ...engines.map((engine) => growingCell(engine.grown)),
    ],
    ["database size on disk, grown", "", ...engines.map((engine) => megabytes(engine.grown.databaseBytes))],
    [
      "the server's first pruning of emails sent more than OUTBOX_KEEP_DAYS ago, and the size after it",
      "under 300 MB on SQLite",
      ...engines.map(
        ({ pruning }) =>
          `${seconds(pruning.seconds * 1000)}${pruning.done ? "" : " (not finished)"}, ${megabytes(pruning.bytes)}`,
      ),
    ],
    [
      "database size on disk after the pages and the CSV (the shop's jobs running meanwhile)",
      "",
      ...engines.map(
        ({ databaseAfterRun: after }) =>
          `${megabytes(after.bytes)}, ${seconds(after.serverSeconds * 1000)} after the server started`,
      ),
    ],
  ];
  for (const [index, page] of first!.pages.entries()) {
    rows.push([
      pageName(page, settings.deepPage),
      "median under 100 ms",
      ...engines.map((engine) => pageCell(engine.pages[index], settings.requestsPerPage)),
    ]);
  }
  for (const [name, target, cell] of csvRows) rows.push([name, target, ...engines.map((engine) => cell(engine.csv))]);
  rows.push([
    "POST /api/checkout on the grown shop: shop/limit",
    "within 5 % of today's ratio",
    ...engines.map(checkoutCell),
  ]);
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replaceAll("|", "\\|")).join(" | ")} |`;
  return [...header, "", line(columns), line(columns.map(() => "---")), ...rows.map(line)].join("\n") + "\n";
}

/** The owner's side on a shop grown to `orders` orders, SQLite then PostgreSQL. */
export async function backOfficeReport(run: ReportRun, orders: number): Promise<BenchReport<BackOfficeResults>> {
  const { settings, generator, postgresServer, workDir, date, machine, loadAtStart } = run;
  const backOffice = backOfficeSettings({ quick: run.quick, orders, checkout: !run.skipCheckout });
  const options = { settings: backOffice, checkoutSettings: settings, generator, postgresServer, workDir };
  const engines = [await benchBackOffice("sqlite", options), await benchBackOffice("postgres", options)];
  const results: BackOfficeResults = {
    date,
    quick: run.quick,
    orders,
    machine,
    loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
    settings: {
      requestsPerPage: backOffice.requestsPerPage,
      pageSeconds: backOffice.pageSeconds,
      deepPage: backOffice.deepPage,
      csvSeconds: backOffice.csvSeconds,
      probeIntervalMs: backOffice.probeIntervalMs,
      serverFlags: SERVER_NODE_FLAGS,
    },
    checkoutLoad: {
      generator: `${generator.name} ${generator.version}`,
      connections: settings.connections,
      seconds: settings.seconds,
      repeats: settings.repeats,
    },
    engines,
  };
  const table = renderBackOfficeTable(results);
  // The bench's README says how large a shop its figures were taken on.
  return {
    results,
    table,
    block: "bench-orders",
    readme: `#### At ${orders.toLocaleString("en-US")} orders\n\n${table}`,
  };
}
