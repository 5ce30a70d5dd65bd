import fs from "node:fs";
import { newestSnapshotAt } from "../backups/job";
import { backupFailures, lastBackupStatus } from "../backups/status";
import type { Db } from "../db";
import { type AlertFacts, STUCK_EMAIL_MS } from "./rules";

export type DiskSpace = (dir: string) => { freeBytes: number; totalBytes: number };

/** The file system `dir` is on: what an unprivileged user may still write, and its size. */
export const diskSpaceOf: DiskSpace = (dir) => {
  const stats = fs.statfsSync(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
};

/** Order emails (the owner's own are about no order) still unsent an hour after they were queued. */
async function stuckOrderEmails(db: Db, now: number) {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("created_at").as("oldest")])
    .where("status", "in", ["pending", "failed"])
    .where("order_id", "is not", null)
    .where("created_at", "<=", now - STUCK_EMAIL_MS)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldestQueuedAt: row.oldest === null ? null : Number(row.oldest) };
}

/**
 * What the alert rules look at, as this process finds it: its backup folder
 * and data folder's disk, and the database's record of backups and emails.
 * `diskSpace` reads the disk; a test gives it the reading it needs.
 */
export async function gatherAlertFacts(
  db: Db,
  options: {
    now: number;
    timeZone: string;
    dataDir: string;
    backups: { everyHours: number; dir: string };
    watchingSince: number;
    diskSpace?: DiskSpace;
  },
): Promise<AlertFacts> {
  const failures = await backupFailures(db);
  const { lastCommand } = await lastBackupStatus(db);
  return {
    now: options.now,
    timeZone: options.timeZone,
    backups: {
      everyHours: options.backups.everyHours,
      newestAt: newestSnapshotAt(options.backups.dir),
      watchingSince: options.watchingSince,
      snapshotFailures: failures.snapshot,
      commandFailures: failures.command,
      lastCommand,
    },
    stuckOrderEmails: await stuckOrderEmails(db, options.now),
    disk: { path: options.dataDir, ...(options.diskSpace ?? diskSpaceOf)(options.dataDir) },
  };
}
