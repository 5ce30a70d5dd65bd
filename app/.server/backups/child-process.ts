import { spawn } from "node:child_process";
import { constants } from "node:os";

export interface ProcessEnd {
  /** The exit status as a shell reports it: 128 + the signal's number when a signal ended the process. */
  exitCode: number;
  /** The last non-empty line of its output, stdout and stderr together, or what stopped it. */
  lastLine: string;
}

/** Output kept to find the last line: a chatty command (rclone -v) is never held whole. */
const TAIL_CHARS = 4096;

const lastLineOf = (output: string) =>
  output
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1) ?? "";

/**
 * Runs a program in a process group of its own and waits for it to end. When
 * it runs past `timeoutMs`, or `signal` aborts, the whole group is killed, so
 * a shell's children (rclone under `sh -c`) end with it.
 */
export function runChildProcess(
  program: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; timeoutMs: number; signal?: AbortSignal },
): Promise<ProcessEnd> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let tail = "";
    const keep = (chunk: Buffer) => void (tail = (tail + chunk.toString("utf8")).slice(-TAIL_CHARS));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    let stoppedBecause: string | undefined;
    const stop = (reason: string) => {
      stoppedBecause ??= reason;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // The group has already ended.
      }
    };
    const timer = setTimeout(
      () => stop(`stopped after ${options.timeoutMs / 1000} s without finishing`),
      options.timeoutMs,
    );
    const onAbort = () => stop("stopped: the shop was shutting down");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    };
    child.on("error", (error) => {
      settle();
      reject(error);
    });
    child.on("close", (code, signalName) => {
      settle();
      const exitCode = code ?? 128 + (signalName ? constants.signals[signalName] : 0);
      resolve({ exitCode, lastLine: stoppedBecause ?? lastLineOf(tail) });
    });
  });
}
