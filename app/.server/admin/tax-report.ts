import { sql } from "kysely";
import { centsToDollars } from "~/lib/money";
import { NO_FIGURES, TAX_FIGURES, type TaxFigures } from "~/lib/tax-figures";
import type { Db } from "../db";
import type { CsvExport } from "./csv-stream";
import { rangeRows } from "./day-ranges";
import type { ReportMonths } from "./report-months";

/** One state's figures in one month: what was sold there, and what was given back. */
export interface TaxReportRow extends TaxFigures {
  /** "2026-11", in the shop's time zone. */
  month: string;
  /** The orders' shipping state, as stored ("TX"). */
  state: string;
  /** Orders paid in the month. */
  orders: number;
}

/** A state's paid orders in one month: their count and the report's figures of sales. */
export type PaidMonthState = Omit<TaxReportRow, "refundedCents" | "taxRefundedCents">;

/**
 * The paid orders' figures per month of `months` and state. A month that
 * ended over an hour ago is summed once per database and process: an
 * order's `paid_at` is the moment its payment is recorded (payment.ts), and
 * a paid order's summed columns never change, so such a month gets no new
 * paid order and its sums stay as they are (the hour covers a payment that
 * commits after the month's end with a moment before it). /admin/tax summed
 * two years of orders at every load: 150 ms at 100,000 orders on a slow
 * machine. The months after it are summed at every load.
 */
export async function paidByMonthAndState(db: Db, months: ReportMonths, now: number): Promise<PaidMonthState[]> {
  const settled = months.starts.slice(1).filter((end) => end <= now - SETTLE_MS).length;
  const [before, after] = [monthsBetween(months, 0, settled), monthsBetween(months, settled, months.names.length)];
  const [settledRows, recentRows] = await Promise.all([settledFigures(db, before), paidSums(db, after)]);
  return [...settledRows, ...recentRows];
}

/** How long after a month's end its sums are read once: longer than any payment's transaction. */
const SETTLE_MS = 60 * 60_000;

/** Months `from` up to, not including, `to` of `months`. */
const monthsBetween = (months: ReportMonths, from: number, to: number): ReportMonths => ({
  names: months.names.slice(from, to),
  starts: months.starts.slice(from, to + 1),
});

/** Per database, per run of settled months (their starts): their figures. */
const settledSums = new WeakMap<Db, Map<string, Promise<PaidMonthState[]>>>();

function settledFigures(db: Db, months: ReportMonths): Promise<PaidMonthState[]> {
  if (months.names.length === 0) return Promise.resolve([]);
  const sums = settledSums.get(db) ?? new Map<string, Promise<PaidMonthState[]>>();
  settledSums.set(db, sums);
  const key = months.starts.join(" ");
  const known = sums.get(key);
  if (known) return known;
  // A failed read is not kept: the next load reads again.
  const read = paidSums(db, months).catch((error: unknown) => {
    sums.delete(key);
    throw error;
  });
  sums.set(key, read);
  return read;
}

/** One range scan of the paid orders (`orders_paid`, migration 026, holds every column read), by the month each was paid in. */
async function paidSums(db: Db, months: ReportMonths): Promise<PaidMonthState[]> {
  if (months.names.length === 0) return [];
  const { rows } = await sql<Record<string, string | number>>`
    with months(month, from_ms, to_ms) as (values ${rangeRows(months.starts)})
    select months.month as month, orders.shipping_state as state, count(*) as orders,
      sum(orders.amount_cents) as gross,
      sum(case when orders.tax_state is null then 0
        else orders.subtotal_cents - orders.discount_cents
          + case when orders.tax_shipping = 1 then orders.shipping_cents else 0 end
      end) as taxable,
      sum(orders.shipping_cents) as shipping, sum(orders.tax_cents) as tax
    from months join orders on orders.paid_at >= months.from_ms and orders.paid_at < months.to_ms
    group by months.month, orders.shipping_state`.execute(db);
  return rows.map((row) => ({
    month: months.names[Number(row.month)]!,
    state: String(row.state),
    orders: Number(row.orders),
    grossCents: Number(row.gross),
    taxableCents: Number(row.taxable),
    shippingCents: Number(row.shipping),
    taxCents: Number(row.tax),
  }));
}

