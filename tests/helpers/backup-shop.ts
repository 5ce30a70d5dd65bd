import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BackupSettings, type BackupSource, listSnapshots, runBackupJob } from "~/.server/backups/job";
import { snapshotName as snapshotNameOf } from "~/.server/backups/schedule";
import { sqliteFileIn } from "~/.server/db";
import { repoRoot } from "./run-script";
import { openShop } from "./shop-api";
import { testEngine } from "./test-database";

export const HOUR = 60 * 60_000;
export const DAY = 24 * HOUR;
export const candle = { id: 1501, price: 18, stock: 100 };

export const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `wickshop-${name}-`));
export const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
/** The stored snapshots' names in `dir`, and nothing else there. */
export const namesIn = (dir: string) => listSnapshots(dir).map((snapshot) => snapshot.name);
/** A SQLite shop's snapshots are copies of its file, a PostgreSQL shop's pg_dump's custom format. */
export const kind = testEngine === "sqlite" ? "sqlite" : "dump";
export const snapshotName = (takenAt: number) => snapshotNameOf(takenAt, kind);

/** A shop with one candle, its server started with `env`, and the backup job to run on its database. */
export async function openBackupShop(env: Record<string, string> = {}) {
  const shop = await openShop({ Wax: [{ ...candle, name: "Cedar" }] }, env);
  const source: BackupSource =
    testEngine === "sqlite"
      ? { sqliteFile: sqliteFileIn(shop.database.env.DATA_DIR) }
      : { databaseUrl: shop.database.env.DATABASE_URL! };
  /** One run of the job on the shop's database, as a server process runs it, at `now`. */
  const runAt = (now: number, backups: Partial<BackupSettings> & { dir: string }, db = shop.db) =>
    runBackupJob(db, {
      source,
      root: repoRoot,
      backups: { everyHours: 24, ...backups },
      timeZone: "America/Los_Angeles",
      now,
    });
  return { shop, source, runAt };
}
