import { dayIn, startOfDay } from "./today";

/** The earliest year the tax report can be asked for. */
export const FIRST_REPORT_YEAR = 2000;

/** The months a report covers, oldest first ("2026-11"), with where each begins and ends in the shop's time zone. */
export interface ReportMonths {
  names: string[];
  /** `names.length + 1` moments: month `i` runs from `starts[i]` up to `starts[i + 1]`. */
  starts: number[];
}

/** "2026-11" moved `by` months (−11: "2025-12"). */
function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * The twelve months up to and including this one, or the twelve of `year`,
 * each from the first millisecond of its first day in the shop's time zone
 * (startOfDay: daylight saving included) to the first of the next month's.
 */
export function reportMonths(options: { now: number; timeZone: string; year?: number }): ReportMonths {
  const first = options.year === undefined ? shiftMonth(thisMonth(options), -11) : `${options.year}-01`;
  return monthsFrom(first, 12, options.timeZone);
}

/**
 * Last year's months and this year's: what sales by state sums, and what
 * holds the report of the last twelve months or of either year, so the
 * screen reads the paid orders once for both (tax-report-screen.ts).
 */
export const twoYearMonths = (options: { timeZone: string; year: number }) =>
  monthsFrom(`${options.year - 1}-01`, 24, options.timeZone);

/** `count` months from `first`, each from the first millisecond of its first day in the shop's time zone. */
function monthsFrom(first: string, count: number, timeZone: string): ReportMonths {
  const names = Array.from({ length: count }, (_, index) => shiftMonth(first, index));
  const starts = [...names, shiftMonth(first, count)].map((month) => startOfDay(timeZone, `${month}-01`));
  return { names, starts };
}

/** This month in the shop's time zone, "2026-11". */
const thisMonth = (options: { now: number; timeZone: string }) => dayIn(options.timeZone)(options.now).slice(0, 7);

/** This year in the shop's time zone. */
export const thisYear = (options: { now: number; timeZone: string }) => Number(thisMonth(options).slice(0, 4));

const monthFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" });

/** "2026-11" as the owner reads it: "November 2026". */
export function monthName(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return monthFormat.format(Date.UTC(year, number - 1, 1));
}

export type ReportYear = { kind: "last12" } | { kind: "year"; year: number } | { kind: "invalid"; message: string };

/**
 * `?year=` of the report's page and CSV: absent or empty is the last twelve
 * months; otherwise four digits from 2000 to this year, or the message that
 * says so.
 */
export function reportYearOf(url: URL, currentYear: number): ReportYear {
  const text = url.searchParams.get("year")?.trim() ?? "";
  if (text === "") return { kind: "last12" };
  const year = /^\d{4}$/.test(text) ? Number(text) : Number.NaN;
  if (year >= FIRST_REPORT_YEAR && year <= currentYear) return { kind: "year", year };
  return { kind: "invalid", message: `Choose a year from ${FIRST_REPORT_YEAR} to ${currentYear}.` };
}

export type ReportMonth = { kind: "newest" } | { kind: "month"; month: string } | { kind: "invalid"; message: string };

/**
 * `?month=` of the report's page, the month whose states it lists: absent
 * or empty is the newest month with figures; otherwise one of `months`
 * ("2026-11"), or the message that says so.
 */
export function reportMonthOf(url: URL, months: ReportMonths): ReportMonth {
  const text = url.searchParams.get("month")?.trim() ?? "";
  if (text === "") return { kind: "newest" };
  if (months.names.includes(text)) return { kind: "month", month: text };
  return { kind: "invalid", message: "That month is not in this report: choose one below." };
}
