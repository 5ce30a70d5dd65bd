import fs from "node:fs";
import os from "node:os";
import SQLite from "better-sqlite3";
import { createPrivateFile, makeFilePrivate } from "../private-files";

/**
 * The shop's SQLite file cannot be used, and no restart will change that: a
 * damaged file wants a backup restored, one of another user's wants its
 * owner changed. The message is one line, naming the file and what to run.
 */
export class DatabaseUnusableError extends Error {
  override name = "DatabaseUnusableError";
}

/** SQLite's answers for a file that is not a database, or a damaged one. */
const DAMAGED = /^SQLITE_(NOTADB|CORRUPT)/;

const modeOf = (stats: fs.Stats) => (stats.mode & 0o777).toString(8).padStart(4, "0");

/** The file, or the folder SQLite writes its -wal and -shm into, that this user may not read and write. */
function notThisUsers(paths: string[]): string | undefined {
  for (const entry of paths) {
    try {
      fs.accessSync(entry, fs.constants.R_OK | fs.constants.W_OK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      const stats = fs.statSync(entry);
      const user = os.userInfo();
      return (
        `${entry} belongs to uid ${stats.uid} (mode ${modeOf(stats)}) and this process runs as ${user.username} ` +
        `(uid ${user.uid}): give the data folder to the shop's user, as root: chown -R ${user.username}: ${entry}`
      );
    }
  }
  return undefined;
}

/**
 * Opens the shop's database file, creating it 0600 when there is none (DESIGN.md
 * "Going live", Files), in WAL mode. The -wal and -shm files an older version
 * left readable by others are narrowed to 0600 like the database.
 */
export function openSqliteFile(dataDir: string, file: string): SQLite.Database {
  const foreign = notThisUsers([dataDir, file]);
  if (foreign) throw new DatabaseUnusableError(foreign);
  createPrivateFile(file);
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    // The first read of the schema: a damaged first page fails here rather than in a migration.
    sqlite.prepare("select count(*) from sqlite_master").get();
  } catch (error) {
    sqlite.close();
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && DAMAGED.test(code)) {
      throw new DatabaseUnusableError(
        `${file} is not a readable database (${(error as Error).message}): restore a backup into it with npm run db:restore -- FILE (docs/running-a-shop.md, Restoring SQLite)`,
      );
    }
    throw error;
  }
  for (const each of [file, `${file}-wal`, `${file}-shm`]) makeFilePrivate(each);
  return sqlite;
}
