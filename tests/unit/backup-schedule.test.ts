import { describe, expect, it } from "vitest";
import { type Snapshot, snapshotIsDue, snapshotName, snapshotOf, snapshotsToDelete } from "~/.server/backups/schedule";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);
const snapshot = (iso: string): Snapshot => ({ name: snapshotName(at(iso)), takenAt: at(iso) });
/** One snapshot a day at `time` UTC, for `days` days up to and including `lastDay`. */
const daily = (lastDay: string, days: number, time = "03:00:00") =>
  Array.from({ length: days }, (_, index) =>
    snapshot(new Date(at(`${lastDay}T${time}Z`) - (days - 1 - index) * DAY).toISOString()),
  );
const days = (snapshots: Snapshot[]) => snapshots.map((s) => new Date(s.takenAt).toISOString().slice(0, 10)).sort();

describe("snapshot names", () => {
  it("name a snapshot by its UTC moment to the second, and read it back", () => {
    expect(snapshotName(at("2026-11-26T12:25:30.900Z"))).toBe("wickshop-2026-11-26T122530Z.sqlite");
    expect(snapshotOf("wickshop-2026-11-26T122530Z.sqlite")).toEqual({
      name: "wickshop-2026-11-26T122530Z.sqlite",
      takenAt: at("2026-11-26T12:25:30Z"),
    });
  });

  it.each([
    "wickshop.sqlite",
    "wickshop-2026-05-01.sqlite",
    "wickshop-2026-11-26T1225Z.sqlite",
    "wickshop-2026-11-26T122530Z.sqlite.partial",
    "wickshop-2026-02-30T000000Z.sqlite",
    "wickshop-2026-11-26T246000Z.sqlite",
    "my-wickshop-2026-11-26T122530Z.sqlite",
  ])("take %s for a file the shop did not write", (name) => {
    expect(snapshotOf(name)).toBeUndefined();
  });
});

describe("snapshotIsDue", () => {
  const now = at("2026-11-26T12:00:00Z");
  it("is due when there is no snapshot", () => {
    expect(snapshotIsDue([], now, 24 * HOUR)).toBe(true);
  });
  it("is due when the newest is as old as the interval, and not while it is younger", () => {
    expect(snapshotIsDue([snapshot("2026-11-25T12:00:00Z")], now, 24 * HOUR)).toBe(true);
    expect(snapshotIsDue([snapshot("2026-11-25T12:00:01Z")], now, 24 * HOUR)).toBe(false);
    expect(snapshotIsDue([snapshot("2026-11-26T11:00:00Z")], now, 2 * HOUR)).toBe(false);
  });
  it("does not count a snapshot dated after now (the clock was set back)", () => {
    expect(snapshotIsDue([snapshot("2026-11-27T12:00:00Z")], now, 24 * HOUR)).toBe(true);
  });
});

describe("snapshotsToDelete: 7 daily and 4 weekly copies", () => {
  it("keeps everything while there are 7 days of snapshots or fewer", () => {
    const snapshots = daily("2026-11-26", 7);
    expect(snapshotsToDelete(snapshots, { now: at("2026-11-26T12:00:00Z"), timeZone: "UTC" })).toEqual([]);
  });

  it("after 40 days of daily snapshots keeps the last 7 days and the newest of the 4 latest weeks", () => {
    // 2026-11-26 is a Thursday: the weeks begin on Mondays 11-23, 11-16, 11-09 and 11-02.
    const snapshots = daily("2026-11-26", 40);
    const deleted = snapshotsToDelete(snapshots, { now: at("2026-11-26T12:00:00Z"), timeZone: "UTC" });
    const kept = snapshots.filter((s) => !deleted.includes(s));
    expect(days(kept)).toEqual([
      "2026-11-08",
      "2026-11-15",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
    ]);
    expect(deleted).toHaveLength(31);
  });

  it("keeps the newest of several snapshots in a day", () => {
    const snapshots = [
      snapshot("2026-11-26T01:00:00Z"),
      snapshot("2026-11-26T09:00:00Z"),
      snapshot("2026-11-26T05:00:00Z"),
    ];
    expect(snapshotsToDelete(snapshots, { now: at("2026-11-26T12:00:00Z"), timeZone: "UTC" })).toEqual([
      snapshots[2],
      snapshots[0],
    ]);
  });

  it("counts days in the shop's time zone: in Los Angeles 09:00Z and the next 03:00Z are one day", () => {
    const snapshots = daily("2026-11-26", 10, "09:00:00").flatMap((s) => [
      s,
      snapshot(new Date(s.takenAt + 18 * HOUR).toISOString()),
    ]);
    const now = at("2026-11-27T12:00:00Z");
    // In Los Angeles 09:00Z is 01:00 and the next 03:00Z is 19:00 of the same day: two a day, the newest kept.
    const inLosAngeles = snapshotsToDelete(snapshots, { now, timeZone: "America/Los_Angeles" });
    const keptThere = snapshots.filter((s) => !inLosAngeles.includes(s));
    expect(keptThere.every((s) => new Date(s.takenAt).toISOString().endsWith("T03:00:00.000Z"))).toBe(true);
    expect(keptThere).toHaveLength(7);
    // In UTC the same moments pair up the other way, 03:00 and 09:00 of one day, and 09:00 is kept.
    const inUtc = snapshotsToDelete(snapshots, { now, timeZone: "UTC" });
    const keptInUtc = snapshots.filter((s) => !inUtc.includes(s)).map((s) => new Date(s.takenAt).toISOString());
    expect(keptInUtc.sort()).toEqual([
      ...["21", "22", "23", "24", "25", "26"].map((day) => `2026-11-${day}T09:00:00.000Z`),
      "2026-11-27T03:00:00.000Z",
    ]);
  });

  it("does not let days without snapshots take a place: a long pause keeps the copies from before it", () => {
    const before = daily("2026-06-30", 10);
    const after = [snapshot("2026-11-26T03:00:00Z")];
    const deleted = snapshotsToDelete([...before, ...after], { now: at("2026-11-26T12:00:00Z"), timeZone: "UTC" });
    // Kept: 11-26 and June's last six days (daily), and 06-21, the newest of the week before (weekly).
    expect(days(deleted)).toEqual(["2026-06-22", "2026-06-23", "2026-06-24"]);
  });

  it("keeps a snapshot dated after now and gives it no place", () => {
    const future = snapshot("2026-12-31T03:00:00Z");
    const snapshots = [...daily("2026-11-26", 8), future];
    const deleted = snapshotsToDelete(snapshots, { now: at("2026-11-26T12:00:00Z"), timeZone: "UTC" });
    expect(deleted).not.toContain(future);
    // 11-20 to 11-26 are the 7 daily copies, and 11-22 the newest of the week before: 11-19 alone goes.
    expect(days(deleted)).toEqual(["2026-11-19"]);
  });
});
