import { spawn } from "node:child_process";
import { repoRoot } from "./run-script";

/** How far the other process got: it opened the file, took the write lock and wrote, committed. */
export type WriterStep = "ready" | "holding" | "committed";

export interface SqliteWriterProcess {
  /** Resolves once the process got to `step`; rejects, with SQLite's error code, when it failed or ended before. */
  reached: (step: WriterStep) => Promise<void>;
  /** Ends the process if it is still running. */
  stop: () => void;
}

/**
 * Another process of the shop writing to its SQLite file, as `catalog:import`
 * or a second server does: its own connection with the shop's busy timeout,
 * one write transaction (BEGIN IMMEDIATE, as every write of the shop's
 * begins) held `holdMs` before its commit. Plain JavaScript on node, so it
 * starts in a fraction of a second.
 */
const SCRIPT = `
const SQLite = require("better-sqlite3");
const [file, statement, holdMs] = process.argv.slice(1);
const db = new SQLite(file, { fileMustExist: true });
db.pragma("busy_timeout = 5000");
const fail = (error) => process.send({ failed: String(error.code ?? error.message) }, () => process.exit(1));
process.send({ step: "ready" }, () => {
  try {
    db.exec("begin immediate");
    db.prepare(statement).run();
  } catch (error) {
    return fail(error);
  }
  process.send({ step: "holding" });
  setTimeout(() => {
    try {
      db.exec("commit");
    } catch (error) {
      return fail(error);
    }
    process.send({ step: "committed" }, () => process.exit(0));
  }, Number(holdMs));
});
`;

/** Starts another process that runs `statement` on the SQLite `file` in a transaction of its own. */
export function startSqliteWriter(file: string, statement: string, options: { holdMs?: number } = {}) {
  const child = spawn(process.execPath, ["-e", SCRIPT, file, statement, String(options.holdMs ?? 0)], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  const steps = new Set<WriterStep>();
  let failure: string | undefined;
  let stderr = "";
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((check) => check());
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  child.on("message", (message: { step?: WriterStep; failed?: string }) => {
    if (message.step) steps.add(message.step);
    if (message.failed) failure = message.failed;
    wake();
  });
  child.on("exit", (code) => {
    failure ??= `exited with ${code} ${stderr}`.trim();
    wake();
  });
  const reached = (step: WriterStep) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (steps.has(step)) resolve();
        else if (failure !== undefined) reject(new Error(`The other writer did not reach "${step}": ${failure}`));
        else waiting.push(check);
      };
      check();
    });
  return { reached, stop: () => child.exitCode === null && child.kill() } satisfies SqliteWriterProcess;
}
