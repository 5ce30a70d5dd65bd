import { describe, expect, it } from "vitest";
import { startOfDay } from "~/.server/admin/today";

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
