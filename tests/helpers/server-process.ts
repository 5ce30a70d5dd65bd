import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { COMPILED_SERVER, SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-command";
import { type RunAs, spawnedAs } from "./run-as";
import { repoRoot } from "./run-script";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
}

/**
 * Every test request comes from 127.0.0.1: the per-address limits on checkouts, held units, payments and code
 * guesses stay out of the way unless a test sets them (sign-in limits are the accounts tests' own business).
 */
const liftedLimits = {
  CHECKOUT_ATTEMPTS_PER_IP: "100000",
  UNITS_HELD_PER_IP: "1000000",
  PAYMENT_ATTEMPTS_PER_IP: "100000",
  DISCOUNT_ATTEMPTS_PER_IP: "100000",
};

/** The compiled server's command line in a project folder, as `npm start` runs it. */
const serverCommandIn = (root: string) => [process.execPath, ...SERVER_NODE_FLAGS, path.join(root, COMPILED_SERVER)];
export const serverCommand = serverCommandIn(repoRoot);

/**
 * The environment a test's server process gets: loopback, quiet logs, the per-address limits lifted unless told not
 * to, and no automatic backup (a snapshot's child process at every start would slow every suite;
 * backups-schedule.test.ts turns it on).
 */
export function serverEnv(env: Record<string, string | undefined>, options: { liftLimits?: boolean } = {}) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...SERVER_ENV,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
    BACKUP_EVERY_HOURS: "0",
    ...(options.liftLimits === false ? {} : liftedLimits),
    ...env,
  };
}

/**
 * Starts the compiled server (`node build/server.js`) as its own process on a free loopback port (or `env.PORT`)
 * and waits until it serves: this project's, or another copy's (`root`). The browser tests keep the shop's own
 * payment limit (`liftLimits: false`); `as` runs it under a umask or as another user.
 */
export function startServerProcess(
  env: Record<string, string | undefined>,
  options: { liftLimits?: boolean; root?: string; as?: RunAs } = {},
): Promise<ServerProcess> {
  const root = options.root ?? repoRoot;
  const command = spawnedAs(serverCommandIn(root), options.as);
  const child = spawn(command.file, command.args, {
    ...command.ids,
    cwd: root,
    env: serverEnv(env, options),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output}`)), 60_000);
    const onData = () => {
      const match = /Wickshop is open at (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off("data", onData);
      resolve({
        url: match[1]!,
        child,
        output: () => output,
        exited,
        stop: () => {
          child.kill("SIGTERM");
          return exited;
        },
      });
    };
    child.stdout!.on("data", onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it started:\n${output}`));
    });
  });
}
