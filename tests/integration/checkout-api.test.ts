import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkout,
  checkoutBody,
  type CheckoutAnswer,
  openShop,
  postCheckout,
  request,
  type Shop,
  shipping,
} from "../helpers/shop-api";
import { addDiscountCode } from "../helpers/pricing-setup";
import { orderByNumber, shopState, stockOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

describe(`POST /api/checkout on ${testEngine}`, () => {
  const candle = { id: 601, price: 19.99, stock: 10 };
  const tealight = { id: 602, price: "5.00", stock: 3 };
  /** Only the 409 tests use it, so its stock is known there. */
  const lastTwo = { id: 603, stock: 2 };
  /** The dearest price an import takes; only the order-total test buys it. */
  const dearest = { id: 604, price: 1_000_000, stock: 50 };
  /** With the dearest, lines of $1,000,090: over the most one payment can take, and under it with 15 % off. */
  const ninety = { id: 605, price: 90, stock: 5 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle, tealight, lastTwo, dearest, ninety] });
  });
  afterAll(() => shop?.close());

  const valid = () => checkoutBody([{ id: candle.id, quantity: 1 }]);

  describe("the server decides the price", () => {
    it("charges the database price × quantity and records a pending guest order", async () => {
      const stockBefore = await stockOf(shop.db, candle.id);
      const answer = await checkout(shop, [{ id: candle.id, quantity: 2 }], { shipping: { email: "ada@example.com" } });

      expect(answer.status).toBe(201);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.body).toEqual({
        order: {
          number: expect.stringMatching(/^WS-[A-Z0-9]{8}$/),
          amountCents: 3998,
          // DESIGN.md: the order JSON's breakdown; with nothing set up, the items alone.
          subtotalCents: 3998,
          discountCents: 0,
          shippingCents: 0,
          taxCents: 0,
          status: "pending_payment",
          accessToken: expect.stringMatching(/^[\w-]{43}$/),
        },
        payment: { provider: "test" },
      });
      const order = await orderByNumber(shop.db, answer.body.order!.number);
      expect(order).toMatchObject({
        status: "pending_payment",
        amount_cents: 3998,
        currency: "usd",
        customer_name: "Guest",
        email: "ada@example.com",
        shipping_name: shipping.name,
        shipping_address: shipping.address,
        shipping_city: shipping.city,
        shipping_state: shipping.state,
        shipping_zip: shipping.zip,
        phone: null,
      });
      expect(order.expires_at - order.created_at).toBe(15 * 60_000);
      expect(order.items).toEqual([
        expect.objectContaining({ product_id: candle.id, name: "Candle 601", price_cents: 1999, quantity: 2 }),
      ]);
      expect(await stockOf(shop.db, candle.id)).toBe(stockBefore - 2);
    });

    it("adds up several lines from database prices", async () => {
      const answer = await checkout(shop, [
        { id: tealight.id, quantity: 3 },
        { id: candle.id, quantity: 1 },
      ]);
      expect(answer.status).toBe(201);
      expect(answer.body.order!.amountCents).toBe(3 * 500 + 1999);
    });

    it.each([
      ["an amount at the top level", { ...valid(), amountCents: 1 }],
      ["a total at the top level", { ...valid(), total: 0.01 }],
      ["a price on a line", { ...valid(), lines: [{ id: candle.id, quantity: 1, price: 0.01 }] }],
      ["an amount on a line", { ...valid(), lines: [{ id: candle.id, quantity: 1, amountCents: 1 }] }],
      ["a price in the shipping form", { ...valid(), shipping: { ...shipping, price: 0 } }],
    ])("refuses a body carrying %s with 400 and changes nothing", async (_, body) => {
      const before = await shopState(shop.db);
      const answer = await postCheckout(shop, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: "invalid_request", message: expect.any(String) });
      expect(await shopState(shop.db)).toEqual(before);
    });
  });

  describe("a bad request gets a 4xx with { error: { code, message } } and changes nothing", () => {
    const withShipping = (changes: Record<string, unknown>) => ({ ...valid(), shipping: { ...shipping, ...changes } });
    const withLines = (lines: unknown) => ({ ...valid(), lines });
    const withoutField = (field: "idempotencyKey" | "lines" | "shipping") => {
      const { [field]: _, ...rest } = valid();
      return rest;
    };
    const withoutShipping = (field: keyof typeof shipping) => {
      const { [field]: _, ...rest } = shipping;
      return { ...valid(), shipping: rest };
    };
    const quantity = (value: unknown) => withLines([{ id: candle.id, quantity: value }]);
    const oneCandle = { id: candle.id, quantity: 1 };
    const distinctLines = (count: number) => Array.from({ length: count }, (_, i) => ({ id: 10_000 + i, quantity: 1 }));

    /** [what, status, code, body, the field the error names (if any)] */
    const cases: [string, number, string, unknown, string?][] = [
      ["no idempotencyKey", 400, "invalid_request", withoutField("idempotencyKey"), "idempotencyKey"],
      ["no lines", 400, "invalid_request", withoutField("lines"), "lines"],
      ["no shipping", 400, "invalid_request", withoutField("shipping"), "shipping"],
      ["shipping without name", 400, "invalid_request", withoutShipping("name"), "shipping.name"],
      ["shipping without address", 400, "invalid_request", withoutShipping("address"), "shipping.address"],
      ["shipping without city", 400, "invalid_request", withoutShipping("city"), "shipping.city"],
      ["shipping without state", 400, "invalid_request", withoutShipping("state"), "shipping.state"],
      ["shipping without zip", 400, "invalid_request", withoutShipping("zip"), "shipping.zip"],
      ["a blank name", 400, "invalid_request", withShipping({ name: "   " }), "shipping.name"],
      ["a malformed email", 400, "invalid_request", withShipping({ email: "ada" }), "shipping.email"],
      ["a NUL in the name", 400, "invalid_request", withShipping({ name: "Ada\u0000Lovelace" }), "shipping.name"],
      ["a line break in the city", 400, "invalid_request", withShipping({ city: "Port\nland" }), "shipping.city"],
      ["a negative quantity", 400, "invalid_request", quantity(-1), "lines.0.quantity"],
      ["a zero quantity", 400, "invalid_request", quantity(0), "lines.0.quantity"],
      ["a fractional quantity", 400, "invalid_request", quantity(1.5), "lines.0.quantity"],
      ["a huge quantity", 400, "invalid_request", quantity(1e9), "lines.0.quantity"],
      ["a quantity as a string", 400, "invalid_request", quantity("1"), "lines.0.quantity"],
      ["an id as a string", 400, "invalid_request", withLines([{ id: String(candle.id), quantity: 1 }]), "lines.0.id"],
      ["the same id on two lines", 400, "invalid_request", withLines([oneCandle, oneCandle]), "lines"],
      ["101 lines", 400, "invalid_request", withLines(distinctLines(101)), "lines"],
      ["lines as an object", 400, "invalid_request", withLines(oneCandle), "lines"],
      ["shipping as a string", 400, "invalid_request", { ...valid(), shipping: "12 Wick Lane" }, "shipping"],
      ["a too short idempotencyKey", 400, "invalid_request", { ...valid(), idempotencyKey: "short" }, "idempotencyKey"],
      ["null", 400, "invalid_request", null],
      ["an array", 400, "invalid_request", [valid()]],
      ["text that is not JSON", 400, "invalid_json", '{"idempotencyKey": "abc'],
      ["lines: []", 400, "empty_cart", withLines([])],
    ];

    it.each(cases)("%s → %i %s", async (_, status, code, body, field) => {
      const before = await shopState(shop.db);
      const answer = await postCheckout(shop, body);
      expect(answer.status).toBe(status);
      expect(answer.body.error).toMatchObject({ code, message: expect.stringMatching(/\S/) });
      if (field) expect(Object.keys(answer.body.error!.fields ?? {})).toContain(field);
      expect(await shopState(shop.db)).toEqual(before);
    });

    it('says "Your cart is empty!" for an empty cart', async () => {
      const answer = await postCheckout(shop, checkoutBody([]));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: "empty_cart", message: "Your cart is empty!" });
    });

    it("refuses a body that is not sent as JSON with 415", async () => {
      const before = await shopState(shop.db);
      const answer = await postCheckout(shop, JSON.stringify(valid()), "text/plain");
      expect(answer.status).toBe(415);
      expect(answer.body.error?.code).toBe("unsupported_media_type");
      expect(await shopState(shop.db)).toEqual(before);
    });

    it("refuses a body over 64 KB with 413", async () => {
      const before = await shopState(shop.db);
      const body = { ...valid(), padding: "x".repeat(64 * 1024) };
      const answer = await postCheckout(shop, body);
      expect(answer.status).toBe(413);
      expect(answer.body.error?.code).toBe("body_too_large");
      expect(await shopState(shop.db)).toEqual(before);
    });

    it("closes the connection after a 413, so the client's next request is not reset", async () => {
      const oversized = { ...valid(), padding: "x".repeat(64 * 1024) };
      for (let i = 0; i < 5; i++) {
        const refused = await postCheckout(shop, oversized);
        expect(refused.status).toBe(413);
        expect(refused.headers.get("connection")).toBe("close");
        expect((await postCheckout(shop, null)).status).toBe(400);
      }
    });

    it("refuses an order above the most one payment can take ($999,999.99) with 400 order_too_large", async () => {
      const before = await shopState(shop.db);
      const answer = await checkout(shop, [{ id: dearest.id, quantity: 25 }]);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        code: "order_too_large",
        message: "An order can total at most $999,999.99. Please split it into smaller orders.",
      });
      expect(await shopState(shop.db)).toEqual(before);
    });

    it("bounds the total charged, after a discount, as the quote does: the same answer from both", async () => {
      await addDiscountCode(shop.db, { code: "BULK15" });
      const lines = [
        { id: dearest.id, quantity: 1 },
        { id: ninety.id, quantity: 1 },
      ];
      const quote = (discountCode?: string) =>
        request<CheckoutAnswer & { totalCents?: number }>(`${shop.url}/api/checkout/quote`, {
          body: { lines, discountCode },
        });
      const tooLarge = {
        code: "order_too_large",
        message: "An order can total at most $999,999.99. Please split it into smaller orders.",
      };
      const full = await quote();
      expect(full.status).toBe(400);
      expect(full.body.error).toEqual(tooLarge);
      const refused = await checkout(shop, lines);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual(tooLarge);

      // $1,000,090.00 − 15 % = $850,076.50.
      const discounted = await quote("BULK15");
      expect(discounted.status).toBe(200);
      expect(discounted.body.totalCents).toBe(85_007_650);
      const placed = await postCheckout(shop, {
        ...checkoutBody(lines),
        discountCode: "BULK15",
        expectedTotalCents: 85_007_650,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.order?.amountCents).toBe(85_007_650);
    });

    it("answers GET with 405 and Allow: POST", async () => {
      const answer = await request<CheckoutAnswer>(`${shop.url}/api/checkout`, { method: "GET" });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
      expect(answer.body.error?.code).toBe("method_not_allowed");
    });
  });

  describe("a cart the stock cannot fill gets 409 with per-line adjustments and changes nothing", () => {
    it.each([
      ["an unknown product", [{ id: 999_999, quantity: 1 }], [{ id: 999_999, available: 0 }]],
      [
        "an unknown product next to a known one",
        [
          { id: candle.id, quantity: 1 },
          { id: 999_998, quantity: 2 },
        ],
        [{ id: 999_998, available: 0 }],
      ],
      ["more than is in stock", [{ id: lastTwo.id, quantity: 3 }], [{ id: lastTwo.id, available: 2 }]],
    ])("%s", async (_, lines, adjustments) => {
      const before = await shopState(shop.db);
      const answer = await checkout(shop, lines);
      expect(answer.status).toBe(409);
      expect(answer.body.error).toEqual({
        code: "insufficient_stock",
        message: "Looks like something in your cart doesn't have enough stock! Click OK to refresh the page.",
      });
      expect(answer.body.adjustments).toEqual(adjustments);
      expect(await shopState(shop.db)).toEqual(before);
    });
  });
});
