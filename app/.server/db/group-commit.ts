import { CompiledQuery, type Kysely, type QueryResult } from "kysely";

/**
 * A SQLite connection that can run a compiled query on the spot: what
 * db/index.ts opens. Its queries skip Kysely's executor, so they pass no
 * plugin and no query log (the shop configures neither).
 */
export interface SynchronousConnection {
  run(query: CompiledQuery): QueryResult<unknown>;
  readonly inTransaction: boolean;
}

/** Work that runs its queries on the connection synchronously, start to end. */
type Work<T> = (connection: SynchronousConnection) => T;

interface Job {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The jobs waiting for their batch, by connection. */
const waiting = new WeakMap<SynchronousConnection, Job[]>();

/**
 * Group commit on SQLite: the jobs that arrive while the event loop handles
 * one round of I/O run together, once it is done, in one transaction, each
 * inside a savepoint of its own, and share one commit. A commit writes the
 * pages the transaction changed to the WAL: a checkout alone changes about a
 * dozen, several share most of theirs, and the commit's own cost is paid
 * once. Each job still succeeds or fails alone (a failure rolls back to its
 * savepoint), and is told its result only once the batch has committed, so
 * an answer never reports work that is not committed. A job that only reads
 * now takes the write lock too: while another process writes (an import),
 * it waits for it as a write did, up to the busy timeout. Part of the
 * checkout's hot path (db/steps.ts runs its jobs here), not a way of its own
 * to write a transaction. docs/decisions/005-lean-process.md, step 9.
 */
export function inNextBatch<DB, T>(db: Kysely<DB>, connection: SynchronousConnection, work: Work<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let jobs = waiting.get(connection);
    if (!jobs) {
      const batch: Job[] = [];
      jobs = batch;
      waiting.set(connection, batch);
      setImmediate(() => {
        // Holding Kysely's connection keeps its own queries and transactions off it meanwhile;
        // jobs that arrive while they finish join this batch.
        db.connection()
          .execute(async () => {
            waiting.delete(connection);
            for (let start = 0; start < batch.length;) start = commitTogether(connection, batch, start);
          })
          .catch((error: unknown) => {
            // The connection is gone (the database was closed): jobs after these start a batch of their own.
            if (waiting.get(connection) === batch) waiting.delete(connection);
            batch.forEach((job) => job.reject(error));
          });
      });
    }
    jobs.push({ work, resolve, reject } as Job);
  });
}

const BEGIN = CompiledQuery.raw("begin immediate");
const COMMIT = CompiledQuery.raw("commit");
const ROLLBACK = CompiledQuery.raw("rollback");
const SAVEPOINT = CompiledQuery.raw("savepoint job");
const RELEASE = CompiledQuery.raw("release job");
const ROLLBACK_TO = CompiledQuery.raw("rollback to job");

/**
 * Runs `jobs` from `start` in one transaction (BEGIN IMMEDIATE: it waits
 * for another process's writer up front) and commits it; returns the index
 * of the first job it did not get to, when SQLite ended the transaction
 * under it (a full disk, an I/O error): those go into the next one.
 */
function commitTogether(connection: SynchronousConnection, jobs: Job[], start: number): number {
  const finished: { job: Job; value: unknown }[] = [];
  // A job that caught the error of a transaction SQLite ended must not go on writing outside it.
  const inBatch: SynchronousConnection = {
    run(query) {
      if (!connection.inTransaction) throw new Error("The batch's transaction has ended");
      return connection.run(query);
    },
    get inTransaction() {
      return connection.inTransaction;
    },
  };
  const failFinished = (error: unknown) => finished.forEach(({ job }) => job.reject(error));
  try {
    connection.run(BEGIN);
  } catch (error) {
    jobs.slice(start).forEach((job) => job.reject(error));
    return jobs.length;
  }
  for (let index = start; index < jobs.length; index++) {
    const job = jobs[index]!;
    try {
      connection.run(SAVEPOINT);
      const value = job.work(inBatch);
      connection.run(RELEASE);
      finished.push({ job, value });
    } catch (error) {
      job.reject(error);
      if (!undo(connection)) {
        // The transaction is gone, and with it what the jobs before this one did.
        failFinished(error);
        return index + 1;
      }
    }
  }
  try {
    connection.run(COMMIT);
  } catch (error) {
    rollBack(connection);
    failFinished(error);
    return jobs.length;
  }
  for (const { job, value } of finished) job.resolve(value);
  return jobs.length;
}

/** Rolls a failed job back to its savepoint; false when the whole transaction had to go instead. */
function undo(connection: SynchronousConnection): boolean {
  try {
    if (connection.inTransaction) {
      connection.run(ROLLBACK_TO);
      connection.run(RELEASE);
      return true;
    }
  } catch {
    rollBack(connection);
  }
  return false;
}

function rollBack(connection: SynchronousConnection) {
  try {
    if (connection.inTransaction) connection.run(ROLLBACK);
  } catch {
    // Should rolling back fail too, the error that led here is still the one to tell.
  }
}
