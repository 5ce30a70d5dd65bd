import pg from "pg";
import type { TestDatabase } from "./test-database";
import { waitFor } from "./wait-for";

/** The application name of the transactions `holdTransaction` holds open. */
const HOLDER_NAME = "wickshop_lock_holder";

/**
 * Breaks PostgreSQL under a running shop, as a restart, a failover or an
 * operator would: from a connection of its own, touching only the backends of
 * the processes started on this test database (their application_name), so
 * suites running beside it on the same server are left alone.
 */
export class PostgresFaults {
  /** The transactions held open, ended by `close` if a test fails before it ends them. */
  private readonly holders = new Set<pg.Client>();

  private constructor(
    private readonly admin: pg.Client,
    private readonly database: TestDatabase & { processApplicationName: string; env: { DATABASE_URL: string } },
  ) {}

  static async open(database: TestDatabase) {
    const { processApplicationName, env } = database;
    if (!processApplicationName || !env.DATABASE_URL)
      throw new Error("PostgresFaults needs a PostgreSQL test database");
    const admin = new pg.Client({ connectionString: withApplicationName(env.DATABASE_URL, "wickshop_fault_injector") });
    await admin.connect();
    return new PostgresFaults(admin, {
      ...database,
      processApplicationName,
      env: { ...env, DATABASE_URL: env.DATABASE_URL },
    });
  }

  /** Terminates every backend the shop's processes hold right now; returns how many there were. */
  async terminateAll(): Promise<number> {
    const result = await this.admin.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
        where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [this.database.processApplicationName],
    );
    return result.rows.length;
  }

  async terminate(pid: number) {
    await this.admin.query("select pg_terminate_backend($1)", [pid]);
  }

  /**
   * Waits until one of the shop's backends waits for a lock while running a
   * statement matching `statement`; its pid. With `behind`, only a wait on that
   * held transaction counts: a backend just granted its lock still shows the
   * wait until it next runs, so a wait seen after a commit may be the old one.
   */
  blockedBackend(statement: RegExp, behind?: { pid: number }): Promise<number> {
    return this.blocked(this.database.processApplicationName, statement, "a shop backend", behind?.pid);
  }

  /** Waits until one of the transactions `holdTransaction` began waits for a lock while running a statement matching `statement`. */
  blockedHolder(statement: RegExp): Promise<number> {
    return this.blocked(HOLDER_NAME, statement, "a held transaction");
  }

  private blocked(applicationName: string, statement: RegExp, who: string, blockerPid?: number): Promise<number> {
    return waitFor(
      async () => {
        const { rows } = await this.admin.query<{ pid: number; query: string }>(
          `select pid, query from pg_stat_activity
            where datname = current_database() and application_name = $1 and wait_event_type = 'Lock'
              and ($2::int is null or $2::int = any(pg_blocking_pids(pid)))`,
          [applicationName, blockerPid ?? null],
        );
        return rows.find((row) => statement.test(row.query))?.pid;
      },
      {
        timeoutMs: 10_000,
        intervalMs: 20,
        what: `${who} blocked on a lock running ${statement}${blockerPid ? ` behind backend ${blockerPid}` : ""}`,
      },
    );
  }

  /**
   * Runs `statement` in a transaction of its own and keeps the transaction
   * open, with the locks it took, until it is committed or rolled back.
   */
  async holdTransaction(statement: string, values: unknown[] = []) {
    const holder = new pg.Client({
      connectionString: withApplicationName(this.database.env.DATABASE_URL, HOLDER_NAME),
    });
    await holder.connect();
    this.holders.add(holder);
    const { rows } = await holder.query<{ pid: number }>("select pg_backend_pid() as pid");
    await holder.query("begin");
    await holder.query(statement, values);
    const end = async (how: "commit" | "rollback") => {
      this.holders.delete(holder);
      await holder.query(how);
      await holder.end();
    };
    return {
      /** The held transaction's backend, for `blockedBackend`'s `behind`. */
      pid: rows[0]!.pid,
      /** Runs another statement in the held transaction. */
      query: async (next: string, nextValues: unknown[] = []) => void (await holder.query(next, nextValues)),
      commit: () => end("commit"),
      release: () => end("rollback"),
    };
  }

  /** Takes a table lock and holds it until released, so a statement of the shop that needs the table waits, in flight. */
  holdLock(table: string, mode: "share" | "exclusive" | "access exclusive") {
    return this.holdTransaction(`lock table ${pg.escapeIdentifier(table)} in ${mode} mode`);
  }

  async close() {
    for (const holder of this.holders) await holder.end();
    await this.admin.end();
  }
}

function withApplicationName(databaseUrl: string, name: string) {
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", name);
  return url.toString();
}
