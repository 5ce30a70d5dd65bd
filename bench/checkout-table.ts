import { benchCheckoutAddresses } from "./checkout-run";
import { type BenchReport, measuredOn, type ReportRun } from "./report";
import { liftedLimits } from "./shop-server";
import type { CheckoutResults } from "./checkout-run";
import type { CheckoutFigure } from "./results";

const ENGINE = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;
const FROM = {
  own: "each its own address (X-Forwarded-For), as in a launch",
  one: "all from 127.0.0.1, as a harness sends them",
} as const;
const count = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

const eachRun = (figure: CheckoutFigure) =>
  figure.runs.shop.map((rate, index) => `${count(rate)} / ${count(figure.runs.limit[index]!)}`).join(", ");

const invariantNote = ({ invariant }: CheckoutFigure) =>
  `${invariant.ok ? "stock invariant ok" : `STOCK INVARIANT BROKEN for ${invariant.mismatches.length} products`} ` +
  `(${count(invariant.orders)} orders, ${invariant.paidOrders} paid)`;

/** The `--checkout` run as Markdown: each engine's ratio with an address per checkout and with one for all. */
export function renderCheckoutTable(results: CheckoutResults): string {
  const { machine, loadAverage, settings, catalog } = results;
  const limits = Object.entries(results.shopEnv)
    .map(([name, value]) => `${name}=${value}`)
    .join(", ");
  const lines = [
    `Measured ${results.date.slice(0, 16).replace("T", " ")} UTC on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}; load average ${loadAverage.start.toFixed(1)} at the start, ${loadAverage.end.toFixed(1)} at the end.`,
    `POST /api/checkout on the demo catalog (${catalog.products} products, stock raised by an import), one to three products of one unit each, a fresh idempotency key and an Origin header per request; ${results.loadGenerator.name} ${results.loadGenerator.version}, ${settings.connections} connections, median of ${settings.repeats} × ${settings.seconds} s (at most ${count(settings.maxRequestsPerRun)} checkouts a run), shop and limit in turns; a fresh shop and limit per row. The shop's per-address limits: ${limits}.`,
    "",
    "| engine | checkouts from | shop | limit | shop/limit | each run, shop / limit (orders/s) | shop p50 / p99 | notes |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.figures.map(
      (figure) =>
        `| ${ENGINE[figure.engine]} | ${FROM[figure.addresses]} | ${count(figure.shop.requestsPerSecond)} orders/s | ${count(figure.limit.requestsPerSecond)} orders/s | ${figure.ratio.toFixed(2)} | ${eachRun(figure)} | ${ms(figure.shop.p50Ms)} / ${ms(figure.shop.p99Ms)} ms | ${invariantNote(figure)} |`,
    ),
  ];
  return lines.join("\n") + "\n";
}

/** The main table's checkout figure alone: each engine, an address per checkout and one for all. */
export async function checkoutReport(run: ReportRun): Promise<BenchReport<CheckoutResults>> {
  const { settings, generator, postgresServer, workDir } = run;
  const { products, categories, figures } = await benchCheckoutAddresses({
    generator,
    settings,
    postgresServer,
    workDir,
  });
  const results: CheckoutResults = {
    ...measuredOn(run),
    settings: {
      connections: settings.connections,
      seconds: settings.seconds,
      repeats: settings.repeats,
      maxRequestsPerRun: settings.checkoutBound,
    },
    shopEnv: liftedLimits,
    catalog: { products, categories },
    figures,
  };
  const table = renderCheckoutTable(results);
  return { results, table, block: "bench-checkout", readme: table };
}
