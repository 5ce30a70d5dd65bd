import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutBody, newIdempotencyKey, openShop, postCheckout, type Shop } from "../helpers/shop-api";
import { setUpShippingAndTax } from "../helpers/pricing-setup";
import { orderByNumber } from "../helpers/shop-db";
import { startStripeStandIn, type StripeStandIn, stripeTestSettings } from "../helpers/stripe-stand-in";
import { testEngine } from "../helpers/test-database";

describe(`Stripe sees the total and its breakdown, on ${testEngine}`, () => {
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
});
