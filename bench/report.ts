import os from "node:os";
import type { CatalogRunOptions } from "./catalog-run";
import type { BenchResults, MeasuredOn } from "./results";
import type { Engine } from "./two-shops";

/** One mode's report: its results (the JSON file), its table (printed, and the .md file), and what `--readme` writes between which markers. */
export interface BenchReport<Results> {
  results: Results;
  table: string;
  block: string;
  readme: string;
}

/** What bench/run.ts hands each mode's report: the run's parts and flags, and when and where it measures. */
export interface ReportRun extends CatalogRunOptions {
  quick: boolean;
  rounds: number;
  /** `--engine`: the engines `--own-shop` and `--variants` measure. */
  engines: readonly Engine[];
  skipCheckout: boolean;
  date: string;
  machine: BenchResults["machine"];
  loadAtStart: number;
}

/** What every storefront report starts with: when, where, under what load and with which load generator. */
export const measuredOn = (run: ReportRun): MeasuredOn => ({
  date: run.date,
  quick: run.settings.quick,
  machine: run.machine,
  loadAverage: { start: run.loadAtStart, end: os.loadavg()[0]! },
  loadGenerator: { name: run.generator.name, version: run.generator.version },
});
