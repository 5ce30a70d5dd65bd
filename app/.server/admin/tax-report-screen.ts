import { NO_FIGURES, TAX_FIGURES, type TaxFigures } from "~/lib/tax-figures";
import { usStateByCode } from "~/lib/us-states";
import type { Db } from "../db";
import { monthName, reportMonthOf, reportMonths, reportYearOf, thisYear, twoYearMonths } from "./report-months";
import { salesByState } from "./sales-by-state";
import { type TaxReportRow, paidByMonthAndState, taxReport } from "./tax-report";

/** Years the report's Year select offers, this one first: seven, as long as sales records are usually kept. */
const YEARS_OFFERED = 7;

const stateName = (state: string) => usStateByCode(state)?.name ?? state;

/** The sum of each figure over `rows`. */
function totalsOf(rows: TaxReportRow[]): TaxFigures {
  const totals = { ...NO_FIGURES };
  for (const row of rows) for (const [, figure] of TAX_FIGURES) totals[figure] += row[figure];
  return totals;
}

/**
 * What /admin/tax shows below its forms: the report of the last twelve
 * months or of `?year=` (a bad year shows the last twelve months and says
 * why), newest month first, each month's totals, and the states of one
 * month: `?month=`, or the newest. Every state of twelve months was 600
 * cards at 100,000 orders, a long scroll on a phone and most of the page's
 * time; the CSV has them all. Then sales by state this year and last.
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
  const byMonth = new Map<string, TaxReportRow[]>();
  for (const row of rows) byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), row]);
  const shown = months.names.filter((month) => byMonth.has(month)).reverse();
  const askedMonth = reportMonthOf(options.url, months);
  const opened = askedMonth.kind === "month" ? askedMonth.month : askedMonth.kind === "newest" ? shown[0] : undefined;
  const monthUrl = (month: string) =>
    `?${new URLSearchParams(year === undefined ? { month } : { year: String(year), month })}#month-${month}`;
  return {
    report: {
      year,
      yearError: asked.kind === "invalid" ? asked.message : undefined,
      monthError: askedMonth.kind === "invalid" ? askedMonth.message : undefined,
      years: Array.from({ length: YEARS_OFFERED }, (_, index) => currentYear - index),
      csvUrl: year === undefined ? "/admin/tax.csv" : `/admin/tax.csv?year=${year}`,
      months: shown.map((month) => {
        const states = byMonth.get(month)!;
        return {
          month,
          name: monthName(month),
          url: monthUrl(month),
          orders: states.reduce((sum, state) => sum + state.orders, 0),
          stateCount: states.length,
          totals: totalsOf(states),
          states: month === opened ? states.map((state) => ({ ...state, name: stateName(state.state) })) : undefined,
        };
      }),
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
