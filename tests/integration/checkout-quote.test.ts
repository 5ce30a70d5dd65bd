import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiErrorBody, openShop, request, type Shop } from "../helpers/shop-api";
import { setUpShippingAndTax } from "../helpers/pricing-setup";
import { stockOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

type QuoteAnswer = Partial<ApiErrorBody> & {
  subtotalCents?: number;
  discountCents?: number;
  rates?: { id: number; name: string; priceCents: number; estimate: string | null }[];
  shippingRateId?: number | null;
  shippingCents?: number;
  taxCents?: number;
  totalCents?: number;
  adjustments?: { id: number; available: number }[];
};

describe(`POST /api/checkout/quote on ${testEngine}`, () => {
  const candle = { id: 2001, price: 24, stock: 100 };
  const sample = { id: 2002, price: "0.30", stock: 100 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle, sample] });
  });
  afterAll(() => shop?.close());

  const quote = (body: unknown) => request<QuoteAnswer>(`${shop.url}/api/checkout/quote`, { body });
  const candles = (quantity: number) => [{ id: candle.id, quantity }];

  describe("with nothing set up", () => {
    it("is the items' total, with no rates, whatever the state says", async () => {
      const answer = await quote({ lines: candles(2), shipping: { state: "Oregon, the state", zip: "n/a" } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.body).toEqual({
        subtotalCents: 4800,
        discountCents: 0,
        discountCode: null,
        rates: [],
        shippingRateId: null,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 4800,
        freeShippingInCents: null,
        addressNeeded: false,
      });
    });

    it("reserves nothing", async () => {
      const before = await stockOf(shop.db, candle.id);
      expect((await quote({ lines: candles(5) })).status).toBe(200);
      expect(await stockOf(shop.db, candle.id)).toBe(before);
    });

    it.each([
      ["a discount code that is not text", { lines: candles(1), discountCode: 15 }, "discountCode"],
      ["a price on a line", { lines: [{ id: candle.id, quantity: 1, price: 1 }] }, "lines.0"],
      ["a rate id that is not a number", { lines: candles(1), shippingRateId: "1" }, "shippingRateId"],
      ["no lines", { shipping: {} }, "lines"],
    ])("refuses %s with 400 and the field", async (_, body, field) => {
      const answer = await quote(body);
      expect(answer.status).toBe(400);
      expect(answer.body.error!.code).toBe("invalid_request");
      expect(Object.keys(answer.body.error!.fields ?? {})).toContain(field);
    });

    it("treats an unknown product as checkout does: none available", async () => {
      const answer = await quote({ lines: [{ id: 9999, quantity: 1 }] });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        error: { code: "insufficient_stock" },
        adjustments: [{ id: 9999, available: 0 }],
      });
    });

    it("answers other methods with 405", async () => {
      const answer = await request<ApiErrorBody>(`${shop.url}/api/checkout/quote`, { method: "GET" });
      expect(answer.status).toBe(405);
    });
  });

  describe("with a Contiguous US zone, two rates and Texas's tax", () => {
    let rates: Awaited<ReturnType<typeof setUpShippingAndTax>>;
    beforeAll(async () => {
      rates = await setUpShippingAndTax(shop.db);
    });

    const standard = () => ({ id: rates.standard, name: "Standard", priceCents: 695, estimate: "3–5 business days" });
    const free = () => ({ id: rates.free, name: "Free shipping", priceCents: 0, estimate: "3–5 business days" });

    it("lists the rates that fit, cheapest first, and picks the cheapest", async () => {
      const answer = await quote({ lines: candles(4), shipping: { state: "OR", zip: "97201" } });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        subtotalCents: 9600,
        discountCents: 0,
        discountCode: null,
        rates: [free(), standard()],
        shippingRateId: rates.free,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 9600,
        freeShippingInCents: null,
        addressNeeded: true,
      });
    });

    it("adds Texas's tax on the items and the shipping, each rounded half up", async () => {
      const answer = await quote({ lines: candles(1), shipping: { state: "Texas", zip: "73301-0001" } });
      expect(answer.body).toEqual({
        subtotalCents: 2400,
        discountCents: 0,
        discountCode: null,
        rates: [standard()],
        shippingRateId: rates.standard,
        shippingCents: 695,
        // 6.25 % of $24.00 is 150 cents; of $6.95, 43.4375.
        taxCents: 150 + 43,
        totalCents: 2400 + 695 + 193,
        // The free rate starts at $75.00: the panel says how much more gets it.
        freeShippingInCents: 7500 - 2400,
        addressNeeded: true,
      });
    });

    it("quotes the rate the shopper chose", async () => {
      const answer = await quote({
        lines: candles(4),
        shipping: { state: "TX", zip: "75001" },
        shippingRateId: rates.standard,
      });
      expect(answer.body).toMatchObject({ shippingRateId: rates.standard, shippingCents: 695, taxCents: 600 + 43 });
      expect(answer.body.totalCents).toBe(9600 + 695 + 643);
    });

    it("quotes the first zone before a state is entered", async () => {
      const answer = await quote({ lines: candles(1) });
      expect(answer.body).toMatchObject({ rates: [standard()], shippingCents: 695, taxCents: 0, totalCents: 3095 });
    });

    it("refuses Alaska, in no zone, with 409 no_shipping_rate", async () => {
      const answer = await quote({ lines: candles(1), shipping: { state: "AK", zip: "99501" } });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toEqual({ code: "no_shipping_rate", message: "We don't ship to Alaska yet." });
    });

    it.each([
      ["an unknown rate", () => 999_999],
      ["another zone's rate", () => rates.territoryMail],
    ])("gives %s way to the cheapest that fits", async (_, id) => {
      const answer = await quote({ lines: candles(1), shipping: { state: "OR", zip: "97201" }, shippingRateId: id() });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ rates: [standard()], shippingRateId: rates.standard, totalCents: 3095 });
    });

    it.each([
      ["a state that is none", { state: "Narnia", zip: "97201" }, "shipping.state"],
      ["a ZIP code of three digits", { state: "OR", zip: "972" }, "shipping.zip"],
    ])("refuses %s with 400 and the field", async (_, shipping, field) => {
      const answer = await quote({ lines: candles(1), shipping });
      expect(answer.status).toBe(400);
      expect(answer.body.error!.fields).toEqual({ [field]: expect.any(String) });
    });

    it("refuses a total of 1–49 cents: an order is free or at least $0.50", async () => {
      const answer = await quote({ lines: [{ id: sample.id, quantity: 1 }], shipping: { state: "OR", zip: "97201" } });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toEqual({
        code: "total_below_minimum",
        message: "An order must be free or at least $0.50",
      });
    });
  });
});
