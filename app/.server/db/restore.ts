import fs from "node:fs";
import path from "node:path";
import { makePrivateDir } from "../private-files";
import { BackupError, type BackupSummary, copySqlite, inspectSqliteFile } from "./backup";
import { sqliteInUse } from "./sqlite-in-use";
import { sqliteFileIn } from ".";

/** The files SQLite keeps beside a database: one left by a shop that crashed holds commits the file lacks. */
const companions = (file: string) => [file, `${file}-wal`, `${file}-shm`];

/** `wickshop.sqlite.before-restore-20261128T205300Z`: the database a restore replaced, named after the moment. */
export const keptName = (file: string, now: number) =>
  `${file}.before-restore-${new Date(now).toISOString().replace(/[-:]|\.\d+/g, "")}`;

/** Moves the database (with its -wal and -shm, renamed alike so SQLite still finds them) aside; returns where. */
function keepAside(file: string, now: number): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  const kept = keptName(file, now);
  for (const [from, to] of companions(file).map((each, i) => [each, companions(kept)[i]!] as const))
    if (fs.existsSync(from)) fs.renameSync(from, to);
  return kept;
}

/**
 * Gives the restored file the data folder's owner and group: run as root (as
 * docs/running-a-shop.md's commands are), the copy would otherwise be root's, and the shop's
 * user could not open it. Its mode is 0600 already (copySqlite).
 */
function giveToFolderOwner(file: string, dir: string) {
  const folder = fs.statSync(dir);
  const copy = fs.statSync(file);
  if (copy.uid !== folder.uid || copy.gid !== folder.gid) fs.chownSync(file, folder.uid, folder.gid);
}

export interface Restored {
  summary: BackupSummary;
  /** Where the database the restore replaced is kept; undefined when the folder had none. */
  kept?: string;
}

/**
 * `npm run db:restore -- FILE`: a backup made into the data folder's database,
 * with the shop stopped. The database it replaces (if any) stays beside it as
 * `wickshop.sqlite.before-restore-…`. The backup is copied next to the
 * database first and switched in with renames, so a failure halfway leaves the
 * old database in place.
 */
export async function restoreSqlite(file: string, dataDir: string, now = Date.now()): Promise<Restored> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  inspectSqliteFile(file);
  makePrivateDir(dataDir);
  const target = sqliteFileIn(dataDir);
  if (fs.existsSync(target) && sqliteInUse(target)) {
    throw new BackupError(
      `${target} is open in a running shop (or another npm run command): stop it first ` +
        "(systemctl stop wickshop.socket wickshop), then restore again. Nothing was changed.",
    );
  }
  const incoming = `${target}.restoring`;
  fs.rmSync(incoming, { force: true });
  await copySqlite(path.resolve(file), incoming);
  giveToFolderOwner(incoming, dataDir);
  const kept = keepAside(target, now);
  fs.renameSync(incoming, target);
  return { summary: inspectSqliteFile(target), kept };
}
