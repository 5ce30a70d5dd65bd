import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db";
import { describeBackup } from "../db/backup";
import { backupPostgres } from "../db/pg-backup";
import { makePrivateDir } from "../private-files";
import { runChildProcess } from "./child-process";
import { type Snapshot, snapshotIsDue, snapshotName, snapshotOf, snapshotsToDelete } from "./schedule";
import {
  type CommandResult,
  claimSnapshot,
  recordCommand,
  recordSnapshot,
  recordSnapshotFailure,
  releaseSnapshot,
} from "./status";

export interface BackupSettings {
  /** BACKUP_EVERY_HOURS: 0 turns the automatic snapshots off. */
  everyHours: number;
  /** BACKUP_DIR: where the snapshots go. */
  dir: string;
  /** BACKUP_COMMAND: run by /bin/sh -c after each snapshot, with its path in BACKUP_FILE. */
  command?: string;
}

/** A snapshot is one process's for this long: should that process die mid-snapshot, another takes it then. */
export const SNAPSHOT_LEASE_MS = 60 * 60_000;
/** BACKUP_COMMAND is stopped, with its whole process group, after this. */
export const COMMAND_TIMEOUT_MS = 10 * 60_000;
/** Copying, compacting and checking a shop's database takes seconds; this bounds a stuck one. */
const SNAPSHOT_TIMEOUT_MS = 30 * 60_000;

/** What the job copies: the shop's SQLite file, or its PostgreSQL database (a pg_dump). */
export type BackupSource = { sqliteFile: string } | { databaseUrl: string };

export type BackupRun =
  | { kind: "not_due" }
  | { kind: "claimed_elsewhere" }
  | { kind: "taken"; file: string; summary: string; deleted: string[]; command: CommandResult | null };

/** The shop's own snapshots in `dir`, oldest first; any other file there is left out, and so never touched. */
export function listSnapshots(dir: string): Snapshot[] {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  return names
    .map(snapshotOf)
    .filter((snapshot) => snapshot !== undefined)
    .sort((a, b) => a.takenAt - b.takenAt);
}

/**
 * When the newest snapshot in `dir` that is really there and holds something
 * was taken, or null: an emptied folder, or a copy cut to nothing, is no backup.
 */
export function newestSnapshotAt(dir: string): number | null {
  const holdsSomething = (snapshot: Snapshot) =>
    (fs.statSync(path.join(dir, snapshot.name), { throwIfNoEntry: false })?.size ?? 0) > 0;
  return listSnapshots(dir).reverse().find(holdsSomething)?.takenAt ?? null;
}

/** What a killed snapshot leaves beside the copies: `wickshop-….sqlite.partial`, named after a snapshot of the shop's. */
const PARTIAL = ".partial";
const leftoverPartials = (dir: string) =>
  fs.readdirSync(dir).filter((name) => name.endsWith(PARTIAL) && snapshotOf(name.slice(0, -PARTIAL.length)));

/**
 * The backup command as this process runs: the compiled server runs the
 * compiled script (scripts/compile-server.ts builds both), so no TypeScript
 * loader runs beside the shop; under tsx (`npm run dev`, tests calling the
 * job) the script itself.
 */
const BACKUP_SCRIPT = import.meta.url.endsWith(".js")
  ? ["build/db-backup.js"]
  : ["--import", "tsx", "scripts/db-backup.ts"];

/**
 * `npm run db:backup -- FILE` in a child process: the online backup, VACUUM
 * and the page-by-page check all run there, so the shop's own thread keeps
 * answering pages meanwhile. Its last line says what the copy holds, or why
 * there is none.
 */
async function copySqliteFile(root: string, sqliteFile: string, file: string) {
  const end = await runChildProcess(process.execPath, [...BACKUP_SCRIPT, file], {
    cwd: root,
    // The data folder of this very file, and no PostgreSQL from a .env the server's environment overrode.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: path.dirname(sqliteFile), DATABASE_URL: "" },
    timeoutMs: SNAPSHOT_TIMEOUT_MS,
  });
  if (end.exitCode !== 0) throw new Error(`The backup to ${file} failed: ${end.lastLine}`);
  return end.lastLine;
}

