import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import { cards, type Line, openShop, pay, placePendingOrder, type Shop } from "../helpers/shop-api";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { catalogFile } from "../helpers/catalog-files";
import { accountedStock, adjustedStock, orderByNumber, stockById, stockOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

/**
 * DESIGN.md §Data: for every product, initial stock = stock + quantities in
 * pending_payment orders + quantities in paid orders. Checked after each step
 * of a mix of paid, declined, expired and untouched orders.
 */
describe(`the stock invariant on ${testEngine}`, () => {
  const wax = { id: 901, stock: 10 };
  const jelly = { id: 902, stock: 8 };
  const wood = { id: 903, stock: 5 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [wax, jelly, wood] });
  });
  afterAll(() => shop?.close());

  const expectInvariant = async () => expect(await accountedStock(shop.db)).toEqual(shop.initialStock);
  const statusOf = async ({ number }: { number: string }) => (await orderByNumber(shop.db, number)).status;
  const expiresAt = async ({ number }: { number: string }) => (await orderByNumber(shop.db, number)).expires_at;

  it("holds through paid, declined, expired and untouched orders", async () => {
    const order = (lines: Line[]) => placePendingOrder(shop, lines);

    // Orders that will expire are placed first, so a `now` just past their expiry leaves the later ones alone.
    const abandoned = await order([
      { id: jelly.id, quantity: 3 },
      { id: wood.id, quantity: 1 },
    ]);
    const declinedThenAbandoned = await order([{ id: wood.id, quantity: 2 }]);
    expect((await pay(shop, declinedThenAbandoned, cards.declined)).status).toBe(402);
    await sleep(20);
    const paid = await order([
      { id: wax.id, quantity: 2 },
      { id: jelly.id, quantity: 1 },
    ]);
    const declined = await order([{ id: wax.id, quantity: 1 }]);
    const paidToo = await order([
      { id: wax.id, quantity: 1 },
      { id: wood.id, quantity: 1 },
    ]);
    const untouched = await order([{ id: jelly.id, quantity: 1 }]);
    expect(await stockById(shop.db)).toEqual({ [wax.id]: 6, [jelly.id]: 3, [wood.id]: 1 });
    await expectInvariant();

    expect((await pay(shop, paid, cards.success)).status).toBe(200);
    expect((await pay(shop, paidToo, cards.success)).status).toBe(200);
    const refused = await pay(shop, declined, cards.declined);
    expect(refused.status).toBe(402);
    expect(refused.body.error?.message).toBe("Your card was declined.");
    // A declined card keeps the reservation: nothing comes back to stock.
    expect(await stockById(shop.db)).toEqual({ [wax.id]: 6, [jelly.id]: 3, [wood.id]: 1 });
    await expectInvariant();

    const now = Math.max(await expiresAt(abandoned), await expiresAt(declinedThenAbandoned));
    expect(now).toBeLessThan(await expiresAt(declined));
    const expired = await expireUnpaidOrders(shop.db, now);
    expect(expired.map((order) => order.number).sort()).toEqual(
      [abandoned.number, declinedThenAbandoned.number].sort(),
    );
    expect(await stockById(shop.db)).toEqual({ [wax.id]: 6, [jelly.id]: 6, [wood.id]: 4 });
    await expectInvariant();
    expect({
      abandoned: await statusOf(abandoned),
      declinedThenAbandoned: await statusOf(declinedThenAbandoned),
      paid: await statusOf(paid),
      declined: await statusOf(declined),
      paidToo: await statusOf(paidToo),
      untouched: await statusOf(untouched),
    }).toEqual({
      abandoned: "expired",
      declinedThenAbandoned: "expired",
      paid: "paid",
      declined: "pending_payment",
      paidToo: "paid",
      untouched: "pending_payment",
    });

    // Long after: every unpaid order is gone, and only the paid ones still hold stock.
    const later = await expireUnpaidOrders(shop.db, now + 24 * 60 * 60_000);
    expect(later.map((order) => order.number).sort()).toEqual([declined.number, untouched.number].sort());
    expect(await stockById(shop.db)).toEqual({ [wax.id]: 7, [jelly.id]: 7, [wood.id]: 4 });
    await expectInvariant();
  });
});

