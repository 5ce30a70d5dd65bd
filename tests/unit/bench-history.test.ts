import { describe, expect, it } from "vitest";
import { growHistory } from "../../bench/order-history";
import { olderLink } from "../../bench/owner-pages";
import { ownerHistory } from "../../bench/owner-history";

const DAY_MS = 24 * 60 * 60_000;
const now = Date.UTC(2026, 10, 24, 12);
const products = [1001, 1002, 1003, 2001, 2002, 3001, 4001].map((id) => ({
  id,
  variant_id: id,
  name: `Candle ${id}`,
  variant: "",
  price_cents: 1500 + id,
  scent: "Cedar & smoke",
}));
const regular = { id: "regular-id", name: "Rosa Whitaker", email: "rosa@example.com" };
const grow = () =>
  growHistory({ orders: 3_000, now, products, regular, regularOrders: 200, reservationMs: 15 * 60_000 });

describe("the bench's grown order history", () => {
  const history = grow();
  const statuses = (status: string) =>
    history.orders.filter((order) => order.row.status === status).length / history.orders.length;

  it("is the same every run", () => {
    expect(grow().orders.slice(0, 5)).toEqual(history.orders.slice(0, 5));
  });

  it("spreads three years of orders, oldest first, more of them lately", () => {
    const times = history.orders.map((order) => order.row.created_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(now - 3 * 365 * DAY_MS);
    expect(times.at(-1)).toBeLessThanOrEqual(now);
    const lastYear = times.filter((time) => time > now - 365 * DAY_MS).length;
    const firstYear = times.filter((time) => time < now - 2 * 365 * DAY_MS).length;
    expect(lastYear).toBeGreaterThan(2 * firstYear);
  });

  it("is mostly shipped, with some paid, refunded and expired orders and a few pending", () => {
    expect(statuses("shipped")).toBeGreaterThan(0.8);
    for (const status of ["paid", "refunded", "expired", "pending_payment"])
      expect(statuses(status), status).toBeGreaterThan(0);
    expect(statuses("pending_payment")).toBeLessThan(0.01);
    expect(new Set(history.orders.map((order) => order.row.number)).size).toBe(history.orders.length);
  });

  it("has about 2.6 lines an order, each product once, and totals that add up", () => {
    const lines = history.orders.reduce((sum, order) => sum + order.items.length, 0) / history.orders.length;
    expect(lines).toBeGreaterThan(2.4);
    expect(lines).toBeLessThan(2.8);
    for (const { row, items } of history.orders) {
      expect(new Set(items.map((item) => item.product_id)).size).toBe(items.length);
      expect(row.amount_cents).toBe(items.reduce((sum, item) => sum + item.price_cents * item.quantity, 0));
    }
  });

  it("gives the regular her orders and the other accounts theirs", () => {
    expect(history.orders.filter((order) => order.row.user_id === regular.id)).toHaveLength(200);
    const accounts = new Set(history.accounts.map((account) => account.id));
    const signedIn = history.orders.filter((order) => order.row.user_id !== null && order.row.user_id !== regular.id);
    expect(signedIn.every((order) => accounts.has(order.row.user_id!))).toBe(true);
    expect(new Set(history.accounts.map((account) => account.email)).size).toBe(history.accounts.length);
  });

  it("restocks what was sold, so that the adjustments equal the units the orders still hold", () => {
    const { activity, adjustments } = ownerHistory(history, {
      products,
      owner: { id: "owner-id", name: "Mara Wick" },
      entries: 600,
      now,
    });
    expect(activity).toHaveLength(600);
    const held = new Map<number, number>();
    for (const { row, items } of history.orders) {
      if (row.status === "expired") continue;
      for (const item of items) held.set(item.product_id, (held.get(item.product_id) ?? 0) + item.quantity);
    }
    const adjusted = new Map<number, number>();
    for (const adjustment of adjustments)
      adjusted.set(adjustment.product_id, (adjusted.get(adjustment.product_id) ?? 0) + adjustment.delta);
    expect(adjusted).toEqual(held);
  });
});

describe("the deep page's Older link", () => {
  it("is the link whose text says Older, its href decoded", () => {
    const html =
      '<nav class="pagination"><a href="/admin/orders?after=9" rel="prev">Newer</a> ' +
      '<a class="pagination__link" href="/admin/orders?before=1795661%3A42&amp;status=shipped" rel="next"><span>Older</span> →</a></nav>';
    expect(olderLink(html)).toBe("/admin/orders?before=1795661%3A42&status=shipped");
  });

  it("is missing from a list paged by ?page=", () => {
    expect(
      olderLink('<a href="/admin/orders?page=2" rel="next">Next</a><a href="/admin/orders?page=3">3</a>'),
    ).toBeUndefined();
  });
});
