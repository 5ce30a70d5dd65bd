import { describe, expect, it } from "vitest";
import { monthName, reportMonthOf, reportMonths, reportYearOf } from "~/.server/admin/report-months";

const CHICAGO = "America/Chicago";

describe("the tax report's months", () => {
  it("are the twelve up to this one in the shop's time zone, each begun at its local midnight", () => {
    // 00:30 on December 1 in Chicago (06:30 UTC).
    const months = reportMonths({ now: Date.parse("2026-12-01T06:30:00Z"), timeZone: CHICAGO });
    expect(months.names).toEqual([
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
    ]);
    // A moment before Chicago's midnight: still November there, though December in UTC.
    expect(reportMonths({ now: Date.parse("2026-12-01T05:59:59Z"), timeZone: CHICAGO }).names.at(-1)).toBe("2026-11");
    expect(months.starts).toHaveLength(13);
    expect(months.starts[0]).toBe(Date.parse("2026-01-01T06:00:00Z"));
    // November begins in daylight time (UTC−5), December in standard time (UTC−6).
    expect(months.starts[10]).toBe(Date.parse("2026-11-01T05:00:00Z"));
    expect(months.starts[11]).toBe(Date.parse("2026-12-01T06:00:00Z"));
    expect(months.starts[12]).toBe(Date.parse("2027-01-01T06:00:00Z"));
  });

  it("are the twelve of a year asked for, and cross the year's end when the last twelve do", () => {
    expect(reportMonths({ now: Date.parse("2026-11-26T12:00:00Z"), timeZone: CHICAGO, year: 2024 }).names).toEqual(
      Array.from({ length: 12 }, (_, index) => `2024-${String(index + 1).padStart(2, "0")}`),
    );
    const last = reportMonths({ now: Date.parse("2026-02-10T12:00:00Z"), timeZone: "UTC" }).names;
    expect([last[0], last[10], last[11]]).toEqual(["2025-03", "2026-01", "2026-02"]);
    expect(monthName("2025-11")).toBe("November 2025");
  });

  it("take ?year= as four digits from 2000 to this year, nothing as the last twelve months, and anything else as an error", () => {
    const yearOf = (query: string) => reportYearOf(new URL(`http://shop/admin/tax${query}`), 2026);
    expect(yearOf("")).toEqual({ kind: "last12" });
    expect(yearOf("?year=")).toEqual({ kind: "last12" });
    expect(yearOf("?year=2000")).toEqual({ kind: "year", year: 2000 });
    expect(yearOf("?year=2026")).toEqual({ kind: "year", year: 2026 });
    for (const bad of ["1999", "2027", "20x6", "02026", "2025.0", "-2025", "1e3"])
      expect(yearOf(`?year=${bad}`), bad).toEqual({ kind: "invalid", message: "Choose a year from 2000 to 2026." });
  });

  it("take ?month= as one of the report's months, nothing as the newest, and anything else as an error", () => {
    const months = reportMonths({ now: Date.parse("2026-11-15T12:00:00Z"), timeZone: CHICAGO });
    const monthOf = (query: string) => reportMonthOf(new URL(`http://shop/admin/tax${query}`), months);
    expect(monthOf("")).toEqual({ kind: "newest" });
    expect(monthOf("?month=")).toEqual({ kind: "newest" });
    expect(monthOf("?month=2025-12")).toEqual({ kind: "month", month: "2025-12" });
    expect(monthOf("?month=2026-11")).toEqual({ kind: "month", month: "2026-11" });
    for (const bad of ["2025-11", "2026-12", "2026-1", "2026-13", "November"])
      expect(monthOf(`?month=${bad}`), bad).toEqual({
        kind: "invalid",
        message: "That month is not in this report: choose one below.",
      });
  });
});
