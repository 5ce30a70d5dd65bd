import os from "node:os";
import { benchIndexCost } from "./index-cost";
import type { BenchReport, ReportRun } from "./report";
import { backOfficeSettings } from "./settings";
import type { IndexCostResults } from "./index-cost";

const ENGINE = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;
const ratios = (values: number[]) => values.map((value) => value.toFixed(3)).join(", ");
const percent = (change: number) => `${change >= 0 ? "+" : "−"}${Math.abs(change * 100).toFixed(1)} %`;

/** The index-cost run as Markdown: each engine's ratios with and without the back office's indexes, and their change. */
export function renderIndexCostTable(results: IndexCostResults): string {
  const { machine, loadAverage, checkoutLoad } = results;
  const lines = [
    `Measured ${results.date.slice(0, 16).replace("T", " ")} UTC on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}; load average ${loadAverage.start.toFixed(1)} at the start, ${loadAverage.end.toFixed(1)} at the end.`,
    `POST /api/checkout's ratio to its limit on a shop grown to ${results.orders.toLocaleString("en-US")} orders, with the back office's indexes (migrations 020, 022, 026 and 027) and without them, in ${results.rounds} pairs of runs in alternating order (${checkoutLoad.generator}, ${checkoutLoad.connections} connections, median of ${checkoutLoad.repeats} × ${checkoutLoad.seconds} s each).`,
    "",
    "| engine | with the indexes | without them | change of the median | target |",
    "| --- | --- | --- | --- | --- |",
    ...results.engines.map(
      (figure) =>
        `| ${ENGINE[figure.engine]} | ${ratios(figure.ratios.with)} | ${ratios(figure.ratios.without)} | ${percent(figure.change)} | within 5 % |`,
    ),
  ];
  return lines.join("\n") + "\n";
}

/** What the back office's indexes cost a checkout on a shop grown to `orders` orders, SQLite then PostgreSQL. */
export async function indexCostReport(run: ReportRun, orders: number): Promise<BenchReport<IndexCostResults>> {
  const { settings, generator, postgresServer, workDir, rounds, date, machine, loadAtStart } = run;
  const backOffice = backOfficeSettings({ quick: run.quick, orders, checkout: true });
  const options = { settings: backOffice, checkoutSettings: settings, generator, postgresServer, workDir, rounds };
  const results: IndexCostResults = {
    date,
    orders,
    machine,
    loadAverage: { start: loadAtStart, end: 0 },
    checkoutLoad: {
      generator: `${generator.name} ${generator.version}`,
      connections: settings.connections,
      seconds: settings.seconds,
      repeats: settings.repeats,
    },
    rounds,
    engines: [await benchIndexCost("sqlite", options), await benchIndexCost("postgres", options)],
  };
  results.loadAverage.end = os.loadavg()[0]!;
  const table = renderIndexCostTable(results);
  return { results, table, block: "bench-index-cost", readme: table };
}
