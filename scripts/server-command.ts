/** The compiled server, as `npm start`, a process manager, the tests and the bench run it. */
export const COMPILED_SERVER = "build/server.js";

/**
 * The owner's commands (`npm run outbox`, `owner:create`, …), compiled beside
 * the server as `build/<name>.js`: the server runs `build/db-backup.js` for
 * its automatic backups (app/.server/backups/job.ts), and the tests run each command compiled, which starts
 * in a quarter of the processor time tsx takes to load it from TypeScript
 * (about 0.5 s against 2 s).
 */
export const COMPILED_SCRIPTS = [
  "catalog-import",
  "check-setup",
  "db-backup",
  "db-restore",
  "outbox",
  "owner-create",
  "refunds",
  "settings-export",
  "settings-import",
] as const;

/** Where `scripts/<name>.ts` runs compiled, if it is one of COMPILED_SCRIPTS. */
export function compiledScript(script: string): string | undefined {
  const name = /^scripts\/([a-z-]+)\.ts$/.exec(script)?.[1];
  return COMPILED_SCRIPTS.find((compiled) => compiled === name) && `build/${name}.js`;
}

/**
 * V8's heap sized for a small VPS (docs/decisions/005-lean-process.md). By
 * default V8 lets the heap grow with the machine's memory: on the bench's
 * 24 GB machine, 180 MB of heap for a live set of about 45 MB under load.
 * With room for four times that set, and young generations of 4 MB, the
 * whole process stays near 145 MB under the bench's mixed load, for a few
 * percent of throughput. `npm start` and deploy/wickshop.service pass the same.
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=192", "--max-semi-space-size=4"];

/**
 * glibc gives each thread that allocates its own arena, up to eight per
 * core, and keeps what they free: the threads of libuv's pool (log writes,
 * compression of a page once per version) grew RSS by about 15 MB over the
 * bench's two-minute mixed run. Two arenas hold it near 145 MB.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
