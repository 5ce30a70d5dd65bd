import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type CheckoutBodies, checkoutBody } from "./checkout-bodies";
import { percentile } from "./stats";

/** What Chromium sends: the shop picks its encoding from it, and the limit replays what the shop picked. */
export const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/**
 * Where checkouts come from: each from a shopper address of its own, as in a
 * launch (bench/wrk/shoppers.lua), or all from the load generator's own
 * address, as a harness that sends no X-Forwarded-For.
 */
export type ShopperAddresses = "own" | "one";

export type Workload =
  | { kind: "get"; path: string }
  | { kind: "checkout"; bodies: CheckoutBodies; maxRequests: number; addresses: ShopperAddresses }
  /** A shopper's mix: each of `paths` in turn (GET), then one checkout. */
  | { kind: "mixed"; paths: string[]; bodies: CheckoutBodies; maxRequests: number };

export interface LoadRun {
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requests: number;
  bytesPerResponse: number;
  /** Connection errors and timeouts; answers other than 2xx/3xx make the run throw instead. */
  socketErrors: number;
}

export interface LoadGenerator {
  name: "wrk" | "autocannon";
  version: string;
  run(baseUrl: string, workload: Workload, options: { connections: number; seconds: number }): Promise<LoadRun>;
}

const wrkDir = path.join(import.meta.dirname, "wrk");
/** Concatenated into one chunk: bounded.lua's locals are visible to the workload script after it. */
function wrkScripts(workload: Workload): string[] {
  if (workload.kind === "get") return ["report.lua"];
  const addresses = workload.kind === "checkout" && workload.addresses === "one" ? ["one-address.lua"] : [];
  return ["report.lua", "bounded.lua", "shoppers.lua", ...addresses, `${workload.kind}.lua`];
}
const WRK_THREADS = 2;
/** A slow page is still an answer: only hung requests count as timeouts. */
const REQUEST_TIMEOUT_SECONDS = 30;

const newRunId = () => `bench-${randomBytes(4).toString("hex")}`;

function refuseFailedAnswers(workload: Workload, failed: number, requests: number) {
  if (failed > 0) {
    const what = workload.kind === "get" ? `GET ${workload.path}` : workload.kind;
    throw new Error(`${what}: ${failed} of ${requests} answers were not 2xx/3xx; the figure would be wrong`);
  }
}

function wrkVersion(): string | undefined {
  const probe = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  if (probe.error) return undefined;
  return /wrk\s+(\S+)/.exec(probe.stdout + probe.stderr)?.[1] ?? "unknown";
}

