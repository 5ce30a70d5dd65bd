import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isSqliteBusy } from "~/.server/db/unavailable";

/** The error better-sqlite3 throws when another connection holds the database's write lock. */
function sqliteBusyError(dir: string): unknown {
  const file = path.join(dir, "shop.sqlite");
  const writer = new SQLite(file);
  const other = new SQLite(file);
  other.pragma("busy_timeout = 0");
  writer.exec("begin immediate");
  try {
    other.exec("begin immediate");
  } catch (error) {
    return error;
  } finally {
    writer.exec("rollback");
    writer.close();
    other.close();
  }
  throw new Error("the second writer was let in");
}

/** An error as node-postgres reports a backend the server terminated. */
const terminated = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

describe("what counts as the database out of reach", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("SQLite busy past its timeout is out of reach, and busy, also as the cause of another error", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "unavailable-"));
    const busy = sqliteBusyError(dir);
    expect((busy as { code?: string }).code).toBe("SQLITE_BUSY");
    for (const error of [busy, new Error("the checkout failed", { cause: busy })]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isSqliteBusy(error)).toBe(true);
    }
  });

  it("a PostgreSQL backend terminated is out of reach, but not SQLite busy", () => {
    for (const error of [terminated, new Error("Connection terminated unexpectedly")]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isSqliteBusy(error)).toBe(false);
    }
  });

  it("a wrong query is neither", () => {
    const wrong = Object.assign(new Error('column "nope" does not exist'), { code: "42703" });
    for (const error of [wrong, new Error("SQLITE_BUSY in a message is not a code"), "SQLITE_BUSY", undefined]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(isSqliteBusy(error)).toBe(false);
    }
  });
});
