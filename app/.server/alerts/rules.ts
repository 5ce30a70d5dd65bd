import { formatMoment } from "../admin/today";

/**
 * What needs the owner (DESIGN.md "Going live", ALERT_EMAIL): pure rules
 * from facts to the conditions that hold now. The job (alerts/check.ts)
 * gathers the facts and turns a condition's start and end into one email each.
 */

/** Every condition the shop watches, in the order Today and /healthz?detail list them. */
export const ALERT_KEYS = [
  "backup-failing",
  "backup-command-failing",
  "backup-missing",
  "order-emails-stuck",
  "disk-low",
] as const;

export type AlertKey = (typeof ALERT_KEYS)[number];

/** Short names, for email subjects and for the conditions that hold no longer. */
export const ALERT_TITLES: Record<AlertKey, string> = {
  "backup-failing": "Backups are failing",
  "backup-command-failing": "BACKUP_COMMAND is failing",
  "backup-missing": "No recent backup",
  "order-emails-stuck": "Order emails are not going out",
  "disk-low": "The disk is nearly full",
};

/** The conditions about mail itself: their email may well not go out, so the log and Today carry them too. */
export const MAIL_ALERTS: readonly AlertKey[] = ["order-emails-stuck"];

export interface AlertFacts {
  now: number;
  /** SHOP_TIME_ZONE: the texts give moments as the owner's clock reads them. */
  timeZone: string;
  backups: {
    /** BACKUP_EVERY_HOURS; 0 when the automatic backups are off. */
    everyHours: number;
    /** The newest snapshot in BACKUP_DIR that is really there and not empty, or null. */
    newestAt: number | null;
    /** When this process began to watch: with no snapshot at all, the time counts from here. */
    watchingSince: number;
    /** Snapshots that failed since the last one that worked. */
    snapshotFailures: number;
    /** BACKUP_COMMAND runs that failed since the last one that worked, and the last one's end. */
    commandFailures: number;
    lastCommand: { exitCode: number; lastLine: string } | null;
  };
  /** Order emails still unsent an hour after they were queued: how many, and when the oldest was queued. */
  stuckOrderEmails: { count: number; oldestQueuedAt: number | null };
  /** The file system DATA_DIR is on (fs.statfs): bytes free to the shop and its size. */
  disk: { path: string; freeBytes: number; totalBytes: number };
}

export interface Condition {
  key: AlertKey;
  /** What is wrong and what to do, as the owner reads it in the email, on Today and in /healthz?detail. */
  text: string;
}

/** An order email counts as stuck once it has waited this long. */
export const STUCK_EMAIL_MS = 60 * 60_000;
/** Failures in a row before a backup or its command needs the owner: one may be a passing network fault. */
const FAILURES_IN_A_ROW = 2;
/** The disk needs the owner under either mark. */
const LOW_DISK_SHARE = 0.1;
const LOW_DISK_BYTES = 1024 ** 3;

const HOUR_MS = 60 * 60_000;

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

const every = (hours: number) => (hours === 1 ? "every hour" : `every ${hours} hours`);

function backupConditions({ backups, now, timeZone }: AlertFacts): Condition[] {
  if (backups.everyHours === 0) return [];
  const conditions: Condition[] = [];
  if (backups.snapshotFailures >= FAILURES_IN_A_ROW)
    conditions.push({
      key: "backup-failing",
      text: `The last ${backups.snapshotFailures} backups failed: look for backup errors in the shop's log`,
    });
  if (backups.commandFailures >= FAILURES_IN_A_ROW) {
    const last = backups.lastCommand;
    const why = last ? ` (exit ${last.exitCode}${last.lastLine ? `: ${last.lastLine}` : ""})` : "";
    conditions.push({
      key: "backup-command-failing",
      text: `BACKUP_COMMAND failed the last ${backups.commandFailures} times${why}: backups are not leaving the machine`,
    });
  }
  const since = backups.newestAt ?? backups.watchingSince;
  if (now - since >= 2 * backups.everyHours * HOUR_MS)
    conditions.push({
      key: "backup-missing",
      text:
        backups.newestAt === null
          ? `No backup in BACKUP_DIR since the shop started (${formatMoment(timeZone)(since)}); it should take one ${every(backups.everyHours)}`
          : `No backup since ${formatMoment(timeZone)(since)}; the shop should take one ${every(backups.everyHours)}`,
    });
  return conditions;
}

function mailCondition({ stuckOrderEmails, timeZone }: AlertFacts): Condition[] {
  if (stuckOrderEmails.count === 0) return [];
  const count = stuckOrderEmails.count;
  const oldest = stuckOrderEmails.oldestQueuedAt;
  return [
    {
      key: "order-emails-stuck",
      text: `${count} order ${count === 1 ? "email has" : "emails have"} waited over an hour to be sent${oldest === null ? "" : ` (the oldest since ${formatMoment(timeZone)(oldest)})`}: npm run outbox -- list shows why`,
    },
  ];
}

function diskCondition({ disk }: AlertFacts): Condition[] {
  const share = disk.totalBytes > 0 ? disk.freeBytes / disk.totalBytes : 0;
  if (share >= LOW_DISK_SHARE && disk.freeBytes >= LOW_DISK_BYTES) return [];
  return [
    {
      key: "disk-low",
      text: `Only ${gigabytes(disk.freeBytes)} (${Math.floor(share * 100)} %) free on the disk of ${disk.path}: free some space before the shop cannot write`,
    },
  ];
}

/** The conditions that hold for these facts, in ALERT_KEYS's order. */
export function activeConditions(facts: AlertFacts): Condition[] {
  return [...backupConditions(facts), ...mailCondition(facts), ...diskCondition(facts)];
}
