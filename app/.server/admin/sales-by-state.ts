import { sql } from "kysely";
import type { Db } from "../db";
import { startOfDay } from "./today";

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
 * threshold counts sales made), the largest this year first. One query.
 */
export async function salesByState(db: Db, options: { year: number; timeZone: string }): Promise<StateSales[]> {
  const [lastStart, thisStart, nextStart] = [options.year - 1, options.year, options.year + 1].map((year) =>
    startOfDay(options.timeZone, `${year}-01-01`),
  );
  const thisYear = sql`orders.paid_at >= cast(${thisStart} as bigint)`;
  const { rows } = await sql<Record<string, string | number>>`
    select orders.shipping_state as state,
      sum(case when ${thisYear} then orders.amount_cents else 0 end) as this_cents,
      sum(case when ${thisYear} then 1 else 0 end) as this_orders,
      sum(case when ${thisYear} then 0 else orders.amount_cents end) as last_cents,
      sum(case when ${thisYear} then 0 else 1 end) as last_orders
    from orders
    where orders.paid_at >= cast(${lastStart} as bigint) and orders.paid_at < cast(${nextStart} as bigint)
    group by orders.shipping_state
    order by this_cents desc, last_cents desc, orders.shipping_state`.execute(db);
  return rows.map((row) => {
    const sales = {
      thisYear: { cents: Number(row.this_cents), orders: Number(row.this_orders) },
      lastYear: { cents: Number(row.last_cents), orders: Number(row.last_orders) },
    };
    return { state: String(row.state), ...sales, overNexus: overNexus(sales.thisYear) || overNexus(sales.lastYear) };
  });
}
