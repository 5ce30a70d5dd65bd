import { describe, expect, it } from "vitest";
import { type AlertFacts, activeConditions } from "~/.server/alerts/rules";

const HOUR = 60 * 60_000;
const GB = 1024 ** 3;
const NOW = Date.UTC(2026, 10, 26, 12);

/** A shop where nothing needs the owner: a backup 3 hours old, no failures, mail flowing, half the disk free. */
const calm: AlertFacts = {
  now: NOW,
  timeZone: "UTC",
  backups: {
    everyHours: 24,
    newestAt: NOW - 3 * HOUR,
    watchingSince: NOW - 100 * HOUR,
    snapshotFailures: 0,
    commandFailures: 0,
    lastCommand: { exitCode: 0, lastLine: "" },
  },
  stuckOrderEmails: { count: 0, oldestQueuedAt: null },
  disk: { path: "/srv/wickshop/data", freeBytes: 50 * GB, totalBytes: 100 * GB },
};

const withBackups = (backups: Partial<AlertFacts["backups"]>): AlertFacts => ({
  ...calm,
  backups: { ...calm.backups, ...backups },
});
const keys = (facts: AlertFacts) => activeConditions(facts).map((condition) => condition.key);
const conditionOf = (facts: AlertFacts, key: string) =>
  activeConditions(facts).find((condition) => condition.key === key);

describe("what needs the owner", () => {
  it("is nothing for a calm shop", () => {
    expect(activeConditions(calm)).toEqual([]);
  });

  it("is a backup that failed twice in a row, not once", () => {
    expect(keys(withBackups({ snapshotFailures: 1 }))).toEqual([]);
    expect(conditionOf(withBackups({ snapshotFailures: 2 }), "backup-failing")).toEqual({
      key: "backup-failing",
      text: "The last 2 backups failed: look for backup errors in the shop's log",
    });
  });

  it("is BACKUP_COMMAND failing twice in a row, with its exit status and last line", () => {
    expect(keys(withBackups({ commandFailures: 1 }))).toEqual([]);
    const failing = withBackups({ commandFailures: 3, lastCommand: { exitCode: 3, lastLine: "quota exceeded" } });
    expect(conditionOf(failing, "backup-command-failing")?.text).toBe(
      "BACKUP_COMMAND failed the last 3 times (exit 3: quota exceeded): backups are not leaving the machine",
    );
    const silent = withBackups({ commandFailures: 2, lastCommand: { exitCode: 1, lastLine: "" } });
    expect(conditionOf(silent, "backup-command-failing")?.text).toMatch(
      /^BACKUP_COMMAND failed the last 2 times \(exit 1\):/,
    );
  });

  it("is no backup for twice the interval, counted from the newest copy", () => {
    expect(keys(withBackups({ newestAt: NOW - 47.9 * HOUR }))).toEqual([]);
    expect(conditionOf(withBackups({ newestAt: NOW - 48 * HOUR }), "backup-missing")?.text).toBe(
      "No backup since Nov 24, 12:00 PM; the shop should take one every 24 hours",
    );
  });

  it("is no backup at all for twice the interval since the shop began to watch, not at its first start", () => {
    expect(keys(withBackups({ newestAt: null, watchingSince: NOW - 60_000 }))).toEqual([]);
    expect(
      conditionOf(withBackups({ newestAt: null, everyHours: 1, watchingSince: NOW - 2 * HOUR }), "backup-missing")
        ?.text,
    ).toBe("No backup in BACKUP_DIR since the shop started (Nov 26, 10:00 AM); it should take one every hour");
  });

  it("watches no backup while the automatic backups are off", () => {
    expect(keys(withBackups({ everyHours: 0, newestAt: null, snapshotFailures: 5, commandFailures: 5 }))).toEqual([]);
  });

  it("is an order email still unsent an hour after it was queued", () => {
    const stuck = { ...calm, stuckOrderEmails: { count: 2, oldestQueuedAt: NOW - 3 * HOUR } };
    expect(activeConditions(stuck)).toEqual([
      {
        key: "order-emails-stuck",
        text: "2 order emails have waited over an hour to be sent (the oldest since Nov 26, 9:00 AM): npm run outbox -- list shows why",
      },
    ]);
    expect(
      conditionOf({ ...calm, stuckOrderEmails: { count: 1, oldestQueuedAt: NOW - HOUR } }, "order-emails-stuck")?.text,
    ).toMatch(/^1 order email has waited/);
  });

  it("is under 10 % free on a large disk", () => {
    const disk = (freeBytes: number) => ({ ...calm, disk: { ...calm.disk, freeBytes, totalBytes: 100 * GB } });
    expect(keys(disk(10 * GB))).toEqual([]);
    expect(conditionOf(disk(9.9 * GB), "disk-low")?.text).toBe(
      "Only 9.9 GB (9 %) free on the disk of /srv/wickshop/data: free some space before the shop cannot write",
    );
  });

  it("is under 1 GB free on a small disk, whatever its share", () => {
    const small = (freeBytes: number) => ({ ...calm, disk: { ...calm.disk, freeBytes, totalBytes: 4 * GB } });
    expect(keys(small(GB))).toEqual([]);
    expect(keys(small(0.9 * GB))).toEqual(["disk-low"]);
  });

  it("lists every condition that holds at once, in one order", () => {
    const everything: AlertFacts = {
      ...withBackups({ snapshotFailures: 2, commandFailures: 2, newestAt: NOW - 72 * HOUR }),
      stuckOrderEmails: { count: 1, oldestQueuedAt: NOW - 2 * HOUR },
      disk: { ...calm.disk, freeBytes: 0, totalBytes: 0 },
    };
    expect(keys(everything)).toEqual([
      "backup-failing",
      "backup-command-failing",
      "backup-missing",
      "order-emails-stuck",
      "disk-low",
    ]);
  });
});
