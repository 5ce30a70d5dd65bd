import fs from "node:fs";
import type { CsvExportFigure } from "./back-office-run";
import type { BackOfficeSettings } from "./settings";
import type { ShopServer } from "./shop-server";
import { median } from "./stats";
import { percentile, timedGet } from "./timed-get";

const RSS_SAMPLE_MS = 100;
/** A storefront probe still unanswered this long after the download ended is given up on. */
const PROBE_GRACE_MS = 30_000;

/** What a dead server last printed that says why: V8's "Reached heap limit", or the last lines of its log. */
function whyItDied(
  logFile: string,
  from: number,
  afterMs: number,
  code: number | null,
  signal: NodeJS.Signals | null,
): string {
  const log = fs.readFileSync(logFile).subarray(from).toString("utf8");
  const fatal = /^.*(?:Reached heap limit|heap out of memory|FATAL ERROR).*$/m.exec(log)?.[0]?.trim();
  const exit = signal ? `signal ${signal}` : `exit code ${code}`;
  return `the server died after ${(afterMs / 1000).toFixed(1)} s (${exit}): ${fatal ?? log.trim().split("\n").slice(-2).join(" / ").slice(0, 300)}`;
}

/**
 * GET /admin/orders.csv as the owner's browser downloads it: time to the first
 * byte and to the last, the server's peak resident memory meanwhile, and the
 * answer times of a storefront page asked for every `probeIntervalMs`
 * (without waiting for the last answer, as shoppers don't). A server that
 * dies, or a download that outlasts `csvSeconds`, is reported as such.
 */
export async function measureCsvExport(
  shop: ShopServer,
  logFile: string,
  cookie: string,
  settings: BackOfficeSettings,
): Promise<CsvExportFigure> {
  const storefrontPath = "/shop";
  await timedGet(shop.url + storefrontPath, { timeoutMs: 10_000 });
  const startRssBytes = shop.memory().rss;
  let peakRssBytes = startRssBytes;
  const sampler = setInterval(() => {
    try {
      peakRssBytes = Math.max(peakRssBytes, shop.memory().rss);
    } catch {
      // The process is gone; the exit below says why.
    }
  }, RSS_SAMPLE_MS);
  let died: string | undefined;
  const logFrom = fs.statSync(logFile).size;
  const started = performance.now();
  const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
    (died = whyItDied(logFile, logFrom, performance.now() - started, code, signal));
  shop.child.once("exit", onExit);

  const probes: Promise<void>[] = [];
  const answered: number[] = [];
  const ask = () =>
    probes.push(
      timedGet(shop.url + storefrontPath, { timeoutMs: settings.csvSeconds * 1000 + PROBE_GRACE_MS }).then(
        (answer) => void (answer.status === 200 && answered.push(answer.totalMs)),
        () => {},
      ),
    );
  ask();
  const prober = setInterval(ask, settings.probeIntervalMs);

  let download: Partial<CsvExportFigure> & { failed?: string };
  try {
    const answer = await timedGet(shop.url + "/admin/orders.csv", { cookie, timeoutMs: settings.csvSeconds * 1000 });
    download = { status: answer.status, firstByteMs: answer.firstByteMs, totalMs: answer.totalMs, bytes: answer.bytes };
    if (answer.status !== 200) download.failed = `answered ${answer.status}`;
  } catch (error) {
    // The exit event may come a moment after the connection broke.
    await new Promise((resolve) => setTimeout(resolve, 500));
    download = { failed: died ?? (error instanceof Error ? error.message : String(error)) };
  } finally {
    clearInterval(prober);
    clearInterval(sampler);
  }
  await Promise.race([Promise.all(probes), new Promise((resolve) => setTimeout(resolve, PROBE_GRACE_MS).unref())]);
  shop.child.off("exit", onExit);
  if (died && !download.failed) download.failed = died;
  return {
    status: download.status ?? null,
    firstByteMs: download.firstByteMs ?? null,
    totalMs: download.totalMs ?? null,
    bytes: download.bytes ?? 0,
    startRssBytes,
    peakRssBytes,
    ...(download.failed ? { failed: download.failed } : {}),
    storefront: {
      path: storefrontPath,
      intervalMs: settings.probeIntervalMs,
      asked: probes.length,
      answered: answered.length,
      medianMs: answered.length ? median(answered) : null,
      p95Ms: answered.length ? percentile(answered, 0.95) : null,
      maxMs: answered.length ? Math.max(...answered) : null,
    },
  };
}
