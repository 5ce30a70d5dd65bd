import http from "node:http";
import { ACCEPT_ENCODING, type LoadGenerator, type Workload } from "./load";
import { cpuMs, waitUntilIdle } from "./process";
import type { RoundRatios, Throughput } from "./results";
import type { BenchSettings } from "./settings";
import { median, medianBy, ratio } from "./stats";

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

/** One run of a shop in alternating rounds, and the shop's CPU time per request it answered (a rate moves with the machine's load; this much less). */
export type RoundRun = Throughput & { cpuMsPerRequest: number };

/** A shop measured in alternating rounds: `key` names it, `workload` is what it is sent. */
export interface RoundShop<Key> {
  key: Key;
  shop: Server;
  workload: Workload;
}

/**
 * Every shop's runs, by key, in round order. Each round runs every shop
 * once, starting from the next shop each time (a, b, c; b, c, a; …) and each
 * run once every shop is idle, so load from the rest of the machine weighs
 * on all alike; a round's ratios compare runs seconds apart.
 */
export async function alternatingRounds<Key>(
  generator: LoadGenerator,
  shops: RoundShop<Key>[],
  options: {
    connections: number;
    seconds: number;
    rounds: number;
    onRun: (key: Key, round: number, run: RoundRun) => void;
  },
): Promise<Map<Key, RoundRun[]>> {
  const { connections, seconds, rounds, onRun } = options;
  const pids = shops.map(({ shop }) => shop.pid);
  const runs = new Map<Key, RoundRun[]>(shops.map(({ key }) => [key, []]));
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < shops.length; turn++) {
      const { key, shop, workload } = shops[(round + turn) % shops.length]!;
      await waitUntilIdle(pids);
      const cpuBefore = cpuMs(shop.pid);
      const run = await answeredRun(generator, shop, workload, connections, seconds);
      // The requests the load sent last are finished too: their time is the run's.
      await waitUntilIdle([shop.pid]);
      const cpuMsPerRequest = run.requests > 0 ? (cpuMs(shop.pid) - cpuBefore) / run.requests : 0;
      const measured = { ...run, cpuMsPerRequest };
      runs.get(key)!.push(measured);
      onRun(key, round, measured);
    }
  }
  return runs;
}

/** Each round's figure of `runs` over the same round's of `base`, and their median. */
function eachRound(runs: RoundRun[], base: RoundRun[], figure: (run: RoundRun) => number): RoundRatios {
  const rounds = runs.map((run, round) => ratio(figure(run), figure(base[round]!)));
  return { rounds, median: median(rounds) };
}

/** Requests per second (above 1: faster) and CPU time per request (above 1: dearer) of `runs` against `base`'s, round by round. */
export const roundRatios = (runs: RoundRun[], base: RoundRun[]) => ({
  rate: eachRound(runs, base, (run) => run.requestsPerSecond),
  cpu: eachRound(runs, base, (run) => run.cpuMsPerRequest),
});
