import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";
import { inNextBatch, type SynchronousConnection } from "./group-commit";
import { assertNotInTransaction, type Trx } from "./transaction";

/**
 * The checkout's hot path, not the shop's way to write a transaction (that
 * is `transaction`, db/transaction.ts): steps, group-commit.ts and
 * template.ts serve the checkout's reservation and what it reads and counts
 * on the way (its rate limit, its key, its payment's reference). Pruning
 * sent emails (mail/pruning.ts, db/space.ts) and adding new orders to the
 * search index (db/search.ts) run as steps too, so that on SQLite their
 * batches never hold the connection a checkout waits for.
 *
 * A database job written once for both engines: a generator that yields each
 * query it needs, compiled but not run, and is handed back its result. On
 * SQLite `runSteps` runs the whole job synchronously, so a transaction never
 * holds the one connection while other requests take turns (the checkout's
 * p99), and with the other jobs of the same turn of the event loop, so they
 * share one commit (docs/decisions/005-lean-process.md). On PostgreSQL each
 * query is awaited as usual.
 *
 * A query that fails throws where the job yielded it. A job may catch that
 * and go on only when it runs without `transaction` on PostgreSQL, or on
 * SQLite after a constraint error: inside a transaction PostgreSQL has
 * aborted it, and an error that ends SQLite's fails the job's next query.
 */
export type Steps<T> = Generator<CompiledQuery, T, QueryResult<unknown>>;

/** Every row `query` returns. */
export function* rowsOf<O>(query: Compilable<O>): Steps<O[]> {
  const result = yield query.compile();
  return result.rows as O[];
}

/** The first row `query` returns, if any. */
export function* firstOf<O>(query: Compilable<O>): Steps<O | undefined> {
  return (yield* rowsOf(query))[0];
}

/** The rows an update or delete without `returning` changed. */
export function* changesOf(query: Compilable<unknown>): Steps<bigint> {
  const result = yield query.compile();
  return result.numAffectedRows ?? 0n;
}

const synchronous = new WeakMap<object, SynchronousConnection>();

/** Lets `runSteps` run jobs on `db` synchronously through `connection`, the one Kysely's SQLite dialect uses. */
export function runStepsSynchronously<DB>(db: Kysely<DB>, connection: SynchronousConnection) {
  synchronous.set(db, connection);
}

/**
 * Runs `steps`, as one transaction when asked. On SQLite every job is one:
 * it joins the next batch (group-commit.ts) in a savepoint of its own.
 * `db` is the shop's database, not a transaction, and a job never runs
 * inside one: it would wait for it forever on SQLite, so it throws.
 */
export async function runSteps<DB, T>(
  db: Kysely<DB>,
  steps: () => Steps<T>,
  options: { transaction?: boolean } = {},
): Promise<T> {
  assertNotInTransaction("runSteps", db);
  const connection = synchronous.get(db);
  if (connection) return inNextBatch(db, connection, (batch) => drive(steps(), (query) => batch.run(query)));
  // Kysely's own transaction, not `transaction`: a job reaches no connection itself (it only yields
  // queries), and the checkout's hot path must not turn on what tracks the code inside one.
  if (options.transaction)
    return db.transaction().execute((trx) => driveAsync(steps(), (query) => trx.executeQuery(query)));
  return driveAsync(steps(), (query) => db.executeQuery(query));
}

/**
 * Runs `steps` in the caller's transaction (`transaction`, db/transaction.ts):
 * for a job the checkout's reservation runs too, which a slower path needs
 * beside writes of its own.
 */
export const runStepsIn = <T>(trx: Trx, steps: Steps<T>): Promise<T> =>
  driveAsync(steps, (query) => trx.executeQuery(query));

/** Feeds each query's result back to the job, or its error: a query that failed throws where the job yielded it. */
function drive<T>(steps: Steps<T>, run: (query: CompiledQuery) => QueryResult<unknown>): T {
  let next = steps.next();
  while (!next.done) {
    let result: QueryResult<unknown>;
    try {
      result = run(next.value);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(result);
  }
  return next.value;
}

async function driveAsync<T>(
  steps: Steps<T>,
  run: (query: CompiledQuery) => Promise<QueryResult<unknown>>,
): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    let result: QueryResult<unknown>;
    try {
      result = await run(next.value);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(result);
  }
  return next.value;
}
