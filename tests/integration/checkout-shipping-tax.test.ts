import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cards,
  checkoutBody,
  type CheckoutAnswer,
  newIdempotencyKey,
  openShop,
  pay,
  paymentStatus,
  postCheckout,
  type Shop,
} from "../helpers/shop-api";
import { addDiscountCode, setRatePrice, setUpShippingAndTax } from "../helpers/pricing-setup";
import { orderByNumber } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

type Answer = CheckoutAnswer & {
  order?: { subtotalCents: number; discountCents: number; shippingCents: number; taxCents: number };
  quote?: {
    totalCents: number;
    shippingRateId: number | null;
    shippingCents: number;
    taxCents: number;
    discountCode: string | null;
  };
};

describe(`POST /api/checkout with shipping and tax set up, on ${testEngine}`, () => {
  const candle = { id: 3001, price: 24, stock: 1000 };
  const sample = { id: 3002, price: "0.30", stock: 100 };
  let shop: Shop;
  let rates: Awaited<ReturnType<typeof setUpShippingAndTax>>;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle, sample] });
    rates = await setUpShippingAndTax(shop.db);
  });
  afterAll(() => shop?.close());

  const texas = { state: "TX", zip: "75001" };
  const candles = (quantity: number) => [{ id: candle.id, quantity }];
  const send = (
    quantity: number,
    extra: { shippingRateId?: number; expectedTotalCents?: number; idempotencyKey?: string; state?: string } = {},
  ) => {
    const { idempotencyKey, state, ...choice } = extra;
    const body = {
      ...checkoutBody(candles(quantity), { idempotencyKey, shipping: { ...texas, state: state ?? texas.state } }),
      ...choice,
    };
    return postCheckout(shop, body) as Promise<{ status: number; body: Answer }>;
  };

  it("stores the breakdown on the order, and the order JSON and the payment carry the total", async () => {
    const answer = await send(1, { shippingRateId: rates.standard, expectedTotalCents: 3288 });
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({
      amountCents: 3288,
      subtotalCents: 2400,
      discountCents: 0,
      shippingCents: 695,
      taxCents: 193,
    });
    const { number, accessToken } = answer.body.order!;
    expect(await orderByNumber(shop.db, number)).toMatchObject({
      amount_cents: 3288,
      subtotal_cents: 2400,
      shipping_cents: 695,
      tax_cents: 193,
      shipping_rate_id: rates.standard,
      shipping_rate_name: "Standard",
      tax_state: "TX",
      tax_zip: null,
      tax_rate_millionths: 62_500,
      tax_shipping: 1,
    });
    expect((await pay(shop, { number, accessToken }, cards.success)).status).toBe(200);
    const paid = await paymentStatus(shop, number, accessToken);
    expect(paid.body.order).toMatchObject({ status: "paid", amountCents: 3288, shippingCents: 695, taxCents: 193 });
    // The thank-you page's lines, worded as the receipt's.
    expect(paid.body.order!.breakdown).toEqual([
      { label: "Subtotal", amount: "$24.00" },
      { label: "Shipping", detail: "Standard", amount: "$6.95" },
      { label: "Tax", detail: "TX 6.25 %", amount: "$1.93" },
      { label: "Order total", amount: "$32.88" },
    ]);
  });

  it("answers total_changed when expectedTotalCents is missing while shipping is charged", async () => {
    const answer = await send(1);
    expect(answer.status).toBe(409);
    expect(answer.body.error!.code).toBe("total_changed");
    expect(answer.body.quote).toMatchObject({ shippingRateId: rates.standard, totalCents: 3288 });
  });

  it("accepts a state by name once set up, and refuses one that is none", async () => {
    expect((await send(1, { state: "Texas", expectedTotalCents: 3288 })).status).toBe(201);
    const refused = await send(1, { state: "Atlantis", expectedTotalCents: 3288 });
    expect(refused.status).toBe(400);
    expect(refused.body.error!.fields).toEqual({ "shipping.state": expect.any(String) });
  });

  it("refuses Alaska and a 30-cent order", async () => {
    const alaska = await send(1, { state: "AK", expectedTotalCents: 2400 });
    expect(alaska.status).toBe(409);
    expect(alaska.body.error).toEqual({ code: "no_shipping_rate", message: "We don't ship to Alaska yet." });
    const tiny = await postCheckout(shop, {
      ...checkoutBody([{ id: sample.id, quantity: 1 }], { shipping: { state: "OR", zip: "97201" } }),
      expectedTotalCents: 30,
    });
    expect(tiny.status).toBe(409);
    expect(tiny.body.error!.code).toBe("total_below_minimum");
  });

  it("answers total_changed when the owner changes the rate after the quote, then takes the new total", async () => {
    try {
      await setRatePrice(shop.db, rates.standard, 795);
      const stale = await send(1, { shippingRateId: rates.standard, expectedTotalCents: 3288 });
      expect(stale.status).toBe(409);
      expect(stale.body.error!.code).toBe("total_changed");
      // 6.25 % of $7.95 is 49.6875 cents.
      const newTotal = 2400 + 795 + 150 + 50;
      expect(stale.body.quote).toMatchObject({ shippingCents: 795, taxCents: 200, totalCents: newTotal });

      const answer = await send(1, { shippingRateId: rates.standard, expectedTotalCents: newTotal });
      expect(answer.status).toBe(201);
      expect(answer.body.order!.amountCents).toBe(newTotal);
      const { number, accessToken } = answer.body.order!;
      expect((await pay(shop, { number, accessToken }, cards.success)).status).toBe(200);
      expect(await orderByNumber(shop.db, number)).toMatchObject({ status: "paid", amount_cents: newTotal });
    } finally {
      await setRatePrice(shop.db, rates.standard, 695);
    }
  });

  it.each([
    ["was deleted", () => 999_999],
    ["is another zone's", () => rates.territoryMail],
  ])("answers total_changed with the cheapest rate, keeping the code, when the chosen rate %s", async (_, id) => {
    await addDiscountCode(shop.db, { code: `KEEP${id()}` });
    const answer = (await postCheckout(shop, {
      ...checkoutBody(candles(1), { shipping: texas }),
      shippingRateId: id(),
      discountCode: `keep${id()}`,
      expectedTotalCents: 3288,
    })) as { status: number; body: Answer };
    expect(answer.status).toBe(409);
    expect(answer.body.error!.code).toBe("total_changed");
    // 15 % off $24.00 leaves $20.40; 6.25 % tax of it and of the $6.95 rate: 128 + 43 cents.
    expect(answer.body.quote).toMatchObject({
      discountCode: `KEEP${id()}`,
      shippingRateId: rates.standard,
      totalCents: 2040 + 695 + 171,
    });
  });

  it("answers total_changed when the chosen rate no longer fits the cart", async () => {
    // Free from $75: one candle is $24.
    const answer = await send(1, { shippingRateId: rates.free, expectedTotalCents: 2400 + 150 });
    expect(answer.status).toBe(409);
    expect(answer.body.quote).toMatchObject({ shippingRateId: rates.standard, totalCents: 3288 });
  });

  it("updates a pending order's breakdown and payment when a retry picks another rate; after payment, 422", async () => {
    const idempotencyKey = newIdempotencyKey();
    const first = await send(4, { idempotencyKey, shippingRateId: rates.free, expectedTotalCents: 9600 + 600 });
    expect(first.status).toBe(201);
    const { number, accessToken } = first.body.order!;

    const stale = await send(4, { idempotencyKey, shippingRateId: rates.standard, expectedTotalCents: 10_200 });
    expect(stale.status).toBe(409);
    expect(stale.body.quote!.totalCents).toBe(9600 + 695 + 643);

    const retried = await send(4, { idempotencyKey, shippingRateId: rates.standard, expectedTotalCents: 10_938 });
    expect(retried.status).toBe(200);
    expect(retried.body.order).toMatchObject({ number, amountCents: 10_938, shippingCents: 695, taxCents: 643 });
    expect(await orderByNumber(shop.db, number)).toMatchObject({
      status: "pending_payment",
      amount_cents: 10_938,
      shipping_rate_id: rates.standard,
      shipping_rate_name: "Standard",
    });

    expect((await pay(shop, { number, accessToken }, cards.success)).status).toBe(200);
    expect(await orderByNumber(shop.db, number)).toMatchObject({ status: "paid", amount_cents: 10_938 });
    const again = await send(4, { idempotencyKey, shippingRateId: rates.free, expectedTotalCents: 10_200 });
    expect(again.status).toBe(422);
    expect(again.body.error!.code).toBe("idempotency_key_reused");
    const replay = await send(4, { idempotencyKey, shippingRateId: rates.standard, expectedTotalCents: 10_938 });
    expect(replay.status).toBe(200);
    expect(replay.body.order).toMatchObject({ number, status: "paid", amountCents: 10_938 });
  });
});
