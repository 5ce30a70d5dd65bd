import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type Shop,
  cards,
  checkout,
  checkoutBody,
  openShop,
  pay,
  placePendingOrder,
  postCheckout,
} from "../helpers/shop-api";
import { stockOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

const LIMIT = 5;
const STOCK = 100;
const candle = { id: 1301, price: 10, stock: STOCK };

describe(`UNITS_HELD_PER_IP: the units one address may hold in unpaid orders, on ${testEngine}`, () => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop({ Wax: [candle] }, { UNITS_HELD_PER_IP: String(LIMIT), SHOP_EMAIL: "hello@candles.test" });
  });
  afterEach(() => shop.close());

  it("reserves up to the limit over several checkouts, then answers 429 with Retry-After and reserves nothing", async () => {
    await placePendingOrder(shop, [{ id: candle.id, quantity: 3 }]);
    await placePendingOrder(shop, [{ id: candle.id, quantity: 2 }]);
    const refused = await checkout(shop, [{ id: candle.id, quantity: 1 }]);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: "holding_limit",
      message:
        "Unpaid orders from one connection may reserve at most 5 items at a time, and yours hold 5. Pay for them, or try again in 15 minutes, when they are released.",
    });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await stockOf(shop.db, candle.id)).toBe(STOCK - 5);
  });

  it("refuses one order larger than the limit with 400, saying whom to ask", async () => {
    const refused = await checkout(shop, [{ id: candle.id, quantity: LIMIT + 1 }]);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: "holding_limit",
      message: "One order may reserve at most 5 items. For a larger order, please write to hello@candles.test.",
    });
    expect(await stockOf(shop.db, candle.id)).toBe(STOCK);
  });

  it("counts only what is still held: a retry of a held order, paid orders and expired ones do not count", async () => {
    const body = checkoutBody([{ id: candle.id, quantity: 4 }]);
    const first = await postCheckout(shop, body);
    expect(first.status).toBe(201);
    expect((await postCheckout(shop, body)).status).toBe(200);
    expect((await checkout(shop, [{ id: candle.id, quantity: 2 }])).status).toBe(429);

    expect((await pay(shop, first.body.order!, cards.success)).status).toBe(200);
    const held = await placePendingOrder(shop, [{ id: candle.id, quantity: 5 }]);
    expect((await checkout(shop, [{ id: candle.id, quantity: 1 }])).status).toBe(429);

    await shop.db
      .updateTable("orders")
      .set({ expires_at: Date.now() - 1 })
      .where("number", "=", held.number)
      .execute();
    expect((await checkout(shop, [{ id: candle.id, quantity: 5 }])).status).toBe(201);
  });

  it("lets parallel checkouts from one address hold no more than the limit together", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => checkout(shop, [{ id: candle.id, quantity: 1 }])),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(LIMIT);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - LIMIT);
    expect(await stockOf(shop.db, candle.id)).toBe(STOCK - LIMIT);
  });
});