/**
 * A snapshot of `source` into `file`, and its summary line. pg_dump and the
 * pg_restore that checks its dump are child processes already.
 */
async function takeSnapshot(source: BackupSource, root: string, file: string, signal?: AbortSignal) {
  if ("sqliteFile" in source) return copySqliteFile(root, source.sqliteFile, file);
  const summary = await backupPostgres(source.databaseUrl, file, { timeoutMs: SNAPSHOT_TIMEOUT_MS, signal });
  return `Backed up the database at DATABASE_URL to ${describeBackup(summary)}.`;
}

/** BACKUP_COMMAND through /bin/sh -c, with the snapshot's path in BACKUP_FILE, bounded by a timeout. */
async function sendOffMachine(command: string, file: string, options: { timeoutMs: number; signal?: AbortSignal }) {
  const end = await runChildProcess("/bin/sh", ["-c", command], {
    env: { ...process.env, BACKUP_FILE: file },
    ...options,
  });
  return { at: Date.now(), ...end };
}

/**
 * The automatic backup (DESIGN.md "Going live"): when no snapshot of the
 * shop's own was taken within BACKUP_EVERY_HOURS, one process claims it,
 * copies the SQLite database (or takes a pg_dump of the PostgreSQL one) into
 * BACKUP_DIR, records it, rotates the old copies (7 daily, 4 weekly, in
 * SHOP_TIME_ZONE) and runs BACKUP_COMMAND, recording its exit status and last line.
 */
export async function runBackupJob(
  db: Db,
  options: {
    source: BackupSource;
    /** The project folder, where `scripts/db-backup.ts` is. */
    root: string;
    backups: BackupSettings;
    timeZone: string;
    now: number;
    commandTimeoutMs?: number;
    signal?: AbortSignal;
  },
): Promise<BackupRun> {
  const { source, backups, now } = options;
  const due = () => snapshotIsDue(listSnapshots(backups.dir), now, backups.everyHours * 60 * 60_000);
  if (!due()) return { kind: "not_due" };
  if (!(await claimSnapshot(db, now, SNAPSHOT_LEASE_MS))) return { kind: "claimed_elsewhere" };
  // Another process may have taken one and released its claim since the folder was read.
  if (!due()) {
    await releaseSnapshot(db, now);
    return { kind: "not_due" };
  }

  const file = path.join(backups.dir, snapshotName(now, "sqliteFile" in source ? "sqlite" : "dump"));
  let leftovers: string[];
  let summary: string;
  try {
    makePrivateDir(backups.dir);
    // A snapshot killed mid-copy (its timeout, a crash) left its partial copy; only the claim's holder writes one.
    leftovers = leftoverPartials(backups.dir);
    for (const name of leftovers) fs.rmSync(path.join(backups.dir, name), { force: true });
    summary = await takeSnapshot(source, options.root, file, options.signal);
  } catch (error) {
    // Counted for the alerts; the claim stays, so the next try comes when its lease ends.
    await recordSnapshotFailure(db);
    throw error;
  }
  await recordSnapshot(db, now);
  await releaseSnapshot(db, now);

  const rotated = snapshotsToDelete(listSnapshots(backups.dir), { now, timeZone: options.timeZone }).map(
    (snapshot) => snapshot.name,
  );
  for (const name of rotated) fs.rmSync(path.join(backups.dir, name), { force: true });

  let command: CommandResult | null = null;
  if (backups.command) {
    command = await sendOffMachine(backups.command, file, {
      timeoutMs: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
      signal: options.signal,
    });
    await recordCommand(db, command);
  }
  return { kind: "taken", file, summary, deleted: [...leftovers, ...rotated], command };
}