function createWrk(version: string): LoadGenerator {
  return {
    name: "wrk",
    version,
    async run(baseUrl, workload, { connections, seconds }) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-wrk-"));
      try {
        const script = path.join(dir, "script.lua");
        fs.writeFileSync(
          script,
          wrkScripts(workload)
            .map((file) => fs.readFileSync(path.join(wrkDir, file), "utf8"))
            .join("\n"),
        );
        const scriptArgs: string[] = [];
        if (workload.kind !== "get") {
          scriptArgs.push(newRunId(), workload.bodies.file, String(Math.ceil(workload.maxRequests / WRK_THREADS)));
        }
        if (workload.kind === "mixed") {
          const pathsFile = path.join(dir, "paths.txt");
          fs.writeFileSync(pathsFile, workload.paths.join("\n") + "\n");
          scriptArgs.push(pathsFile);
        }
        const url = baseUrl + (workload.kind === "get" ? workload.path : "/");
        const args = [
          `-t${Math.min(WRK_THREADS, connections)}`,
          `-c${connections}`,
          `-d${seconds}s`,
          `--timeout`,
          `${REQUEST_TIMEOUT_SECONDS}s`,
          "-H",
          `Accept-Encoding: ${ACCEPT_ENCODING}`,
          "-s",
          script,
          url,
          ...(scriptArgs.length > 0 ? ["--", ...scriptArgs] : []),
        ];
        const stdout = await runBounded("wrk", args, (seconds + 60) * 1000);
        const line = stdout.split("\n").find((text) => text.startsWith("BENCH_RESULT "));
        if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
        const result = JSON.parse(line.slice("BENCH_RESULT ".length)) as {
          requests: number;
          bytes: number;
          durationUs: number;
          p50Us: number;
          p95Us: number;
          p99Us: number;
          errors: Record<"connect" | "read" | "write" | "status" | "timeout", number>;
        };
        refuseFailedAnswers(workload, result.errors.status, result.requests);
        return {
          requestsPerSecond: result.requests / (result.durationUs / 1e6),
          p50Ms: result.p50Us / 1000,
          p95Ms: result.p95Us / 1000,
          p99Ms: result.p99Us / 1000,
          requests: result.requests,
          bytesPerResponse: result.requests > 0 ? result.bytes / result.requests : 0,
          socketErrors: result.errors.connect + result.errors.read + result.errors.write + result.errors.timeout,
        };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs a command to its end, killing it if it outlives `timeoutMs`; resolves with its stdout. */
function runBounded(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(" ")} ended with ${code}:\n${stdout}${stderr}`));
    });
  });
}

const autocannonVersion = (): string =>
  (createRequire(import.meta.url)("autocannon/package.json") as { version: string }).version;

/** Each checkout's shopper, as X-Forwarded-For (bench/wrk/shoppers.lua says why). */
const shopperAddress = (n: number) => `10.0.${Math.floor(n / 256) % 256}.${n % 256}`;

function checkoutRequest(baseUrl: string, bodies: CheckoutBodies, addresses: ShopperAddresses): autocannon.Request {
  const runId = newRunId();
  const origin = new URL(baseUrl).origin;
  let sent = 0;
  return {
    method: "POST",
    path: "/api/checkout",
    setupRequest: (request) => {
      sent += 1;
      return {
        ...request,
        headers: {
          ...request.headers,
          "content-type": "application/json",
          origin,
          ...(addresses === "own" ? { "x-forwarded-for": shopperAddress(sent) } : {}),
        },
        body: checkoutBody(`${runId}-${sent}`, bodies.templates[sent % bodies.templates.length]!),
      };
    },
  };
}

function createAutocannon(): LoadGenerator {
  return {
    name: "autocannon",
    version: autocannonVersion(),
    run(baseUrl, workload, { connections, seconds }) {
      const requests: autocannon.Request[] =
        workload.kind === "get"
          ? [{ method: "GET", path: workload.path }]
          : workload.kind === "checkout"
            ? [checkoutRequest(baseUrl, workload.bodies, workload.addresses)]
            : [
                ...workload.paths.map((path) => ({ method: "GET" as const, path })),
                checkoutRequest(baseUrl, workload.bodies, "own"),
              ];
      // With `amount` autocannon ignores `duration`, so the time bound is a timer that stops it.
      const bounded = workload.kind === "get" ? { duration: seconds } : { amount: workload.maxRequests };
      const responseMs: number[] = [];
      return new Promise((resolve, reject) => {
        const instance = autocannon(
          {
            url: baseUrl,
            connections,
            timeout: REQUEST_TIMEOUT_SECONDS,
            headers: { "accept-encoding": ACCEPT_ENCODING },
            requests,
            ...bounded,
          },
          (error, result) => {
            clearTimeout(timer);
            if (error) return reject(error);
            try {
              refuseFailedAnswers(workload, result.non2xx, result.requests.total);
            } catch (refused) {
              return reject(refused);
            }
            resolve({
              requestsPerSecond: result.requests.total / result.duration,
              p50Ms: result.latency.p50,
              p95Ms: percentile(responseMs, 95),
              p99Ms: result.latency.p99,
              requests: result.requests.total,
              bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
              socketErrors: result.errors + result.timeouts,
            });
          },
        );
        // autocannon's own percentiles skip the 95th: it is taken from every answer's time.
        instance.on("response", (_client, _status, _bytes, ms) => responseMs.push(ms));
        const timer = setTimeout(() => instance.stop(), seconds * 1000);
      });
    },
  };
}

/** wrk where it is installed (autocannon in Node tops out below the bare-Node limit); BENCH_LOAD_GENERATOR=autocannon forces the fallback. */
export function pickLoadGenerator(): LoadGenerator {
  const version = process.env.BENCH_LOAD_GENERATOR === "autocannon" ? undefined : wrkVersion();
  return version ? createWrk(version) : createAutocannon();
}
