import { setImmediate as nextTurn } from "node:timers/promises";
import { type Kysely, sql } from "kysely";
import type { Db } from ".";
import { isSqlite } from "./engine";
import { runSteps, type Steps } from "./steps";

/**
 * How large a SQLite database may be for its migration to switch it to
 * incremental vacuum on the spot: the switch takes one VACUUM, which rewrites
 * the file and holds every writer off meanwhile, a second or two at this size.
 * A larger database keeps its size (its free pages are reused by new rows,
 * so it stops growing) until `db:restore` puts back a `db:backup` copy, which
 * is compacted and switched.
 */
const VACUUM_AT_MIGRATION_BYTES = 64 * 1024 * 1024;

const pragmaValue = async <DB>(db: Kysely<DB>, name: string) =>
  Number(
    Object.values((await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(db)).rows[0] ?? {})[0] ?? 0,
  );

/**
 * Makes SQLite give the pages that deletes free back to the file system
 * (`auto_vacuum = INCREMENTAL`; `reclaimFreePages` does it in small steps)
 * instead of keeping them inside the file. The setting takes effect in a
 * database that holds tables only through a VACUUM, run here if the file is
 * small. Answers whether the database is now in that mode; on PostgreSQL,
 * whose VACUUM (autovacuum) makes freed space reusable, nothing changes.
 * Runs outside a transaction (VACUUM cannot run inside one).
 */
export async function switchToIncrementalVacuum<DB>(
  db: Kysely<DB>,
  options: { vacuumUpToBytes?: number } = {},
): Promise<boolean> {
  if (!isSqlite(db)) return false;
  if ((await pragmaValue(db, "auto_vacuum")) === 2) return true;
  const bytes = (await pragmaValue(db, "page_count")) * (await pragmaValue(db, "page_size"));
  if (bytes > (options.vacuumUpToBytes ?? VACUUM_AT_MIGRATION_BYTES)) return false;
  await sql`pragma auto_vacuum = incremental`.execute(db);
  await sql`vacuum`.execute(db);
  return (await pragmaValue(db, "auto_vacuum")) === 2;
}

/** A pragma's one value, as a step of a job (steps.ts). */
function* pragmaStep(db: Db, name: string): Steps<number> {
  const result = yield sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.compile(db);
  return Number(Object.values((result.rows[0] ?? {}) as Record<string, unknown>)[0] ?? 0);
}

/**
 * Gives up to `maxPages` of SQLite's free pages back to the file system, as
 * a step of the caller's job (steps.ts), and answers how many are still free
 * (0 where none can be given back: PostgreSQL, or a SQLite database not yet
 * switched). One page per statement: the driver steps a statement once, and
 * `incremental_vacuum(N)` frees one page per step.
 */
export function* reclaimFreePages(db: Db, maxPages: number): Steps<number> {
  if (!isSqlite(db) || (yield* pragmaStep(db, "auto_vacuum")) !== 2) return 0;
  const free = yield* pragmaStep(db, "freelist_count");
  const now = Math.min(free, maxPages);
  const onePage = sql`pragma incremental_vacuum(1)`.compile(db);
  for (let page = 0; page < now; page++) yield onePage;
  return free - now;
}

/**
 * Gives every free page back, `stepPages` per transaction with the event
 * loop given back between them; stops early when `signal` aborts.
 */
export async function reclaimEveryFreePage(db: Db, options: { stepPages: number; signal?: AbortSignal }) {
  if (!isSqlite(db)) return;
  while (!options.signal?.aborted && (await runSteps(db, () => reclaimFreePages(db, options.stepPages))) > 0)
    await nextTurn();
}
