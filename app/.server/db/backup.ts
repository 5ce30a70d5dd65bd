import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../private-files";
import { sqliteFileIn } from ".";

/** A backup or restore that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {
  override name = "BackupError";
}

export interface BackupSummary {
  file: string;
  bytes: number;
  /** How the copy was checked, as the owner is told: "checked page by page". */
  checked: string;
  orders: number;
  paidOrders: number;
}

/** A backup as db:backup, db:restore and the shop's log describe it. */
export const describeBackup = ({ file, bytes, checked, orders, paidOrders }: BackupSummary) =>
  `${file} (${(bytes / 1024).toFixed(0)} KB, ${checked}: ${orders} orders, ${paidOrders} of them paid)`;

/** A backup never overwrites another. */
export function refuseExisting(file: string) {
  if (fs.existsSync(file))
    throw new BackupError(`${file} already exists: choose a new file name, so no backup is overwritten.`);
}

/** Checks a database file page by page and counts its orders: what a shop owner wants to know of a copy. */
export function inspectSqliteFile(file: string): BackupSummary {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new BackupError(`${file} is damaged: ${String(check)}`);
    const hasOrders = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'orders'").get();
    if (!hasOrders) throw new BackupError(`${file} is not a Wickshop database (it has no orders table).`);
    const counts = db
      .prepare("select count(*) as orders, coalesce(sum(status = 'paid'), 0) as paidOrders from orders")
      .get() as { orders: number; paidOrders: number };
    return { file, bytes: fs.statSync(file).size, checked: "checked page by page", ...counts };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${file} is not a readable SQLite database: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    db.close();
  }
}

/**
 * Empties `file`, or creates it, readable by the shop's user alone from its
 * first byte: a backup holds password hashes, two-factor secrets and the
 * session secret.
 */
export function emptyPrivateFile(file: string) {
  fs.writeFileSync(file, "", { mode: PRIVATE_FILE_MODE });
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Copies `source` to `target` with SQLite's online backup API while the shop
 * keeps running. All pages go in one step, so the copy is one consistent
 * snapshot: in WAL mode the shop's writers are not blocked meanwhile, and
 * their commits cannot make the copy start over. The copy is then compacted
 * (VACUUM, on the copy only: the shop never waits for it), so it holds no free
 * pages, and switched to incremental vacuum (db/space.ts): a shop restored
 * from it gives the space of pruned emails back even if its own database was
 * too large to switch when it upgraded. The copy is written beside the target
 * and renamed, so a crash never leaves half a database under its name, and
 * it is readable by the shop's user alone (mode 0600).
 */
export async function copySqlite(source: string, target: string) {
  const partial = `${target}.partial`;
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    // SQLite writes into the empty file, and gives its journal the same mode.
    emptyPrivateFile(partial);
    await db.backup(partial, { progress: ({ totalPages }) => Math.max(totalPages, 1) });
    // The copy inherits WAL mode; a rollback journal keeps it one self-contained file.
    const copy = new SQLite(partial);
    try {
      copy.pragma("journal_mode = DELETE");
      copy.pragma("auto_vacuum = INCREMENTAL");
      copy.exec("VACUUM");
    } finally {
      copy.close();
    }
    fs.renameSync(partial, target);
  } finally {
    db.close();
    fs.rmSync(partial, { force: true });
  }
}

/** `npm run db:backup -- FILE`: the data folder's database, copied while the shop runs, into FILE's folder (made 0700 if new). */
export async function backupSqlite(dataDir: string, file: string): Promise<BackupSummary> {
  const source = sqliteFileIn(dataDir);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}: check DATA_DIR.`);
  refuseExisting(file);
  makePrivateDir(path.dirname(path.resolve(file)));
  await copySqlite(source, file);
  return inspectSqliteFile(file);
}
