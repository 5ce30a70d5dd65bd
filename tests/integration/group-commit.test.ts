import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inNextBatch, type SynchronousConnection } from "~/.server/db/group-commit";

/**
 * SQLite's group commit (db/group-commit.ts) on a real database file: what a
 * job's promise says must be what another connection finds there.
 */
describe("group commit on SQLite", () => {
  let dir: string;
  let sqlite: SQLite.Database;
  let db: Kysely<unknown>;
  /** Every statement the batches ran, in order. */
  let statements: string[];
  /** Statements made to fail once, as a full disk would. */
  let failing: Set<string>;
  let connection: SynchronousConnection;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-"));
    sqlite = new SQLite(path.join(dir, "shop.sqlite"));
    sqlite.pragma("journal_mode = WAL");
    sqlite.exec("create table notes (id integer primary key, text text not null unique)");
    db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    statements = [];
    failing = new Set();
    connection = {
      run({ sql, parameters }) {
        statements.push(sql);
        if (failing.delete(sql)) throw new Error(`${sql} failed`);
        const statement = sqlite.prepare(sql);
        if (statement.reader) return { rows: statement.all(...parameters) };
        return { rows: [], numAffectedRows: BigInt(statement.run(...parameters).changes) };
      },
      get inTransaction() {
        return sqlite.inTransaction;
      },
    };
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** What a second connection, as another process, finds committed. */
  const committedNotes = () => {
    const reader = new SQLite(path.join(dir, "shop.sqlite"), { readonly: true });
    try {
      return (reader.prepare("select text from notes order by id").all() as { text: string }[]).map((row) => row.text);
    } finally {
      reader.close();
    }
  };
  const note = (text: string) => (batch: SynchronousConnection) => {
    batch.run({
      sql: "insert into notes (text) values (?)",
      parameters: [text],
      query: undefined as never,
      queryId: undefined as never,
    });
    return text;
  };

  it("runs the jobs of one turn in one transaction, each told its own result once it is committed", async () => {
    const jobs = ["a", "b", "c"].map((text) =>
      inNextBatch(db, connection, note(text)).then((value) => ({ value, committed: committedNotes() })),
    );
    const results = await Promise.all(jobs);
    expect(results.map((result) => result.value)).toEqual(["a", "b", "c"]);
    for (const result of results) expect(result.committed).toEqual(["a", "b", "c"]);
    expect(statements.filter((sql) => /^(begin|commit)/.test(sql))).toEqual(["begin immediate", "commit"]);
  });

  it("rolls back only the job that fails, to its savepoint", async () => {
    const first = inNextBatch(db, connection, note("kept"));
    const failed = inNextBatch(db, connection, (batch) => {
      note("undone")(batch);
      throw new Error("refused after its write");
    });
    const duplicate = inNextBatch(db, connection, note("kept"));
    const last = inNextBatch(db, connection, note("also kept"));
    await expect(failed).rejects.toThrow("refused after its write");
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    expect(await first).toBe("kept");
    expect(await last).toBe("also kept");
    expect(committedNotes()).toEqual(["kept", "also kept"]);
  });

  it("tells every job of a batch whose commit fails that it failed, and keeps none of their work", async () => {
    failing.add("commit");
    const jobs = ["a", "b"].map((text) => inNextBatch(db, connection, note(text)));
    for (const job of jobs) await expect(job).rejects.toThrow("commit failed");
    expect(sqlite.inTransaction).toBe(false);
    expect(committedNotes()).toEqual([]);
    // The connection is back to normal: the next batch commits.
    expect(await inNextBatch(db, connection, note("after"))).toBe("after");
    expect(committedNotes()).toEqual(["after"]);
  });

  it("fails the jobs before one whose failure ended the transaction, and runs the jobs after it in a new one", async () => {
    const before = inNextBatch(db, connection, note("lost"));
    const ending = inNextBatch(db, connection, (batch) => {
      note("also lost")(batch);
      // What SQLite does itself on a full disk or an I/O error: the whole transaction is gone.
      sqlite.exec("rollback");
      throw new Error("disk full");
    });
    const after = inNextBatch(db, connection, note("kept"));
    await expect(ending).rejects.toThrow("disk full");
    await expect(before).rejects.toThrow("disk full");
    expect(await after).toBe("kept");
    expect(committedNotes()).toEqual(["kept"]);
  });

  it("fails a job that goes on writing after SQLite ended its transaction, and keeps none of it", async () => {
    const stubborn = inNextBatch(db, connection, (batch) => {
      note("lost")(batch);
      sqlite.exec("rollback");
      try {
        note("outside the transaction")(batch);
      } catch {
        // A job that ignores the error must not get its write committed on its own.
      }
      return "went on";
    });
    await expect(stubborn).rejects.toThrow();
    expect(committedNotes()).toEqual([]);
  });

  it("waits for a Kysely transaction under way, and takes in the jobs that arrive meanwhile", async () => {
    let finishTransaction!: () => void;
    const transaction = db.transaction().execute(async (trx) => {
      await trx
        .insertInto("notes" as never)
        .values({ text: "from Kysely" } as never)
        .execute();
      await new Promise<void>((resolve) => (finishTransaction = resolve));
    });
    const early = inNextBatch(db, connection, note("early"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const late = inNextBatch(db, connection, note("late"));
    finishTransaction();
    await transaction;
    expect(await Promise.all([early, late])).toEqual(["early", "late"]);
    expect(committedNotes()).toEqual(["from Kysely", "early", "late"]);
    expect(statements.filter((sql) => sql === "commit")).toHaveLength(1);
  });
});
