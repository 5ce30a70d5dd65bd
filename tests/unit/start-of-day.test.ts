import { describe, expect, it } from "vitest";
import { dayAt, dayIn, startOfDay } from "~/.server/admin/today";

const HOUR = 60 * 60_000;
const at = (iso: string) => Date.parse(iso);

describe("startOfDay: where a day of the shop's time zone begins", () => {
  it.each([
    ["UTC", "2026-11-24", "2026-11-24T00:00:00Z"],
    ["America/Los_Angeles", "2026-11-24", "2026-11-24T08:00:00Z"],
    ["Europe/Berlin", "2026-07-01", "2026-06-30T22:00:00Z"],
    ["Asia/Kathmandu", "2026-01-15", "2026-01-14T18:15:00Z"],
    ["Pacific/Kiritimati", "2026-01-01", "2025-12-31T10:00:00Z"],
    ["Pacific/Pago_Pago", "2026-01-01", "2026-01-01T11:00:00Z"],
  ])("in %s, %s begins at %s", (zone, day, start) => {
    expect(startOfDay(zone, day)).toBe(at(start));
  });

  it("gives the day daylight saving shortens 23 hours and the one it lengthens 25 (Los Angeles, 2026)", () => {
    const zone = "America/Los_Angeles";
    expect(startOfDay(zone, "2026-03-09") - startOfDay(zone, "2026-03-08")).toBe(23 * HOUR);
    expect(startOfDay(zone, "2026-11-02") - startOfDay(zone, "2026-11-01")).toBe(25 * HOUR);
    expect(startOfDay(zone, "2026-03-08")).toBe(at("2026-03-08T08:00:00Z"));
    expect(startOfDay(zone, "2026-11-02")).toBe(at("2026-11-02T08:00:00Z"));
  });

  it("finds the day's first moment where its midnight does not exist (Havana springs from 00:00 to 01:00)", () => {
    // 2026-03-08 00:00 CST (-5) is 05:00Z, shown as 01:00 CDT: the day begins there, not an hour earlier or later.
    expect(startOfDay("America/Havana", "2026-03-08")).toBe(at("2026-03-08T05:00:00Z"));
    expect(startOfDay("America/Havana", "2026-03-09")).toBe(at("2026-03-09T04:00:00Z"));
  });
});

describe("dayAt: the day a moment falls on, kept until it ends", () => {
  it("says what dayIn says for moments back and forth across midnights and daylight saving's changes", () => {
    for (const zone of ["America/Los_Angeles", "America/Havana", "Asia/Kathmandu", "UTC"]) {
      const dayOf = dayIn(zone);
      // Around the fall-back change in Los Angeles, a minute apart and then back, so a kept day is asked out of its range.
      const start = at("2026-10-31T00:00:00Z");
      const moments = Array.from({ length: 3 * 24 * 60 }, (_, minute) => start + minute * 60_000 - 1);
      for (const now of [...moments, ...moments.reverse()]) expect(dayAt(zone, now), `${zone} ${now}`).toBe(dayOf(now));
    }
  });

  it("turns at the shop's midnight, not at UTC's", () => {
    const zone = "America/Chicago";
    expect(dayAt(zone, at("2026-11-01T04:59:59.999Z"))).toBe("2026-10-31");
    expect(dayAt(zone, at("2026-11-01T05:00:00Z"))).toBe("2026-11-01");
    expect(dayAt(zone, at("2026-12-01T05:59:59.999Z"))).toBe("2026-11-30");
    expect(dayAt(zone, at("2026-12-01T06:00:00Z"))).toBe("2026-12-01");
  });
});