/**
 * What went back per month and state: a refund in the month its money went
 * back, whichever month its order was paid in. Each refund's order is looked
 * up by its key: joined, PostgreSQL's planner read every order to hash them
 * (86-104 ms at 100,000 orders) for the year's 1,500 refunds. The months'
 * bounds, as constants, keep the refunds of other months out before any
 * lookup.
 */
async function refundsByMonthAndState(db: Db, months: ReportMonths) {
  const { rows } = await sql<Record<string, string | number>>`
    with months(month, from_ms, to_ms) as (values ${rangeRows(months.starts)}),
    refunded as (
      select months.month as month, refunds.amount_cents as refunded,
        (select orders.shipping_state from orders
          where orders.id = refunds.order_id and orders.paid_at is not null) as state,
        (select orders.tax_cents from orders where orders.id = refunds.order_id) as tax
      from months
      join refunds on refunds.refunded_at >= months.from_ms and refunds.refunded_at < months.to_ms
      where refunds.refunded_at >= ${months.starts[0]} and refunds.refunded_at < ${months.starts.at(-1)}
        and refunds.status = 'refunded' and refunds.reason in ('owner', 'provider'))
    select month, state, sum(refunded) as refunded, sum(tax) as tax_refunded
    from refunded
    where state is not null
    group by month, state`.execute(db);
  return rows.map((row) => ({
    month: months.names[Number(row.month)]!,
    state: String(row.state),
    refundedCents: Number(row.refunded),
    taxRefundedCents: Number(row.tax_refunded),
  }));
}

/**
 * The report's figures per month and state, months oldest first, states in
 * order; a month or state with nothing paid or given back has no row. An
 * order counts in the month it was paid; a refund in the month its money
 * went back (refunds.refunded_at: the provider's refund done), whichever
 * month its order was paid in. Refunds of payments an order could not take
 * (reason payment_not_applicable) were never sales, so they are left out.
 * `paid`: the paid figures of months that include these, when the caller
 * has read them already.
 */
export async function taxReport(
  db: Db,
  months: ReportMonths,
  now: number,
  paid?: PaidMonthState[],
): Promise<TaxReportRow[]> {
  const [paidRows, refunds] = await Promise.all([
    paid ?? paidByMonthAndState(db, months, now),
    refundsByMonthAndState(db, months),
  ]);
  const asked = new Set(months.names);
  const rows = new Map<string, TaxReportRow>();
  const rowOf = (month: string, state: string) => {
    const key = `${month} ${state}`;
    let row = rows.get(key);
    if (!row) {
      row = { month, state, orders: 0, ...NO_FIGURES };
      rows.set(key, row);
    }
    return row;
  };
  for (const figures of paidRows)
    if (asked.has(figures.month)) Object.assign(rowOf(figures.month, figures.state), figures);
  for (const refund of refunds) Object.assign(rowOf(refund.month, refund.state), refund);
  return [...rows.values()].sort((a, b) => a.month.localeCompare(b.month) || a.state.localeCompare(b.state));
}

/** The CSV's header row: a contract (docs/owner-guide.md); add columns at the end, never rename. */
export const TAX_REPORT_CSV_HEADER = ["Month", "State", "Orders", ...TAX_FIGURES.map(([name]) => name)];

/** Dollars with two decimals and no thousands separator, as a spreadsheet reads a number: 123450 → "1234.50". */
const plainDollars = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * /admin/tax.csv: one row per month and state, amounts in dollars; refunds
 * are what went back (to subtract), so no amount is below zero. At most 12
 * months of every state and territory: one batch.
 */
export const taxReportCsv = (db: Db, months: ReportMonths, now: number): CsvExport<TaxReportRow> => ({
  name: "tax-report",
  header: TAX_REPORT_CSV_HEADER,
  batchAfter: async (last) => (last === undefined ? taxReport(db, months, now) : []),
  rows: (row) => [[row.month, row.state, row.orders, ...TAX_FIGURES.map(([, figure]) => plainDollars(row[figure]))]],
});
