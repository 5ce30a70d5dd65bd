import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type TransactionSettings,
} from "kysely";

const BEGIN_IMMEDIATE = CompiledQuery.raw("begin immediate");

/**
 * Kysely's SQLite driver, but a transaction begins IMMEDIATE unless it says
 * it only reads (`setAccessMode("read only")`). Kysely's own begins DEFERRED:
 * the write lock is taken at the first write, and when another process (a
 * second server, `catalog:import`, the outbox command) committed since the
 * transaction first read, SQLite refuses that write with SQLITE_BUSY_SNAPSHOT,
 * or with SQLITE_BUSY while the other still writes, at once and without the
 * busy timeout, by design: the transaction's reads may be out of date. Taken
 * at the start, the lock is waited for up to the busy timeout, and what the
 * transaction reads stays true until it commits. Every transaction the shop
 * opens writes; its reads outside one take no lock. The checkout's batches
 * begin IMMEDIATE too (group-commit.ts).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  // Kysely hands every driver the settings (Driver.beginTransaction); SqliteDriver's own ignores them.
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings) {
    if (settings?.accessMode === "read only") return super.beginTransaction(connection);
    await connection.executeQuery(BEGIN_IMMEDIATE);
  }
}

/** Kysely's SQLite dialect with the driver above: the one place that decides how the shop's SQLite transactions begin. */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
