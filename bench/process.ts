import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../tests/helpers/run-script";

export interface NodeProcess {
  child: ChildProcess;
  pid: number;
  /** The URL the process printed once it listened. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * Runs an entry in one Node process (`pid` is the process doing the work, not
 * a wrapper): JavaScript on plain node, TypeScript with `--import tsx`. Its
 * output goes to `logFile`; waits for it to print the line `ready` matches,
 * whose first group is its URL.
 */
export async function startNodeProcess(options: {
  entry: string;
  args?: string[];
  nodeArgs?: string[];
  env: Record<string, string>;
  logFile: string;
  ready: RegExp;
  ipc?: boolean;
}): Promise<NodeProcess> {
  const log = fs.openSync(options.logFile, "a");
  // A process started again on the same log (after a crash) must not be taken for ready by its predecessor's line.
  const logStart = fs.fstatSync(log).size;
  const child = spawn(
    process.execPath,
    [
      ...(options.entry.endsWith(".ts") ? ["--import", "tsx"] : []),
      ...(options.nodeArgs ?? []),
      path.join(repoRoot, options.entry),
      ...(options.args ?? []),
    ],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
      stdio: ["ignore", log, log, ...(options.ipc ? ["ipc" as const] : [])],
    },
  );
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const output = () => fs.readFileSync(options.logFile).subarray(logStart).toString("utf8");
  const deadline = Date.now() + 60_000;
  let url: string | undefined;
  while (!url) {
    const ended = await Promise.race([
      exited.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 100)),
    ]);
    if (ended) throw new Error(`${options.entry} ended before it was ready:\n${output().slice(-3000)}`);
    url = options.ready.exec(output())?.[1];
    if (!url && Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${options.entry} was not ready within 60 s:\n${output().slice(-3000)}`);
    }
  }
  return {
    child,
    pid: child.pid!,
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU time (user + system) a process has used, in clock ticks (/proc/<pid>/stat fields 14 and 15). */
function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used, in milliseconds (to the clock tick, 10 ms). */
export const cpuMs = (pid: number) => (cpuTicks(pid) * 1000) / CLOCK_TICKS_PER_SECOND;
const IDLE_WINDOW_MS = 300;
/** Below a tenth of a core over the window counts as idle: the shop's background jobs stay under it. */
const IDLE_SHARE = 0.1;

/**
 * Waits until each process has stopped using the CPU: a server may still be
 * answering the connections the last load run dropped, and that work must not
 * count against the next run. Gives up after `timeoutMs`, saying so.
 */
export async function waitUntilIdle(pids: number[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const budget = (IDLE_WINDOW_MS / 1000) * CLOCK_TICKS_PER_SECOND * IDLE_SHARE;
  for (;;) {
    const before = pids.map(cpuTicks);
    await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS));
    const busy = pids.filter((pid, index) => cpuTicks(pid) - before[index]! > budget);
    if (busy.length === 0) return;
    if (Date.now() > deadline) {
      process.stderr.write(
        `[bench] process ${busy.join(", ")} still busy after ${timeoutMs / 1000} s; measuring anyway\n`,
      );
      return;
    }
  }
}
