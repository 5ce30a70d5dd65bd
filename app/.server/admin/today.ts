import { lowStockProducts } from "./products";
import type { Db } from "../db";

const DAY_MS = 24 * 60 * 60_000;
/** Days in the Today screen's sales chart. */
export const CHART_DAYS = 30;

/** A calendar day in the shop's time zone, "2026-11-24". */
export const dayIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return (ms: number) => format.format(ms);
};

export interface DaySales {
  day: string;
  orders: number;
  cents: number;
}

/**
 * Sales per day of the shop's time zone, oldest first, for the last `days`
 * days up to and including today: every order paid that day, whatever
 * happened to it since.
 */
export async function dailySales(db: Db, options: { now: number; timeZone: string; days: number }): Promise<DaySales[]> {
  const dayOf = dayIn(options.timeZone);
  // One day's margin either side covers any time zone's offset; the days outside are dropped below.
  const paid = await db
    .selectFrom("orders")
    .select(["paid_at", "amount_cents"])
    .where("paid_at", ">=", options.now - (options.days + 1) * DAY_MS)
    .where("paid_at", "is not", null)
    .execute();
  const byDay = new Map<string, DaySales>();
  for (let back = options.days - 1; back >= 0; back--) {
    const day = dayOf(options.now - back * DAY_MS);
    byDay.set(day, { day, orders: 0, cents: 0 });
  }
  for (const order of paid) {
    const sales = byDay.get(dayOf(order.paid_at!));
    if (!sales) continue;
    sales.orders += 1;
    sales.cents += order.amount_cents;
  }
  return [...byDay.values()];
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
      eb.selectFrom("order_items").whereRef("order_items.order_id", "=", "orders.id").select((items) => items.fn.sum<number>("quantity").as("units")).as("units"),
    ])
    .where("orders.status", "=", "paid")
    .orderBy("orders.paid_at")
    .limit(limit)
    .execute();
}

const total = (days: DaySales[]) => days.reduce((sum, day) => ({ orders: sum.orders + day.orders, cents: sum.cents + day.cents }), { orders: 0, cents: 0 });

/** "Nov 24, 3:05 PM" in the shop's time zone: the same text on the server and in the browser. */
export const formatMoment = (timeZone: string) => {
  const format = new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  return (ms: number) => format.format(ms);
};

/** What the Today screen shows: what to ship, what to pour, and how sales go today, this week and this month. */
export async function todayScreen(db: Db, options: { now: number; timeZone: string }) {
  const days = await dailySales(db, { ...options, days: CHART_DAYS });
  const moment = formatMoment(options.timeZone);
  return {
    toShip: (await ordersToShip(db)).map(({ paid_at, units, ...order }) => ({ ...order, units: Number(units ?? 0), paidAt: paid_at === null ? null : moment(paid_at) })),
    lowStock: (await lowStockProducts(db)).map((product) => ({ id: product.id, name: product.name, stock: product.stock, visible: product.visible, image: product.images[0]! })),
    today: total(days.slice(-1)),
    lastSevenDays: total(days.slice(-7)),
    days,
  };
}
