import { dayIn } from "../admin/today";

/** One of the shop's own snapshots in BACKUP_DIR: its file name and when it was taken (UTC ms). */
export interface Snapshot {
  name: string;
  takenAt: number;
}

/**
 * The shop names its snapshots after the moment they were taken, in UTC to
 * the second: `wickshop-2026-11-26T122530Z.sqlite`, or `….dump` for a
 * PostgreSQL shop's pg_dump, which rotate together. UTC keeps names unique and
 * in order through daylight saving's repeated hour; the days of rotation are
 * the shop's (SHOP_TIME_ZONE). A file named otherwise is not the shop's, and
 * nothing here ever touches it.
 */
const SNAPSHOT_NAME = /^wickshop-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.(sqlite|dump)$/;

/** A SQLite copy is a `.sqlite` file; a PostgreSQL one is pg_dump's custom format, a `.dump`. */
export type SnapshotKind = "sqlite" | "dump";

export const snapshotName = (takenAt: number, kind: SnapshotKind = "sqlite") => {
  const iso = new Date(takenAt).toISOString();
  return `wickshop-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z.${kind}`;
};

/** The snapshot a file name stands for, or undefined when the name is not one the shop writes. */
export function snapshotOf(name: string): Snapshot | undefined {
  const match = SNAPSHOT_NAME.exec(name);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const takenAt = Date.UTC(year, month - 1, day, hour, minute, second);
  // 2026-02-30 parses, as March 2nd: a name that does not round-trip is not one the shop wrote.
  return snapshotName(takenAt, match[7] as SnapshotKind) === name ? { name, takenAt } : undefined;
}

/**
 * Whether a snapshot is due: none was taken in the last `intervalMs`. One
 * dated after `now` (the clock was set back) does not count as recent, or a
 * wrong clock would stop the backups until it caught up again.
 */
export const snapshotIsDue = (snapshots: Snapshot[], now: number, intervalMs: number) =>
  !snapshots.some((snapshot) => snapshot.takenAt <= now && snapshot.takenAt > now - intervalMs);

export const DAILY_COPIES = 7;
export const WEEKLY_COPIES = 4;

const DAY_MS = 24 * 60 * 60_000;

/** The Monday of the week "2026-11-26" is in: weeks begin on Monday, as ISO 8601 counts them. */
const mondayOf = (day: string) => {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10);
};

/**
 * The snapshots rotation deletes. It keeps the newest snapshot of each of the
 * 7 most recent days that have one, and of each of the 4 most recent weeks
 * that have one, days and weeks in the shop's time zone; the rest go. Days
 * without a snapshot (the shop was down) take no place, so a long pause
 * never deletes the copies from before it. A snapshot dated after `now` is
 * kept and takes no place either.
 */
export function snapshotsToDelete(snapshots: Snapshot[], options: { now: number; timeZone: string }): Snapshot[] {
  const dayOf = dayIn(options.timeZone);
  const newestFirst = snapshots
    .filter((snapshot) => snapshot.takenAt <= options.now)
    .sort((a, b) => b.takenAt - a.takenAt);
  const kept = new Set<string>();
  const keepNewestOf = (periodOf: (snapshot: Snapshot) => string, periods: number) => {
    const seen = new Set<string>();
    for (const snapshot of newestFirst) {
      const period = periodOf(snapshot);
      if (seen.has(period)) continue;
      if (seen.size === periods) break;
      seen.add(period);
      kept.add(snapshot.name);
    }
  };
  keepNewestOf((snapshot) => dayOf(snapshot.takenAt), DAILY_COPIES);
  keepNewestOf((snapshot) => mondayOf(dayOf(snapshot.takenAt)), WEEKLY_COPIES);
  return newestFirst.filter((snapshot) => !kept.has(snapshot.name));
}