describe(`the stock invariant across catalog imports on ${testEngine}`, () => {
  const wax = { id: 911, stock: 10 };
  const jelly = { id: 912, stock: 6 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [wax, jelly] });
  });
  afterAll(() => shop?.close());

  const reimport = (items: { id: number; stock: number }[], replace = false) =>
    importCatalog(shop.db, parseCatalogFile(catalogFile({ Wax: items })), { replace });
  const expectInvariant = async () => expect(await accountedStock(shop.db)).toEqual(await adjustedStock(shop.db));

  it("records what each import changes, so stock + held units always equal the adjustments", async () => {
    expect(await adjustedStock(shop.db)).toEqual(shop.initialStock);
    const paid = await placePendingOrder(shop, [{ id: wax.id, quantity: 3 }]);
    expect((await pay(shop, paid, cards.success)).status).toBe(200);
    await placePendingOrder(shop, [{ id: jelly.id, quantity: 2 }]);
    await expectInvariant();

    // The owner counts the shelf and sets what can still be sold; held units stay held.
    await reimport([
      { id: wax.id, stock: 4 },
      { id: jelly.id, stock: 9 },
    ]);
    expect(await stockById(shop.db)).toEqual({ [wax.id]: 4, [jelly.id]: 9 });
    await expectInvariant();

    // Unchanged stock records nothing; a new product opens with its stock.
    const before = await shop.db.selectFrom("stock_adjustments").select("id").execute();
    await reimport([
      { id: wax.id, stock: 4 },
      { id: jelly.id, stock: 9 },
      { id: 913, stock: 7 },
    ]);
    const added = await shop.db
      .selectFrom("stock_adjustments")
      .select(["product_id", "delta", "reason"])
      .where(
        "id",
        "not in",
        before.map((row) => row.id),
      )
      .execute();
    expect(added).toEqual([{ product_id: 913, delta: 7, reason: "catalog import" }]);
    await expectInvariant();

    // Expiry gives the pending units back on top of what the import set.
    await expireUnpaidOrders(shop.db, Date.now() + 24 * 60 * 60_000);
    expect(await stockOf(shop.db, jelly.id)).toBe(11);
    await expectInvariant();
  });
});

describe(`expireUnpaidOrders on ${testEngine} gives stock back exactly once`, () => {
  const candle = { id: 950, stock: 20 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle] });
  });
  afterAll(() => shop?.close());

  /** Three pending orders for 1, 2 and 3 candles, and a moment after all of them expire. */
  async function threeOrders() {
    const numbers = [];
    for (const quantity of [1, 2, 3]) {
      numbers.push((await placePendingOrder(shop, [{ id: candle.id, quantity }])).number);
    }
    const expiresAt = await Promise.all(
      numbers.map(async (number) => (await orderByNumber(shop.db, number)).expires_at),
    );
    return { numbers: numbers.sort(), now: Math.max(...expiresAt) };
  }
  const stock = () => stockOf(shop.db, candle.id);

  it("when run twice in a row", async () => {
    const before = await stock();
    const { numbers, now } = await threeOrders();
    expect(await stock()).toBe(before - 6);

    const first = await expireUnpaidOrders(shop.db, now);
    const second = await expireUnpaidOrders(shop.db, now + 1000);
    expect(first.map((order) => order.number).sort()).toEqual(numbers);
    expect(second).toEqual([]);
    expect(await stock()).toBe(before);
    expect(await accountedStock(shop.db)).toEqual(shop.initialStock);
  });

  it("when two runs overlap", async () => {
    const before = await stock();
    const { numbers, now } = await threeOrders();
    // On PostgreSQL the pool runs them on two connections at once; on SQLite their queries interleave.
    const [first, second] = await Promise.all([expireUnpaidOrders(shop.db, now), expireUnpaidOrders(shop.db, now)]);
    expect([...first, ...second].map((order) => order.number).sort()).toEqual(numbers);
    expect(await stock()).toBe(before);
    expect(await accountedStock(shop.db)).toEqual(shop.initialStock);
  });
});
