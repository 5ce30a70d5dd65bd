import { ENGINE } from "./back-office-run";
import { ratioCell, within } from "./ratio-cell";
import type { PageCacheFigure, RoundPageFigure, RoundPageRuns, RoundRatios } from "./results";
import { median } from "./stats";

/** The Markdown of bench/page-rounds.ts's figures, as `--own-shop` and `--variants` print them. */

export const count = (value: number) => Math.round(value).toLocaleString("en-US");
export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A shop's page: req/s (median: each round), p50 / p99, CPU per request, size. */
const runsCells = (runs: RoundPageRuns) => [
  `${count(runs.median.requestsPerSecond)}: ${runs.rounds.map(count).join(", ")}`,
  `${ms(runs.median.p50Ms)} / ${ms(runs.median.p99Ms)} ms`,
  `${Math.round(median(runs.cpuMsPerRequest) * 1000)} µs`,
  `${kilobytes(runs.bytes)} ${runs.encoding}`,
];

/** The columns of `pageRoundRows`, the two shops named. */
export const pageRoundColumns = (base: string, other: string) => {
  const shop = (name: string) => [`${name}: req/s (median: each round)`, "p50 / p99", "CPU per request", "size"];
  const columns = [
    "engine",
    "page",
    ...shop(base),
    ...shop(other),
    `${other} against ${base}, req/s: median, each round`,
    "CPU per request: median, each round",
  ];
  return [`| ${columns.join(" | ")} |`, `|${" --- |".repeat(columns.length)}`];
};

/** Each page's row of one engine, `other`'s ratios to `base`'s within `limit`, and a row of every page together. */
export function pageRoundRows<Key extends string>(
  engine: {
    engine: "sqlite" | "postgres";
    loadAverage: { start: number; end: number };
    pages: RoundPageFigure<Key>[];
    overall: { rate: RoundRatios; cpu: RoundRatios };
  },
  [base, other]: [Key, Key],
  limit: number,
): string[] {
  const isWithin = within(limit);
  const ratioCells = (ratios: { rate: RoundRatios; cpu: RoundRatios }) => [
    ratioCell(ratios.rate, isWithin.rate, limit),
    ratioCell(ratios.cpu, isWithin.cpu, limit),
  ];
  return [
    ...engine.pages.map((page) => [
      ENGINE[engine.engine],
      `${page.label} (${page.path})`,
      ...runsCells(page.shops[base]),
      ...runsCells(page.shops[other]),
      ...ratioCells(page.ratios),
    ]),
    [
      ENGINE[engine.engine],
      `every page (load average ${engine.loadAverage.start.toFixed(1)} → ${engine.loadAverage.end.toFixed(1)})`,
      ...Array<string>(8).fill(""),
      ...ratioCells(engine.overall),
    ],
  ].map((row) => `| ${row.join(" | ")} |`);
}

/** "12,000 of 12,000 (100.00 %)": of a shop's requests during the load, those the page cache answered. */
export const cacheShare = ({ requests, hits }: PageCacheFigure) =>
  `${count(hits)} of ${count(requests)} (${requests > 0 ? ((hits / requests) * 100).toFixed(2) : "0"} %)`;
