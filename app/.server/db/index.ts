import path from "node:path";
import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, Migrator, type QueryResult, sql } from "kysely";
import pg from "pg";
import { makePrivateDir } from "../private-files";
import { type Engine, isSqlite } from "./engine";
import { migrations } from "./migrations";
import { OwnSchemaPostgresDialect } from "./own-schema-dialect";
import { discardingLostConnections } from "./postgres-pool";
import type { Database } from "./schema";
import { ImmediateSqliteDialect } from "./sqlite-dialect";
import { openSqliteFile } from "./sqlite-file";
import { runStepsSynchronously } from "./steps";

export type { Database } from "./schema";
export type Db = Kysely<Database>;
export { type Trx, transaction } from "./transaction";

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** Where the data lives, for the start-up line; never includes a password. */
  description: string;
  /** The SQLite file or the pg pool, for the one read that skips Kysely on the hot path (the catalog version). */
  sqliteFile?: string;
  pool?: pg.Pool;
}

// COUNT(*) and BIGINT come back from pg as strings; our numbers fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Statements kept per SQLite connection: every query the shop's code builds, with room to spare. */
const KEPT_STATEMENTS = 500;

/**
 * The connection as Kysely's SQLite dialect sees it, but keeping each
 * statement it prepares, by its SQL: Kysely prepares every query it runs, and
 * on a checkout's short queries preparing cost a third of the database time.
 * A statement runs to completion before the next query (Kysely runs one at a
 * time on the connection), so one statement serves every run of its SQL.
 */
function keepingStatements(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  const connection = {
    close: () => sqlite.close(),
    get inTransaction() {
      return sqlite.inTransaction;
    },
    /** What Kysely's SQLite connection does with a query, without its promise (steps.ts). */
    run({ sql: sqlText, parameters }: CompiledQuery): QueryResult<unknown> {
      const statement = connection.prepare(sqlText);
      if (statement.reader) return { rows: statement.all(parameters) };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
    },
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement) {
        // Least recently used last out: a hit moves to the end.
        statements.delete(sqlText);
      } else {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
  return connection;
}

/** Where the SQLite database of a data folder lives. */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, "wickshop.sqlite");

export function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string;
  /** Told when PostgreSQL drops a connection (restart, failover, a terminated backend). */
  onConnectionLost?: (error: Error) => void;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection that dies emits "error" on its own, which, unheard, would end
    // the process. Idle in the pool, it is reported here and discarded; checked
    // out (between the queries of a transaction), its next query fails with the error.
    pool.on("error", (error) => options.onConnectionLost?.(error));
    pool.on("connect", (client) => client.on("error", () => {}));
    return {
      db: new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: discardingLostConnections(pool) }) }),
      engine: "postgres",
      pool,
      description: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
    };
  }
  makePrivateDir(options.dataDir);
  const file = sqliteFileIn(options.dataDir);
  const sqlite = openSqliteFile(options.dataDir, file);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // Planner statistics (refreshPlannerStatistics) read at most this many rows of an index.
  sqlite.pragma("analysis_limit = 1000");
  const connection = keepingStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: connection }) });
  runStepsSynchronously(db, connection);
  return {
    db,
    engine: "sqlite",
    sqliteFile: file,
    description: `SQLite ${file}`,
  };
}

/**
 * Runs the migrations not run yet, in order, up to `last` (every one by
 * default; tests stop earlier to load data in an older shape). Throws naming
 * the migration that failed.
 */
export async function migrateToLatest(db: Db, last?: string) {
  // On PostgreSQL the migration tables live in the schema the shop uses: without
  // naming it, Kysely would find another schema's tables and skip creating its own.
  const migrationTableSchema = isSqlite(db)
    ? undefined
    : (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
  const { error, results } = await (last ? migrator.migrateTo(last) : migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
  return results?.map((result) => result.migrationName) ?? [];
}

/**
 * Keeps SQLite's query planner statistics fresh as the tables grow, as its
 * documentation advises a long-lived connection to do at start and every few
 * hours (jobs.ts): `PRAGMA optimize` analyses only what changed enough, and
 * 0x10000 includes tables never analysed yet. PostgreSQL's autovacuum does
 * the same by itself.
 */
export async function refreshPlannerStatistics(db: Db) {
  if (isSqlite(db)) await sql`pragma optimize = 0x10002`.execute(db);
}
