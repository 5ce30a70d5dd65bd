/**
 * Runs the whole test suite — Vitest's unit and integration projects, then
 * Playwright in Chromium — and ends with one line counting every test.
 *
 *   npm test                                  everything
 *   npm test -- --only integration            only Vitest's integration projects
 *   npm test -- --summary-file FILE           add this run's counts to those in FILE (CI sums two runs)
 *
 * With TEST_DATABASE_URL (PostgreSQL), the suites that do not depend on the
 * engine (the `integration-any-engine` project, listed in vitest.config.ts)
 * are left out: they ran on SQLite already.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Names of the tests that failed, printed above the total so a CI log's tail says which. */
const failures: string[] = [];

/** How long each test file took, wall clock (Vitest: the file's own run; Playwright: its tests summed over the workers). */
const fileTimes: { name: string; ms: number }[] = [];
/** How many of the slowest files are listed above the total. */
const SLOWEST_SHOWN = 12;

const { values } = parseArgs({
  options: { only: { type: "string" }, "summary-file": { type: "string" } },
});
if (values.only !== undefined && values.only !== "integration") {
  console.error(`Unknown --only ${values.only}: the choices are "integration"`);
  process.exit(2);
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-test-report-"));
const bin = (name: string) => path.join("node_modules", ".bin", name);

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(bin(command), args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function vitest(): Counts & { code: number } {
  const file = path.join(reports, "vitest.json");
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const projects = values.only
    ? ["--project", "integration", ...(onPostgres ? [] : ["--project", "integration-any-engine"])]
    : onPostgres
      ? ["--project", "!integration-any-engine"]
      : [];
  const code = run("vitest", [
    "run",
    ...projects,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${file}`,
  ]);
  if (!fs.existsSync(file)) return { code: code || 1, passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const suite of report.testResults) {
    const where = path.relative(process.cwd(), suite.name);
    if (suite.endTime > suite.startTime) fileTimes.push({ name: where, ms: suite.endTime - suite.startTime });
    const failed = suite.assertionResults.filter((test: { status: string }) => test.status === "failed");
    for (const test of failed) failures.push(`${where} > ${test.fullName}`);
    if (suite.status === "failed" && failed.length === 0) failures.push(`${where}: ${suite.message.split("\n")[0]}`);
  }
  return {
    code,
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwright(): Counts & { code: number } {
  const file = path.join(reports, "playwright.json");
  const code = run("playwright", ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_FILE: file });
  if (!fs.existsSync(file)) return { code: code || 1, passed: 0, failed: 1, skipped: 0 };
  const { stats, suites } = JSON.parse(fs.readFileSync(file, "utf8"));
  collectPlaywrightResults(suites ?? [], []);
  return { code, passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; ok: boolean; file: string; tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** Failed specs into `failures`, and each spec file's time (its tests summed) into `fileTimes`. */
function collectPlaywrightResults(suites: PlaywrightSuite[], titles: string[]) {
  const perFile = new Map<string, number>();
  const walk = (suites: PlaywrightSuite[], titles: string[]) => {
    for (const suite of suites) {
      const within = [...titles, suite.title];
      for (const spec of suite.specs ?? []) {
        if (!spec.ok) failures.push([...within, spec.title].join(" > "));
        const ms = (spec.tests ?? [])
          .flatMap((test) => test.results ?? [])
          .reduce((sum, result) => sum + (result.duration ?? 0), 0);
        const file = path.join("e2e", spec.file);
        perFile.set(file, (perFile.get(file) ?? 0) + ms);
      }
      walk(suite.suites ?? [], within);
    }
  };
  walk(suites, titles);
  for (const [name, ms] of perFile) fileTimes.push({ name, ms });
}

/** Each part's wall-clock time, printed with the slowest files. */
const partTimes: string[] = [];
function timed<T>(name: string, part: () => T): T {
  const started = Date.now();
  try {
    return part();
  } finally {
    partTimes.push(`${name} ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  }
}

const results = [timed(values.only ? `Vitest (${values.only})` : "Vitest", vitest)];
if (!values.only) results.push(timed("Playwright", playwright));
fs.rmSync(reports, { recursive: true, force: true });

const total: Counts & { failures: string[] } = { passed: 0, failed: 0, skipped: 0, failures: [] };
const summaryFile = values["summary-file"];
if (summaryFile && fs.existsSync(summaryFile)) Object.assign(total, JSON.parse(fs.readFileSync(summaryFile, "utf8")));
for (const result of results) {
  total.passed += result.passed;
  total.failed += result.failed;
  total.skipped += result.skipped;
}
total.failures.push(...failures);
if (summaryFile) fs.writeFileSync(summaryFile, JSON.stringify(total));

// The slowest files of this run, so anyone can see where the time goes; the total stays the last line.
const slowest = fileTimes.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
if (slowest.length > 0) {
  console.log(
    `\nThis run: ${partTimes.join(", ")}. Slowest files:\n${slowest.map(({ name, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`).join("\n")}`,
  );
}
if (total.failures.length > 0) console.log(`\nFailed:\n${total.failures.map((name) => `  ${name}`).join("\n")}`);
console.log(`\nTotal: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
