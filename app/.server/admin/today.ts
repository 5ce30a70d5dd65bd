import { sql } from "kysely";
import type { Db } from "../db";
import { rangeRows } from "./day-ranges";
import { lowStockVariants } from "./products";

/** Days in the Today screen's sales chart. */
export const CHART_DAYS = 30;

/** A calendar day in the shop's time zone, "2026-11-24". */
export const dayIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return (ms: number) => format.format(ms);
};

const HOUR_MS = 60 * 60_000;

/** Where a day begins never changes: Today asks for the same 31 days at each load, so they are kept. */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 1000;

/**
 * The first millisecond of `day` ("2026-11-24") in the shop's time zone. A
 * day begins within 14 hours of its UTC midnight in every zone, and the day
 * a moment falls on only grows with the moment, so halving that window
 * finds it, whatever daylight saving does (a 23- or 25-hour day, a midnight
 * that does not exist); JavaScript knows the zones, SQLite does not.
 */
export function startOfDay(timeZone: string, day: string): number {
  const key = `${timeZone} ${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  const dayOf = dayIn(timeZone);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  // Invariant: the day at `low` is before `day`, the day at `high` is `day` or after.
  let low = utcMidnight - 15 * HOUR_MS;
  let high = utcMidnight + 15 * HOUR_MS;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (dayOf(middle) < day) low = middle;
    else high = middle;
  }
  if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
  dayStarts.set(key, high);
  return high;
}

/** The day `by` days after (or before) "2026-11-24", as a calendar counts them. */
const shiftDay = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * 24 * HOUR_MS).toISOString().slice(0, 10);

/** Per time zone, the last day `dayAt` found, from its first millisecond up to the next day's. */
const currentDays = new Map<string, { day: string; from: number; to: number }>();

/**
 * The day `now` falls on in the shop's time zone, as `dayIn` says, kept
 * with where it begins and ends: a checkout with a code asks it inside its
 * write transaction, and formatting a moment took 15 µs of it.
 */
export function dayAt(timeZone: string, now: number): string {
  const known = currentDays.get(timeZone);
  if (known && now >= known.from && now < known.to) return known.day;
  const day = dayIn(timeZone)(now);
  currentDays.set(timeZone, { day, from: startOfDay(timeZone, day), to: startOfDay(timeZone, shiftDay(day, 1)) });
  return day;
}

export interface DaySales {
  day: string;
  orders: number;
  /** The totals taken, shipping and tax included, less what went back that day. */
  cents: number;
  /** Of which sales tax: collected for the states, not the shop's. */
  taxCents: number;
  /** What went back that day, whichever day its order was paid. */
  refundedCents: number;
}

/**
 * Sales per day of the shop's time zone, oldest first, for the last `days`
 * days up to and including today: every order paid that day, less every
 * refund whose money went back that day, as the tax report counts them
 * (tax-report.ts): a refund on the day of the refund, whichever day its
 * order was paid, and refunds of payments an order could not take left
 * out. JavaScript says where each day begins and ends; the database sums
 * the orders paid in each range (index orders_paid) and the refunds made in
 * it.
 */
export async function dailySales(
  db: Db,
  options: { now: number; timeZone: string; days: number },
): Promise<DaySales[]> {
  const today = dayIn(options.timeZone)(options.now);
  const names = Array.from({ length: options.days }, (_, index) => shiftDay(today, index + 1 - options.days));
  const starts = [...names, shiftDay(today, 1)].map((day) => startOfDay(options.timeZone, day));
  const { rows } = await sql<{
    day: number;
    orders: number;
    cents: number;
    tax_cents: number;
    refunded_cents: number;
    tax_refunded_cents: number;
  }>`
    with days(day, from_ms, to_ms) as (values ${rangeRows(starts)}),
    refunded as (
      select days.day as day, sum(refunds.amount_cents) as cents,
        sum((select orders.tax_cents from orders where orders.id = refunds.order_id)) as tax_cents
      from days
      join refunds on refunds.refunded_at >= days.from_ms and refunds.refunded_at < days.to_ms
      where refunds.refunded_at >= ${starts[0]} and refunds.refunded_at < ${starts.at(-1)}
        and refunds.status = 'refunded' and refunds.reason in ('owner', 'provider')
      group by days.day)
    select days.day as day, count(orders.id) as orders, coalesce(sum(orders.amount_cents), 0) as cents,
      coalesce(sum(orders.tax_cents), 0) as tax_cents,
      coalesce(max(refunded.cents), 0) as refunded_cents, coalesce(max(refunded.tax_cents), 0) as tax_refunded_cents
    from days
    left join orders on orders.paid_at >= days.from_ms and orders.paid_at < days.to_ms
    left join refunded on refunded.day = days.day
    group by days.day order by days.day`.execute(db);
  const byIndex = new Map(rows.map((row) => [Number(row.day), row]));
  return names.map((day, index) => {
    const row = byIndex.get(index);
    const refundedCents = Number(row?.refunded_cents ?? 0);
    return {
      day,
      orders: Number(row?.orders ?? 0),
      cents: Number(row?.cents ?? 0) - refundedCents,
      taxCents: Number(row?.tax_cents ?? 0) - Number(row?.tax_refunded_cents ?? 0),
      refundedCents,
    };
  });
}

/** Paid orders waiting to be shipped, the longest waiting first. */
export function ordersToShip(db: Db, limit = 50) {
  return db
    .selectFrom("orders")
    .select((eb) => [
      "orders.number",
      "orders.shipping_name",
      "orders.shipping_city",
      "orders.shipping_state",
      "orders.amount_cents",
      "orders.paid_at",
      eb
        .selectFrom("order_items")
        .whereRef("order_items.order_id", "=", "orders.id")
        .select((items) => items.fn.sum<number>("quantity").as("units"))
        .as("units"),
    ])
    .where("orders.status", "=", "paid")
    .orderBy("orders.paid_at")
    .limit(limit)
    .execute();
}

const total = (days: DaySales[]) =>
  days.reduce(
    (sum, day) => ({
      orders: sum.orders + day.orders,
      cents: sum.cents + day.cents,
      taxCents: sum.taxCents + day.taxCents,
      refundedCents: sum.refundedCents + day.refundedCents,
    }),
    { orders: 0, cents: 0, taxCents: 0, refundedCents: 0 },
  );

/** "Nov 24, 3:05 PM" in the shop's time zone: the same text on the server and in the browser. */
export const formatMoment = (timeZone: string) => {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return (ms: number) => format.format(ms);
};

/** What the Today screen shows: what to ship, what to pour, and how sales go today, this week and this month. */
export async function todayScreen(db: Db, options: { now: number; timeZone: string }) {
  const days = await dailySales(db, { ...options, days: CHART_DAYS });
  const moment = formatMoment(options.timeZone);
  return {
    toShip: (await ordersToShip(db)).map(({ paid_at, units, ...order }) => ({
      ...order,
      units: Number(units ?? 0),
      paidAt: paid_at === null ? null : moment(paid_at),
    })),
    lowStock: await lowStockVariants(db),
    today: total(days.slice(-1)),
    lastSevenDays: total(days.slice(-7)),
    days,
  };
}
