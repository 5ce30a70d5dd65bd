import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackupSource, runBackupJob } from "~/.server/backups/job";
import { snapshotName } from "~/.server/backups/schedule";
import { type Db, openDatabase, sqliteFileIn } from "~/.server/db";
import { deliverDueEmails } from "~/.server/mail/delivery";
import { smtpTransport } from "~/.server/mail/transports/smtp";
import { alertEmailsIn, capturedLogger, checkAlertsAt } from "../helpers/alert-checks";
import { repoRoot } from "../helpers/run-script";
import { addressesOf } from "../helpers/shop-mail";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink";
import { type TestDatabase, createTestDatabase, testEngine } from "../helpers/test-database";

const HOUR = 60 * 60_000;
const GB = 1024 ** 3;
const ALERT_EMAIL = "alerts@candles.example";
const SHOP_EMAIL = "hello@candles.example";
const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `wickshop-alerts-${name}-`));

const roomyDisk = () => ({ freeBytes: 50 * GB, totalBytes: 100 * GB });
const fullDisk = () => ({ freeBytes: 2 * GB, totalBytes: 100 * GB });

describe(`alerts to ALERT_EMAIL, on ${testEngine}`, () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let source: BackupSource;
  const { logger, lines } = capturedLogger();
  /** Each run a few hours after the one before: a failed snapshot's claim lasts an hour. */
  let clock = Date.parse("2026-03-02T08:00:00Z");
  const later = (hours = 2) => (clock += hours * HOUR);

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    source = database.env.DATABASE_URL
      ? { databaseUrl: database.env.DATABASE_URL }
      : { sqliteFile: sqliteFileIn(database.env.DATA_DIR) };
  });
  afterAll(async () => {
    await database?.cleanup();
    await sink?.close();
  });

  /**
   * A check as the server runs it: with backups every 24 hours into `dir` (or none), the disk as `diskSpace`
   * reads, by a process that started `watchingFor` hours ago.
   */
  const check = (options: {
    dir?: string;
    diskSpace?: () => { freeBytes: number; totalBytes: number };
    db?: Db;
    watchingFor?: number;
  }) =>
    checkAlertsAt(options.db ?? database.db, {
      now: clock,
      dataDir: database.env.DATA_DIR,
      backups: { everyHours: options.dir ? 24 : 0, dir: options.dir ?? tempDir("off") },
      watchingSince: clock - (options.watchingFor ?? 1) * HOUR,
      diskSpace: options.diskSpace ?? roomyDisk,
      alertEmail: ALERT_EMAIL,
      logger,
    });

  const backupAt = (now: number, dir: string, extra: { command?: string; source?: BackupSource } = {}) =>
    runBackupJob(database.db, {
      source: extra.source ?? source,
      root: repoRoot,
      backups: { everyHours: 24, dir, command: extra.command },
      timeZone: "UTC",
      now,
    });

  /** Sends what the outbox holds through the real SMTP transport, and answers the messages the sink took meanwhile. */
  async function delivered() {
    const before = sink.messages.length;
    const transport = smtpTransport(sink.url, SHOP_EMAIL, "candles.example.com");
    try {
      await deliverDueEmails(database.db, transport, {
        logger,
        policy: { maxAttempts: 3, baseMs: 100, claimLeaseMs: 60_000 },
      });
    } finally {
      transport.close?.();
    }
    return sink.messages.slice(before).map((message) => ({
      to: addressesOf(message.parsed.to),
      subject: message.parsed.subject,
      text: message.parsed.text ?? "",
    }));
  }

  it("tells of a nearly full disk once when it starts, never while it lasts, and once when it is over", async () => {
    expect(await check({ diskSpace: fullDisk })).toEqual({ started: ["disk-low"], ended: [] });
    const [started, ...more] = await delivered();
    expect(more).toEqual([]);
    expect(started).toMatchObject({ to: [ALERT_EMAIL], subject: "Needs you: The disk is nearly full" });
    expect(started!.text).toContain(`Only 2.0 GB (2 %) free on the disk of ${database.env.DATA_DIR}`);
    expect(lines.filter((line) => line.alert === "disk-low")).toEqual([
      expect.objectContaining({ level: 50, msg: expect.stringContaining("The disk is nearly full: Only 2.0 GB") }),
    ]);

    for (let round = 0; round < 3; round++) {
      later(0.1);
      expect(await check({ diskSpace: fullDisk })).toEqual({ started: [], ended: [] });
    }
    expect(await delivered()).toEqual([]);

    later(0.1);
    expect(await check({})).toEqual({ started: [], ended: ["disk-low"] });
    expect(await check({})).toEqual({ started: [], ended: [] });
    expect(await delivered()).toEqual([
      expect.objectContaining({ to: [ALERT_EMAIL], subject: "Resolved: The disk is nearly full" }),
    ]);
  });

  describe("of the backups", () => {
    /** The shop's backup folder, shared by the runs below in turn, as the server's job shares it. */
    const dir = tempDir("backups");
    const failing = `echo "sending $BACKUP_FILE"; echo "remote refused the copy: quota exceeded" >&2; exit 3`;

    it("tells of a backup that failed twice in a row, and of the next one taken", async () => {
      // A folder that cannot be made (a file stands where it should be), as a full or read-only disk fails a copy.
      const blocked = path.join(tempDir("blocked"), "file");
      fs.writeFileSync(blocked, "");
      const unwritable = path.join(blocked, "backups");
      await expect(backupAt(later(), unwritable)).rejects.toThrow();
      expect(await check({ dir })).toEqual({ started: [], ended: [] });
      await expect(backupAt(later(), unwritable)).rejects.toThrow();
      expect(await check({ dir })).toEqual({ started: ["backup-failing"], ended: [] });
      expect(await check({ dir })).toEqual({ started: [], ended: [] });
      expect(await delivered()).toEqual([
        {
          to: [ALERT_EMAIL],
          subject: "Needs you: Backups are failing",
          text: expect.stringContaining("The last 2 backups failed"),
        },
      ]);

      // The next one works (its BACKUP_COMMAND does not, a first time).
      expect(await backupAt(later(), dir, { command: failing })).toMatchObject({ kind: "taken" });
      expect(await check({ dir })).toEqual({ started: [], ended: ["backup-failing"] });
      expect(await delivered()).toEqual([expect.objectContaining({ subject: "Resolved: Backups are failing" })]);
    });

    it("tells of BACKUP_COMMAND failing twice in a row, not once, and of its first success after", async () => {
      expect(await backupAt(later(25), dir, { command: failing })).toMatchObject({ command: { exitCode: 3 } });
      expect(await check({ dir })).toEqual({ started: ["backup-command-failing"], ended: [] });
      expect(await check({ dir })).toEqual({ started: [], ended: [] });
      expect(await delivered()).toEqual([
        {
          to: [ALERT_EMAIL],
          subject: "Needs you: BACKUP_COMMAND is failing",
          text: expect.stringContaining(
            "BACKUP_COMMAND failed the last 2 times (exit 3: remote refused the copy: quota exceeded)",
          ),
        },
      ]);

      expect(await backupAt(later(25), dir, { command: "true" })).toMatchObject({ command: { exitCode: 0 } });
      expect(await check({ dir })).toEqual({ started: [], ended: ["backup-command-failing"] });
      expect(await delivered()).toEqual([
        expect.objectContaining({ to: [ALERT_EMAIL], subject: "Resolved: BACKUP_COMMAND is failing" }),
      ]);
    });

    it("tells of no backup for twice the interval, and of the next one; a copy that is gone or empty is none", async () => {
      later(47.9);
      expect(await check({ dir })).toEqual({ started: [], ended: [] });
      later(0.1);
      expect(await check({ dir })).toEqual({ started: ["backup-missing"], ended: [] });
      expect(await check({ dir })).toEqual({ started: [], ended: [] });
      expect(await delivered()).toEqual([
        {
          to: [ALERT_EMAIL],
          subject: "Needs you: No recent backup",
          text: expect.stringContaining("No backup since Mar "),
        },
      ]);
      // The next snapshot, as the job names and writes it.
      const next = path.join(dir, snapshotName(later(0.1), testEngine === "sqlite" ? "sqlite" : "dump"));
      fs.writeFileSync(next, "a copy");
      expect(await check({ dir })).toEqual({ started: [], ended: ["backup-missing"] });

      // Copies cut to nothing, then gone: the time the job recorded does not make them a backup.
      for (const name of fs.readdirSync(dir)) fs.truncateSync(path.join(dir, name));
      later(0.1);
      expect(await check({ dir, watchingFor: 72 })).toEqual({ started: ["backup-missing"], ended: [] });
      for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name));
      expect(await check({ dir, watchingFor: 72 })).toEqual({ started: [], ended: [] });
      fs.writeFileSync(next, "a copy");
      expect(await check({ dir, watchingFor: 72 })).toEqual({ started: [], ended: ["backup-missing"] });
      expect((await delivered()).map((message) => message.subject)).toEqual([
        "Resolved: No recent backup",
        "Needs you: No recent backup",
        "Resolved: No recent backup",
      ]);
    });
  });

  it("sends one email when two processes see the same change at once", async () => {
    // Several processes share a PostgreSQL database; a SQLite shop is one process, whose one connection takes turns.
    const other = database.env.DATABASE_URL
      ? openDatabase({ dataDir: database.env.DATA_DIR, databaseUrl: database.env.DATABASE_URL })
      : undefined;
    try {
      later();
      const runs = await Promise.all([
        check({ diskSpace: fullDisk }),
        check({ diskSpace: fullDisk, db: other?.db }),
        check({ diskSpace: fullDisk }),
      ]);
      expect(runs.flatMap((run) => run.started)).toEqual(["disk-low"]);
      later(0.1);
      const ends = await Promise.all([check({}), check({ db: other?.db }), check({})]);
      expect(ends.flatMap((run) => run.ended)).toEqual(["disk-low"]);
    } finally {
      await other?.db.destroy();
    }
    expect((await delivered()).map((message) => message.subject)).toEqual([
      "Needs you: The disk is nearly full",
      "Resolved: The disk is nearly full",
    ]);
    // Nothing was left to send twice, and every alert went to ALERT_EMAIL.
    const emails = await alertEmailsIn(database.db);
    expect(emails.every((email) => email.status === "sent" && email.to === ALERT_EMAIL)).toBe(true);
  });
});
