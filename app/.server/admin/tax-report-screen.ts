import { usStateByCode } from "~/lib/us-states";
import type { Db } from "../db";
import { monthName, reportMonths, reportYearOf, thisYear, twoYearMonths } from "./report-months";
import { salesByState } from "./sales-by-state";
import { type TaxReportRow, paidByMonthAndState, taxReport } from "./tax-report";

/** Years the report's Year select offers, this one first: seven, as long as sales records are usually kept. */
const YEARS_OFFERED = 7;

const stateName = (state: string) => usStateByCode(state)?.name ?? state;

/**
 * What /admin/tax shows below its forms: the report of the last twelve
 * months or of `?year=` (a bad year shows the last twelve months and says
 * why), newest month first, and sales by state this year and last.
 */
export async function taxReportScreen(db: Db, options: { url: URL; now: number; timeZone: string }) {
  const currentYear = thisYear(options);
  const asked = reportYearOf(options.url, currentYear);
  const year = asked.kind === "year" ? asked.year : undefined;
  const months = reportMonths({ ...options, year });
  // The paid orders of last year and this one, read once: sales by state, and the report unless it is of an older year.
  const twoYears = twoYearMonths({ timeZone: options.timeZone, year: currentYear });
  const paid = await paidByMonthAndState(db, twoYears, options.now);
  const inTwoYears = months.names.every((month) => twoYears.names.includes(month));
  const rows = await taxReport(db, months, options.now, inTwoYears ? paid : undefined);
  const byMonth = new Map<string, (TaxReportRow & { name: string })[]>();
  for (const row of rows)
    byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), { ...row, name: stateName(row.state) }]);
  return {
    report: {
      year,
      yearError: asked.kind === "invalid" ? asked.message : undefined,
      years: Array.from({ length: YEARS_OFFERED }, (_, index) => currentYear - index),
      csvUrl: year === undefined ? "/admin/tax.csv" : `/admin/tax.csv?year=${year}`,
      months: months.names
        .filter((month) => byMonth.has(month))
        .reverse()
        .map((month) => ({ month, name: monthName(month), states: byMonth.get(month)! })),
    },
    salesByState: {
      thisYear: currentYear,
      states: salesByState(paid, currentYear).map((sales) => ({
        ...sales,
        name: stateName(sales.state),
      })),
    },
  };
}
