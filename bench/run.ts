/**
 * npm run bench [-- --quick] [-- --memory] [-- --out FILE] [-- --readme]
 *
 * Measures the production build against this machine's limits and prints one
 * Markdown table, also written as FILE (JSON, default bench/results/latest.json,
 * quick.json with --quick, memory.json with --memory) and FILE's .md twin;
 * --readme puts the table in README.md. --memory runs only the memory run, for
 * ten minutes at 64 connections. PostgreSQL: BENCH_DATABASE_URL names the server
 * (default postgres://postgres@127.0.0.1:5432); the bench creates and drops
 * its own databases there. See README.md "Benchmarks".
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureFreshBuild } from "../scripts/ensure-build";
import { repoRoot } from "../tests/helpers/run-script";
import { benchCatalog, benchMemory } from "./catalog-run";
import { pickLoadGenerator } from "./load";
import { DEFAULT_POSTGRES_URL } from "./postgres";
import { writeIntoReadme } from "./readme";
import type { BenchResults } from "./results";
import { benchSettings } from "./settings";
import { liftedLimits } from "./shop-server";
import { renderTable } from "./table";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    memory: { type: "boolean", default: false },
    out: { type: "string" },
    readme: { type: "boolean", default: false },
  },
});
const settings = benchSettings({ quick: values.quick, memory: values.memory });
const defaultOut = values.memory ? "memory.json" : values.quick ? "quick.json" : "latest.json";
const out = path.resolve(values.out ?? path.join(repoRoot, "bench/results", defaultOut));
const postgresServer = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;

ensureFreshBuild();
const generator = pickLoadGenerator();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-bench-"));
const date = new Date().toISOString();
const loadAtStart = os.loadavg()[0]!;
try {
  const catalogs = [];
  if (!settings.memoryOnly) {
    catalogs.push(await benchCatalog("demo", { generator, settings, postgresServer, workDir }));
    catalogs.push(await benchCatalog("large", { generator, settings, postgresServer, workDir }));
  }
  const leak = await benchMemory({ generator, settings, workDir });
  const results: BenchResults = {
    date,
    quick: settings.quick,
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model.trim() ?? "unknown",
      memoryBytes: os.totalmem(),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
    },
    loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
    loadGenerator: { name: generator.name, version: generator.version },
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
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(results, null, 2) + "\n");
  fs.writeFileSync(out.replace(/\.json$/, "") + ".md", table);
  if (values.readme) writeIntoReadme(path.join(repoRoot, "README.md"), table);
  console.log(table);
  console.error(`Written to ${out}${values.readme ? " and README.md" : ""}.`);
} catch (error) {
  console.error(`The bench stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
