/** The compiled server, as `npm start`, a process manager, the tests and the bench run it. */
export const COMPILED_SERVER = "build/server.js";

/** `npm run db:backup` compiled beside it: the server's automatic backups run it (app/.server/backups/job.ts). */
export const COMPILED_BACKUP = "build/db-backup.js";

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
