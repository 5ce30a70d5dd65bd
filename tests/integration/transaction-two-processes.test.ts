import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqliteFileIn, transaction } from "~/.server/db";
import { readSettings, writeSetting } from "~/.server/db/settings";
import { type SqliteWriterProcess, startSqliteWriter } from "../helpers/sqlite-writer-process";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";
import { sleep } from "../helpers/wait-for";

const COUNTER = "test_counter";
/** What the other process writes: the counter one more. */
const INCREMENT = `update settings set value = cast(value as integer) + 1 where key = '${COUNTER}'`;

/**
 * Two processes on one SQLite file (the server and `catalog:import`, two
 * servers starting together): a transaction that reads before it writes must
 * wait for the other's write, not fail at its own with SQLITE_BUSY or
 * SQLITE_BUSY_SNAPSHOT (db/sqlite-dialect.ts). On PostgreSQL each process is
 * a connection of a server that locks rows, which the checkout's tests cover.
 */
describe.runIf(testEngine === "sqlite")("a write transaction on an SQLite file another process writes to", () => {
  let database: TestDatabase;
  let writer: SqliteWriterProcess | undefined;
  beforeEach(async () => {
    database = await createTestDatabase();
    await writeSetting(database.db, COUNTER, "0");
  });
  afterEach(async () => {
    writer?.stop();
    writer = undefined;
    await database.cleanup();
  });

  const startWriter = (options?: { holdMs?: number }) =>
    (writer = startSqliteWriter(sqliteFileIn(database.env.DATA_DIR), INCREMENT, options));
  const counter = async (db = database.db) => (await readSettings(db, [COUNTER])).get(COUNTER);

  /** Reads the counter, lets `meanwhile` run, and writes it one more, as the shop's transactions read and then write. */
  const increment = (meanwhile: () => Promise<unknown>) =>
    transaction(database.db, async (trx) => {
      const read = Number(await counter(trx));
      await meanwhile();
      await writeSetting(trx, COUNTER, String(read + 1));
      return read;
    });

  it("begun while the other holds the write lock, waits for its commit and reads what it wrote", async () => {
    const other = startWriter({ holdMs: 500 });
    await other.reached("holding");
    expect(await increment(async () => {})).toBe(1);
    await other.reached("committed");
    expect(await counter()).toBe("2");
  });

  it("keeps the write lock from its start: the other's write waits for its commit, and neither is lost", async () => {
    let other: SqliteWriterProcess | undefined;
    const read = await increment(async () => {
      other = startWriter();
      await other.reached("ready");
      // Time for the other process to write and commit, were the lock not held from the start.
      await sleep(300);
    });
    expect(read).toBe(0);
    await other!.reached("committed");
    expect(await counter()).toBe("2");
  });

  it("leaves a read-only transaction to read beside the other's write, without waiting for it", async () => {
    const other = startWriter({ holdMs: 1_000 });
    await other.reached("holding");
    const read = await database.db
      .transaction()
      .setAccessMode("read only")
      .execute((trx) => counter(trx));
    expect(read).toBe("0");
    await other.reached("committed");
    expect(await counter()).toBe("1");
  });
});
