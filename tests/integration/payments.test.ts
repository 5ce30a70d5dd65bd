import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import { cards, openShop, pay, paymentStatus, placePendingOrder, type Shop, shipping } from "../helpers/shop-api";
import { orderByNumber, outboxOf, paymentEventsOf, stockOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

const ATTEMPTS_PER_ORDER = 3;
const candle = { id: 801, price: 24.5, stock: 100 };

describe(`POST /api/payments/test-gateway on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    // Log everything the server can log, so that the card-number check below means something.
    shop = await openShop(
      { Wax: [candle] },
      { PAYMENT_ATTEMPTS_PER_ORDER: String(ATTEMPTS_PER_ORDER), LOG_LEVEL: "trace" },
    );
  });
  afterAll(() => shop?.close());

  const newOrder = () => placePendingOrder(shop, [{ id: candle.id, quantity: 2 }]);

  it("takes 4242 4242 4242 4242: 200, the order is paid", async () => {
    const { number, accessToken } = await newOrder();
    const answer = await pay(shop, { number, accessToken }, cards.success);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      order: {
        number,
        status: "paid",
        amountCents: 4900,
        // DESIGN.md: the order JSON's breakdown; with nothing set up, the items alone.
        subtotalCents: 4900,
        discountCents: 0,
        shippingCents: 0,
        taxCents: 0,
        thankYouName: shipping.name,
        items: [{ id: candle.id, name: "Candle 801", quantity: 2, priceCents: 2450 }],
      },
    });
    const order = await orderByNumber(shop.db, number);
    expect(order.status).toBe("paid");
    expect(order.paid_at).toEqual(expect.any(Number));
    expect(await paymentEventsOf(shop.db, order.id)).toHaveLength(1);
  });

  it("tells whom it thanks and what was bought only to the browser that placed the order", async () => {
    const { number, accessToken } = await newOrder();
    expect((await pay(shop, { number, accessToken }, cards.success)).status).toBe(200);
    const summary = { number, status: "paid", amountCents: 4900 };

    const placer = await paymentStatus(shop, number, accessToken);
    expect(placer.body.order).toEqual({
      ...summary,
      subtotalCents: 4900,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      thankYouName: shipping.name,
      items: [expect.objectContaining({ id: candle.id, quantity: 2 })],
    });
    // Anyone else who has the number, with no token, a forged one, or another order's, learns the status only.
    const other = await newOrder();
    for (const token of [undefined, "forged-token", accessToken.slice(1), other.accessToken]) {
      const stranger = await paymentStatus(shop, number, token);
      expect(stranger.status).toBe(200);
      expect(stranger.body).toEqual({ order: summary });
    }
  });

  it.each([
    ["4000 0000 0000 0002", cards.declined, "Your card was declined."],
    ["4000 0000 0000 9995", cards.insufficientFunds, "Your card has insufficient funds."],
    ["a real card", cards.real, expect.stringMatching(/test mode/)],
  ])("refuses %s with 402; the order keeps its reservation and can still be paid", async (_, card, message) => {
    const { number, accessToken } = await newOrder();
    const stock = await stockOf(shop.db, candle.id);

    const refused = await pay(shop, { number, accessToken }, card);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toEqual({ code: "card_declined", message });
    const order = await orderByNumber(shop.db, number);
    expect(order.status).toBe("pending_payment");
    expect(await stockOf(shop.db, candle.id)).toBe(stock);
    expect(await paymentEventsOf(shop.db, order.id)).toEqual([]);

    expect((await pay(shop, { number, accessToken }, cards.success)).status).toBe(200);
    expect((await orderByNumber(shop.db, number)).status).toBe("paid");
  });

  it.each([
    ["a month 13", { expiry: "13/30" }, "expiry"],
    ["an expired card", { expiry: "01/20" }, "expiry"],
    ["no expiry", { expiry: "" }, "expiry"],
    ["a two-digit CVC", { cvc: "12" }, "cvc"],
    ["a CVC with letters", { cvc: "12a" }, "cvc"],
  ])("refuses %s with 400 naming the field, and leaves the order pending", async (_, card, field) => {
    const { number, accessToken } = await newOrder();
    const answer = await pay(shop, { number, accessToken }, cards.success, card);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: "invalid_request", fields: { [field]: expect.any(String) } });
    expect((await orderByNumber(shop.db, number)).status).toBe("pending_payment");
  });

  it("refuses a card number that is not 12 to 19 digits with 400", async () => {
    const { number, accessToken } = await newOrder();
    const answer = await pay(shop, { number, accessToken }, "4242 4242");
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toEqual({ cardNumber: "Card number must be 12 to 19 digits" });
  });

  it("pays nothing and tells nothing without the order's access token: 404, the order stays pending", async () => {
    const { number, accessToken } = await newOrder();
    const other = await newOrder();
    for (const token of [undefined, "forged-token", accessToken.slice(1), other.accessToken]) {
      for (const card of [cards.success, cards.declined]) {
        const stranger = await pay(shop, { number, accessToken: token }, card);
        expect(stranger.status).toBe(404);
        expect(stranger.body).toEqual({ error: { code: "order_not_found", message: "There is no such order." } });
      }
    }
    const order = await orderByNumber(shop.db, number);
    expect(order.status).toBe("pending_payment");
    expect(await paymentEventsOf(shop.db, order.id)).toEqual([]);
    expect((await pay(shop, { number, accessToken }, cards.success)).status).toBe(200);
    // Paid, it still tells a stranger nothing, whatever card they send.
    expect((await pay(shop, { number }, cards.declined)).status).toBe(404);
    expect((await pay(shop, { number, accessToken: other.accessToken }, cards.success)).status).toBe(404);
  });

  it("declines a card that would be declined even when the order is paid already, never answering paid", async () => {
    const placed = await newOrder();
    expect((await pay(shop, placed, cards.success)).status).toBe(200);
    const again = await pay(shop, placed, cards.declined);
    expect(again.status).toBe(402);
    expect(again.body).toEqual({ error: { code: "card_declined", message: "Your card was declined." } });
    expect((await orderByNumber(shop.db, placed.number)).status).toBe("paid");
  });

  it("keeps order numbers out of the request log", async () => {
    const placed = await newOrder();
    expect((await paymentStatus(shop, placed.number, placed.accessToken)).status).toBe(200);
    const requestLines = shop.server
      .output()
      .split("\n")
      .filter((line) => line.includes('"url":"/api/orders/'));
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line).toContain('"url":"/api/orders/{number}/payment"');
    expect(requestLines.join("\n")).not.toContain(placed.number);
  });

  it("answers 404 for an order that does not exist", async () => {
    const answer = await pay(shop, { number: "WS-AAAAAAAA" }, cards.success);
    expect(answer.status).toBe(404);
    expect(answer.body.error?.code).toBe("order_not_found");
  });

  it("refuses to pay an expired order with 409 order_expired and takes no payment", async () => {
    const { number, accessToken } = await newOrder();
    const pending = await orderByNumber(shop.db, number);
    const expired = await expireUnpaidOrders(shop.db, pending.expires_at);
    expect(expired.map((order) => order.number)).toContain(number);
    const stock = await stockOf(shop.db, candle.id);

    const answer = await pay(shop, { number, accessToken }, cards.success);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({
      code: "order_expired",
      message: "Your reservation has expired. Please check out again.",
    });
    expect((await orderByNumber(shop.db, number)).status).toBe("expired");
    expect(await paymentEventsOf(shop.db, pending.id)).toEqual([]);
    expect(await outboxOf(shop.db, pending.id)).toEqual([]);
    expect(await stockOf(shop.db, candle.id)).toBe(stock);
  });

  it(`allows ${ATTEMPTS_PER_ORDER} attempts per order, then answers 429 with Retry-After`, async () => {
    const { number, accessToken } = await newOrder();
    for (let attempt = 1; attempt <= ATTEMPTS_PER_ORDER; attempt++) {
      expect((await pay(shop, { number, accessToken }, cards.declined)).status).toBe(402);
    }

    const limited = await pay(shop, { number, accessToken }, cards.success);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe("too_many_attempts");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await orderByNumber(shop.db, number)).status).toBe("pending_payment");

    // The limit is per order: another order can still be paid.
    const other = await newOrder();
    expect((await pay(shop, other, cards.success)).status).toBe(200);
  });

  it("never writes a card number to its output", async () => {
    const typed = [cards.declined, cards.insufficientFunds, cards.real, cards.success];
    for (const card of [...typed, cards.success.replaceAll(" ", "")]) {
      const { number, accessToken } = await newOrder();
      expect([200, 402]).toContain((await pay(shop, { number, accessToken }, card)).status);
    }

    const output = shop.server.output();
    expect(output).toMatch(/test-gateway/); // the requests were logged, just not their cards
    for (const card of typed) {
      expect(output).not.toContain(card);
      expect(output).not.toContain(card.replaceAll(" ", ""));
    }
  });

  describe("with PAYMENT_ATTEMPTS_PER_IP=3", () => {
    let strictShop: Shop;
    beforeAll(async () => {
      strictShop = await openShop({ Wax: [candle] }, { PAYMENT_ATTEMPTS_PER_IP: "3" });
    });
    afterAll(() => strictShop?.close());

    it("answers the 4th attempt from one address with 429 and Retry-After, whatever the order", async () => {
      const first = await placePendingOrder(strictShop, [{ id: candle.id, quantity: 1 }]);
      const second = await placePendingOrder(strictShop, [{ id: candle.id, quantity: 1 }]);
      expect((await pay(strictShop, first, cards.declined)).status).toBe(402);
      expect((await pay(strictShop, first, cards.declined)).status).toBe(402);
      expect((await pay(strictShop, second, cards.declined)).status).toBe(402);

      const limited = await pay(strictShop, second, cards.success);
      expect(limited.status).toBe(429);
      expect(limited.body.error?.code).toBe("too_many_attempts");
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60 * 60);
      expect((await orderByNumber(strictShop.db, second.number)).status).toBe("pending_payment");
    });
  });
});
