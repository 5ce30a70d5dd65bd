import http from "node:http";
import { ACCEPT_ENCODING, type LoadGenerator, type Workload } from "./load";
import { waitUntilIdle } from "./process";
import type { Throughput } from "./results";
import type { BenchSettings } from "./settings";
import { medianBy } from "./stats";

export interface Server {
  url: string;
  pid: number;
}

/** A run that got no answer at all is run again for twice as long, this many times at most. */
const RETRIES_WITHOUT_ANSWERS = 2;

/** Milliseconds one lone GET takes, to the last byte. */
function timeOneGet(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": ACCEPT_ENCODING } }, (res) => {
        res.resume();
        res.on("end", () => resolve(performance.now() - started));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * How long each run of a page lasts: the configured seconds, or longer for a
 * slow page, whose 32 connections otherwise wait out most of a short run in
 * the queue (few answers, latencies cut short), up to `longestSeconds`.
 */
async function runSeconds(shop: Server, workload: Workload, settings: BenchSettings): Promise<number> {
  if (workload.kind !== "get") return settings.seconds;
  await timeOneGet(shop.url + workload.path); // the first may pay for warming up
  const oneRequestMs = await timeOneGet(shop.url + workload.path);
  const needed = Math.ceil((settings.roundsPerRun * settings.connections * oneRequestMs) / 1000);
  return Math.min(settings.longestSeconds, Math.max(settings.seconds, needed));
}

/** One run, run again for longer while it got no answer (a machine busy with other work): a rate of 0 says nothing. */
export async function answeredRun(
  generator: LoadGenerator,
  server: Server,
  workload: Workload,
  connections: number,
  seconds: number,
) {
  for (let retry = 0; ; retry++) {
    const run = await generator.run(server.url, workload, { connections, seconds });
    if (run.requests > 0 || retry === RETRIES_WITHOUT_ANSWERS) {
      return { ...run, seconds, boundReached: workload.kind !== "get" && run.requests >= workload.maxRequests };
    }
    seconds *= 2;
    await waitUntilIdle([server.pid]);
  }
}

/**
 * Runs one workload against the shop and against its limit, `repeats` times
 * each and for the same time, and keeps the median run of each side (and
 * every run's rate, in order: a rate that falls from run to run shows). The two
 * take turns, and each run starts once both servers are idle, so neither a
 * noisy neighbour nor the last run's dropped requests weigh on one side only.
 */
export async function shopBesideLimit(
  generator: LoadGenerator,
  servers: { shop: Server; limit: Server },
  workload: Workload,
  settings: BenchSettings,
): Promise<{ shop: Throughput; limit: Throughput; runs: { shop: number[]; limit: number[] } }> {
  const pids = [servers.shop.pid, servers.limit.pid];
  await waitUntilIdle(pids);
  const seconds = await runSeconds(servers.shop, workload, settings);
  const runs = { shop: [] as Throughput[], limit: [] as Throughput[] };
  for (let repeat = 0; repeat < settings.repeats; repeat++) {
    for (const side of ["shop", "limit"] as const) {
      await waitUntilIdle(pids);
      runs[side].push(await answeredRun(generator, servers[side], workload, settings.connections, seconds));
    }
  }
  return {
    shop: medianBy(runs.shop, (run) => run.requestsPerSecond),
    limit: medianBy(runs.limit, (run) => run.requestsPerSecond),
    runs: {
      shop: runs.shop.map((run) => run.requestsPerSecond),
      limit: runs.limit.map((run) => run.requestsPerSecond),
    },
  };
}
