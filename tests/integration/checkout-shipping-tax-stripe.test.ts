import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutBody, newIdempotencyKey, openShop, postCheckout, type Shop } from "../helpers/shop-api";
import { addDiscountCode, setUpShippingAndTax } from "../helpers/pricing-setup";
import { orderByNumber } from "../helpers/shop-db";
import { startStripeStandIn, type StripeStandIn, stripeTestSettings } from "../helpers/stripe-stand-in";
import { testEngine } from "../helpers/test-database";

describe(`Stripe sees the total, its breakdown and the discount code, on ${testEngine}`, () => {
  let stripe: StripeStandIn;
  let shop: Shop;
  let rates: Awaited<ReturnType<typeof setUpShippingAndTax>>;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    shop = await openShop(
      { Wax: [{ id: 4001, price: 24, stock: 50 }] },
      {
        STRIPE_SECRET_KEY: stripeTestSettings.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripeTestSettings.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripeTestSettings.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
    );
    rates = await setUpShippingAndTax(shop.db);
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.close();
  });

  it("creates the PaymentIntent for the total, and updates it when a retry picks another rate", async () => {
    const idempotencyKey = newIdempotencyKey();
    const body = (shippingRateId: number, expectedTotalCents: number) => ({
      ...checkoutBody([{ id: 4001, quantity: 4 }], { idempotencyKey, shipping: { state: "TX", zip: "75001" } }),
      shippingRateId,
      expectedTotalCents,
    });
    const first = await postCheckout(shop, body(rates.free, 10_200));
    expect(first.status).toBe(201);
    const row = await orderByNumber(shop.db, first.body.order!.number);
    const intent = () => stripe.intents.get(row.payment_ref!)!;
    expect(intent()).toMatchObject({
      amount: 10_200,
      metadata: { subtotalCents: "9600", discountCents: "0", shippingCents: "0", taxCents: "600" },
    });
    expect(intent().metadata).not.toHaveProperty("discountCode");

    const retried = await postCheckout(shop, body(rates.standard, 10_938));
    expect(retried.status).toBe(200);
    expect(intent()).toMatchObject({
      amount: 10_938,
      metadata: { subtotalCents: "9600", shippingCents: "695", taxCents: "643" },
    });
    expect(await orderByNumber(shop.db, row.number)).toMatchObject({
      amount_cents: 10_938,
      payment_ref: row.payment_ref,
    });
  });

  it("keeps the code and the discount in the PaymentIntent's metadata, and on a retry with another rate", async () => {
    await addDiscountCode(shop.db, { code: "HOLIDAY15" });
    const idempotencyKey = newIdempotencyKey();
    // 15 % off $24.00 is $3.60; Texas tax is 6.25 % of the $20.40 paid for the candle and of the shipping.
    const body = (shippingRateId: number, expectedTotalCents: number, shipTo = { state: "TX", zip: "75001" }) => ({
      ...checkoutBody([{ id: 4001, quantity: 1 }], { idempotencyKey, shipping: shipTo }),
      shippingRateId,
      expectedTotalCents,
      discountCode: "holiday15",
    });
    const first = await postCheckout(shop, body(rates.standard, 2906));
    expect(first.status).toBe(201);
    const row = await orderByNumber(shop.db, first.body.order!.number);
    const intent = () => stripe.intents.get(row.payment_ref!)!;
    expect(intent()).toMatchObject({
      amount: 2906,
      metadata: {
        orderNumber: row.number,
        subtotalCents: "2400",
        discountCents: "360",
        discountCode: "HOLIDAY15",
        shippingCents: "695",
        taxCents: "171",
      },
    });

    // Territory mail to Puerto Rico: another zone, no tax, and the code kept.
    const moved = await postCheckout(shop, body(rates.territoryMail, 3535, { state: "PR", zip: "00901" }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(intent()).toMatchObject({
      amount: 3535,
      metadata: { discountCents: "360", discountCode: "HOLIDAY15", shippingCents: "1495", taxCents: "0" },
    });
  });
});
