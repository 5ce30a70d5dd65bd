import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from "kysely";

/**
 * A database job written once for both engines: a generator that yields each
 * query it needs, compiled but not run, and is handed back its result. On
 * SQLite `runSteps` runs the whole job synchronously, in one turn of the event
 * loop, so a transaction never holds the one connection while other requests
 * take turns (the checkout's p99; docs/decisions/005-lean-process.md). On
 * PostgreSQL each query is awaited as usual.
 *
 * A query that fails throws where the job yielded it. A job may catch that
 * only outside a transaction: inside one, PostgreSQL has aborted the
 * transaction and SQLite may have ended it.
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

/**
 * A SQLite connection that can run a compiled query on the spot: what
 * db/index.ts opens. Its queries skip Kysely's executor, so they pass no
 * plugin and no query log (the shop configures neither).
 */
export interface SynchronousConnection {
  run(query: CompiledQuery): QueryResult<unknown>;
  readonly inTransaction: boolean;
}

const synchronous = new WeakMap<object, SynchronousConnection>();

/** Lets `runSteps` run jobs on `db` synchronously through `connection`, the one Kysely's SQLite dialect uses. */
export function runStepsSynchronously<DB>(db: Kysely<DB>, connection: SynchronousConnection) {
  synchronous.set(db, connection);
}

/**
 * Runs `steps`, as one transaction when asked: BEGIN IMMEDIATE on SQLite, so
 * it waits for another process's writer up front. `db` is the shop's
 * database, not a transaction: like any query on it, a job waits for a
 * Kysely transaction under way, so never run one from inside one.
 */
export async function runSteps<DB, T>(db: Kysely<DB>, steps: () => Steps<T>, options: { transaction?: boolean } = {}): Promise<T> {
  const connection = synchronous.get(db);
  if (connection) {
    const run = (query: CompiledQuery) => connection.run(query);
    // Holding Kysely's connection keeps its own queries and transactions off it meanwhile.
    return db.connection().execute(async () => (options.transaction ? runTransaction(connection, steps) : drive(steps(), run)));
  }
  if (options.transaction) return db.transaction().execute((trx) => driveAsync(steps(), (query) => trx.executeQuery(query)));
  return driveAsync(steps(), (query) => db.executeQuery(query));
}

function runTransaction<T>(connection: SynchronousConnection, steps: () => Steps<T>): T {
  connection.run(BEGIN);
  try {
    const result = drive(steps(), (query) => connection.run(query));
    connection.run(COMMIT);
    return result;
  } catch (error) {
    // SQLite may have rolled back already (a full disk, an interrupt).
    try {
      if (connection.inTransaction) connection.run(ROLLBACK);
    } catch {
      // Should rolling back fail too, the job's error is still the one to tell.
    }
    throw error;
  }
}

const BEGIN = CompiledQuery.raw("begin immediate");
const COMMIT = CompiledQuery.raw("commit");
const ROLLBACK = CompiledQuery.raw("rollback");

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

async function driveAsync<T>(steps: Steps<T>, run: (query: CompiledQuery) => Promise<QueryResult<unknown>>): Promise<T> {
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
