import type { PaidMonthState } from "./tax-report";

/**
 * Where many states draw the line past which a shop selling into them must
 * collect their sales tax (economic nexus): $100,000 of sales or 200
 * orders in a year. The rules differ; the mark only says to look.
 */
export const NEXUS_CENTS = 10_000_000;
export const NEXUS_ORDERS = 200;

export interface YearSales {
  cents: number;
  orders: number;
}

export interface StateSales {
  /** The orders' shipping state, as stored ("TX"). */
  state: string;
  thisYear: YearSales;
  lastYear: YearSales;
  /** $100,000 or 200 orders in either year. */
  overNexus: boolean;
}

const overNexus = (year: YearSales) => year.cents >= NEXUS_CENTS || year.orders >= NEXUS_ORDERS;

/**
 * Per shipping state, the total taken and the orders paid this calendar year
 * and last, by the day paid in the shop's time zone (refunded orders too: a
 * threshold counts sales made), the largest this year first: summed from
 * the paid orders' figures of the two years' months (`twoYearMonths`).
 */
export function salesByState(paid: readonly PaidMonthState[], year: number): StateSales[] {
  const byState = new Map<string, { thisYear: YearSales; lastYear: YearSales }>();
  for (const figures of paid) {
    // Rows of last year's and this year's months (`twoYearMonths`): before this January is last year.
    const which = figures.month < `${year}-01` ? "lastYear" : "thisYear";
    let sales = byState.get(figures.state);
    if (!sales)
      byState.set(figures.state, (sales = { thisYear: { cents: 0, orders: 0 }, lastYear: { cents: 0, orders: 0 } }));
    sales[which].cents += figures.grossCents;
    sales[which].orders += figures.orders;
  }
  return [...byState]
    .map(([state, sales]) => ({ state, ...sales, overNexus: overNexus(sales.thisYear) || overNexus(sales.lastYear) }))
    .sort(
      (a, b) =>
        b.thisYear.cents - a.thisYear.cents || b.lastYear.cents - a.lastYear.cents || a.state.localeCompare(b.state),
    );
}
