import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, transaction } from "~/.server/db";
import { changesOf, firstOf, rowsOf, runSteps, type Steps } from "~/.server/db/steps";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

describe(`runSteps on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.cleanup());

  const windowOf = (key: string) => database.db.selectFrom("rate_limits").select("hits").where("key", "=", key);
  const insert = (key: string) => database.db.insertInto("rate_limits").values({ key, window_start: 0, hits: 1 });

  it("runs each query a job yields and hands back its rows", async () => {
    const value = await runSteps(database.db, function* () {
      yield* changesOf(insert("steps:rows"));
      const rows = yield* rowsOf(windowOf("steps:rows"));
      const missing = yield* firstOf(windowOf("steps:none"));
      return { rows, missing };
    });
    expect(value).toEqual({ rows: [{ hits: 1 }], missing: undefined });
  });

  it("rolls back a transaction whose job throws, and commits one that returns", async () => {
    const failing = runSteps(
      database.db,
      function* () {
        yield* changesOf(insert("steps:rolled-back"));
        throw new Error("refused after the write");
      },
      { transaction: true },
    );
    await expect(failing).rejects.toThrow("refused after the write");
    expect(await windowOf("steps:rolled-back").executeTakeFirst()).toBeUndefined();

    await runSteps(database.db, () => changesOf(insert("steps:committed")), { transaction: true });
    expect(await windowOf("steps:committed").executeTakeFirst()).toEqual({ hits: 1 });
  });

  it("rolls back a transaction whose query fails, with the writes before it", async () => {
    await runSteps(database.db, () => changesOf(insert("steps:held")));
    const failing = runSteps(
      database.db,
      function* () {
        yield* changesOf(insert("steps:before-the-failure"));
        yield* changesOf(insert("steps:held"));
      },
      { transaction: true },
    );
    await expect(failing).rejects.toThrow(/unique|duplicate/i);
    expect(await windowOf("steps:before-the-failure").executeTakeFirst()).toBeUndefined();
    // The connection is back to normal: the next job commits.
    await runSteps(database.db, () => changesOf(insert("steps:after-the-failure")), { transaction: true });
    expect(await windowOf("steps:after-the-failure").executeTakeFirst()).toEqual({ hits: 1 });
  });

  it("throws a failed query's error into the job, where it was yielded", async () => {
    await runSteps(database.db, () => changesOf(insert("steps:taken")));
    const outcome = await runSteps(database.db, function* (): Steps<string> {
      try {
        yield* changesOf(insert("steps:taken"));
        return "inserted twice";
      } catch (error) {
        return `caught: ${error instanceof Error && /unique|duplicate/i.test(error.message)}`;
      }
    });
    expect(outcome).toBe("caught: true");
  });

  it("refuses to run inside a transaction, which on SQLite it would wait for forever, and the transaction rolls back", async () => {
    const refused = "runSteps was called inside a transaction";
    const nested = transaction(database.db, async (trx) => {
      await trx.insertInto("rate_limits").values({ key: "steps:outer", window_start: 0, hits: 1 }).execute();
      await runSteps(database.db, () => changesOf(insert("steps:nested")));
    });
    await expect(nested).rejects.toThrow(refused);
    await expect(
      transaction(database.db, (trx) => runSteps<Database, bigint>(trx, () => changesOf(insert("steps:nested")))),
    ).rejects.toThrow(refused);
    await expect(transaction(database.db, () => transaction(database.db, async () => {}))).rejects.toThrow(
      "transaction was called inside a transaction",
    );
    expect(await windowOf("steps:outer").executeTakeFirst()).toBeUndefined();
    expect(await windowOf("steps:nested").executeTakeFirst()).toBeUndefined();
  });

  it("runs beside another request's transaction, after it on SQLite", async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const other = transaction(database.db, async (trx) => {
      await trx.insertInto("rate_limits").values({ key: "steps:other", window_start: 0, hits: 1 }).execute();
      await finished;
    });
    const beside = runSteps(database.db, () => changesOf(insert("steps:beside")));
    finish();
    await Promise.all([other, beside]);
    expect(await windowOf("steps:beside").executeTakeFirst()).toEqual({ hits: 1 });
    expect(await windowOf("steps:other").executeTakeFirst()).toEqual({ hits: 1 });
  });

  it("lets no query see a transaction's job half done, while many run side by side", async () => {
    await runSteps(database.db, () => changesOf(insert("steps:pair-a")));
    await runSteps(database.db, () => changesOf(insert("steps:pair-b")));
    const both = () =>
      sql<{
        a: number;
        b: number;
      }>`select (select hits from rate_limits where key = 'steps:pair-a') as a, (select hits from rate_limits where key = 'steps:pair-b') as b`
        .execute(database.db)
        .then((result) => result.rows[0]!);
    const move = (key: string, by: number) =>
      changesOf(
        database.db
          .updateTable("rate_limits")
          .set((eb) => ({ hits: eb("hits", "+", by) }))
          .where("key", "=", key),
      );
    const jobs = Array.from({ length: 20 }, () =>
      runSteps(
        database.db,
        function* () {
          yield* move("steps:pair-a", 1);
          yield* move("steps:pair-b", -1);
        },
        { transaction: true },
      ),
    );
    const reads = Array.from({ length: 20 }, () => both());
    await Promise.all(jobs);
    for (const pair of await Promise.all(reads)) expect(Number(pair.a) + Number(pair.b)).toBe(2);
    expect(await both()).toEqual({ a: 21, b: -19 });
  });
});
