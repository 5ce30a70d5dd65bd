import { type Db, transaction } from "../db";
import { readSettings, writeSetting } from "../db/settings";

/**
 * What the backup job records, in the settings table: who holds the next
 * snapshot (a claim), when the newest snapshot was taken, how the last
 * BACKUP_COMMAND went, for the "Before you open" checklist to read, and how
 * many snapshots and commands failed in a row, for the alerts.
 */
const CLAIMED_AT = "backup_claimed_at";
const LAST_SNAPSHOT_AT = "backup_last_snapshot_at";
const LAST_COMMAND = "backup_last_command";
const SNAPSHOT_FAILURES = "backup_snapshot_failures";
const COMMAND_FAILURES = "backup_command_failures";

export interface CommandResult {
  /** When the command ended (UTC ms). */
  at: number;
  /** Its exit status as a shell reports it: 128 + the signal's number when a signal ended it. */
  exitCode: number;
  /** Its last line of output, stdout and stderr together; "" when it printed nothing. */
  lastLine: string;
}

export interface BackupStatus {
  lastSnapshotAt: number | null;
  lastCommand: CommandResult | null;
}

/**
 * One process takes the snapshot, however many run the job: each reads the
 * claim and replaces it only if it still holds what was read (one
 * conditional update, as the low-stock email claims its day). A claim lasts
 * `leaseMs`, so a process that died mid-snapshot holds it no longer; one dated
 * after `now` (the clock was set back) is stale too.
 */
export async function claimSnapshot(db: Db, now: number, leaseMs: number): Promise<boolean> {
  await db
    .insertInto("settings")
    .values({ key: CLAIMED_AT, value: "0" })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const { value } = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", CLAIMED_AT)
    .executeTakeFirstOrThrow();
  const claimedAt = Number(value);
  if (claimedAt > now - leaseMs && claimedAt <= now) return false;
  const claimed = await db
    .updateTable("settings")
    .set({ value: String(now) })
    .where("key", "=", CLAIMED_AT)
    .where("value", "=", value)
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

/**
 * Ends the claim taken at `claimedAt` once its snapshot is in the folder: were
 * the folder emptied within the lease, the next run takes a new one at once.
 */
export async function releaseSnapshot(db: Db, claimedAt: number) {
  await db
    .updateTable("settings")
    .set({ value: "0" })
    .where("key", "=", CLAIMED_AT)
    .where("value", "=", String(claimedAt))
    .execute();
}

/** Failures in a row, as recorded: none when nothing failed since the last success. */
export interface BackupFailures {
  snapshot: number;
  command: number;
}

export async function backupFailures(db: Db): Promise<BackupFailures> {
  const values = await readSettings(db, [SNAPSHOT_FAILURES, COMMAND_FAILURES]);
  return { snapshot: Number(values.get(SNAPSHOT_FAILURES) ?? 0), command: Number(values.get(COMMAND_FAILURES) ?? 0) };
}

/** A snapshot in the folder: its time, and no failure in a row any more. */
export const recordSnapshot = (db: Db, takenAt: number) =>
  transaction(db, async (trx) => {
    await writeSetting(trx, LAST_SNAPSHOT_AT, String(takenAt));
    await writeSetting(trx, SNAPSHOT_FAILURES, "0");
  });

/** Only the claim's holder takes a snapshot, so counting its failures needs no lock. */
export async function recordSnapshotFailure(db: Db) {
  const { snapshot } = await backupFailures(db);
  await writeSetting(db, SNAPSHOT_FAILURES, String(snapshot + 1));
}

/** The command's result, and its failures in a row: one more, or none after a success. */
export const recordCommand = (db: Db, result: CommandResult) =>
  transaction(db, async (trx) => {
    const { command } = await backupFailures(trx);
    await writeSetting(trx, LAST_COMMAND, JSON.stringify(result));
    await writeSetting(trx, COMMAND_FAILURES, String(result.exitCode === 0 ? 0 : command + 1));
  });

/** The newest snapshot's time and the last BACKUP_COMMAND's result, as the shop that took them recorded them. */
export async function lastBackupStatus(db: Db): Promise<BackupStatus> {
  const values = await readSettings(db, [LAST_SNAPSHOT_AT, LAST_COMMAND]);
  const snapshotAt = values.get(LAST_SNAPSHOT_AT);
  const command = values.get(LAST_COMMAND);
  return {
    lastSnapshotAt: snapshotAt === undefined ? null : Number(snapshotAt),
    lastCommand: command === undefined ? null : (JSON.parse(command) as CommandResult),
  };
}
