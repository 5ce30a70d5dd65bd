import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settleWithProvider } from "~/.server/orders/expiry";
import { createLogger } from "~/.server/logger";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import { placeOrder } from "~/.server/orders/checkout";
import { paymentProviders } from "~/.server/orders/payments/providers";
import { createStripeProvider } from "~/.server/orders/payments/stripe";
import { type Shop, checkoutBody, openShop, paymentStatus, placePendingOrder, request } from "../helpers/shop-api";
import { orderByNumber, outboxOf, paymentEventsOf, stockOf } from "../helpers/shop-db";
import {
  sendStripeWebhook,
  signedStripeEvent,
  startStripeStandIn,
  type StripeStandIn,
  stripeTestSettings,
  succeededEvent as succeeded,
} from "../helpers/stripe-stand-in";
import { testEngine } from "../helpers/test-database";

describe(`Stripe payments on ${testEngine}`, () => {
  let stripe: StripeStandIn;
  let shop: Shop;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  afterAll(() => stripe.close());
  beforeEach(async () => {
    shop = await openShop(
      { Wax: [{ id: 1001, price: 19.99, stock: 5 }] },
      {
        STRIPE_SECRET_KEY: stripeTestSettings.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripeTestSettings.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripeTestSettings.webhookSecret,
        STRIPE_API_URL: stripe.url,
        SHOP_EMAIL: "owner@wickshop.test",
      },
    );
  });
  afterEach(() => shop.close());

  const sendWebhook = (event: ReturnType<typeof signedStripeEvent>, signature?: string) =>
    sendStripeWebhook(shop.url, event, signature);

  async function placeStripeOrder(quantity = 2, email?: string) {
    const order = await placePendingOrder(shop, [{ id: 1001, quantity }], { shipping: { email } });
    const row = await orderByNumber(shop.db, order.number);
    return { order, row, intent: stripe.intents.get(row.payment_ref!)! };
  }

  it("creates a PaymentIntent for the server's amount in cents and hands the browser its client secret", async () => {
    const answer = await request<{ payment: Record<string, unknown>; order: { number: string } }>(
      `${shop.url}/api/checkout`,
      {
        body: {
          idempotencyKey: "stripe-key-0001",
          lines: [{ id: 1001, quantity: 2 }],
          shipping: { name: "Ada", address: "1 Main St", city: "Salem", state: "OR", zip: "97301" },
        },
      },
    );
    expect(answer.status).toBe(201);
    const create = stripe.requests.find((entry) => entry.path === "/v1/payment_intents")!;
    expect(create.form.get("amount")).toBe("3998");
    expect(create.form.get("currency")).toBe("usd");
    expect(create.form.get("metadata[orderNumber]")).toBe(answer.body.order.number);
    expect(create.idempotencyKey).toBe("wickshop-stripe-key-0001");
    const intent = [...stripe.intents.values()].at(-1)!;
    expect(answer.body.payment).toEqual({
      provider: "stripe",
      clientSecret: intent.client_secret,
      publishableKey: stripeTestSettings.publishableKey,
    });
    expect((await orderByNumber(shop.db, answer.body.order.number)).payment_ref).toBe(intent.id);
    expect(create.form.get("description")).toBe(`Wickshop order ${answer.body.order.number}`);
  });

  it("describes the PaymentIntent by the shop's own name once she has one", async () => {
    const settingsVersionBump = () =>
      shop.db
        .updateTable("settings_version")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .execute();
    await shop.db.insertInto("shop_settings").values({ key: "name", value: "Luna & Wick" }).execute();
    await settingsVersionBump();
    try {
      const { row } = await placeStripeOrder(1);
      const create = stripe.requests.filter((entry) => entry.path === "/v1/payment_intents").at(-1)!;
      expect(create.form.get("description")).toBe(`Luna & Wick order ${row.number}`);
    } finally {
      await shop.db.deleteFrom("shop_settings").execute();
      await settingsVersionBump();
    }
  });

  it("marks the order paid once on payment_intent.succeeded, and a replayed event changes nothing", async () => {
    const { row, intent } = await placeStripeOrder(2, "ada@example.com");
    const event = succeeded("evt_paid_1", stripe.succeed(intent.id));
    expect((await sendWebhook(event)).status).toBe(200);
    expect((await orderByNumber(shop.db, row.number)).status).toBe("paid");
    expect((await outboxOf(shop.db, row.id)).map((message) => message.to).sort()).toEqual([
      "ada@example.com",
      "owner@wickshop.test",
    ]);

    expect((await sendWebhook(event)).status).toBe(200);
    expect((await sendWebhook(succeeded("evt_paid_2", intent))).status).toBe(200);
    expect(await paymentEventsOf(shop.db, row.id)).toHaveLength(2);
    expect(await outboxOf(shop.db, row.id)).toHaveLength(2);
    expect(await stockOf(shop.db, 1001)).toBe(3);
  });

  it("a failed event arriving after success (out of order) leaves the order paid", async () => {
    const { row, intent } = await placeStripeOrder();
    await sendWebhook(succeeded("evt_ok", stripe.succeed(intent.id)));
    const failed = signedStripeEvent({
      id: "evt_late_failure",
      type: "payment_intent.payment_failed",
      object: {
        id: intent.id,
        object: "payment_intent",
        amount: intent.amount,
        currency: "usd",
        status: "requires_payment_method",
      },
    });
    expect((await sendWebhook(failed)).status).toBe(200);
    expect((await orderByNumber(shop.db, row.number)).status).toBe("paid");
    expect(await outboxOf(shop.db, row.id)).toHaveLength(1);
  });

  it("refuses a webhook whose signature does not verify, changing nothing", async () => {
    const { row, intent } = await placeStripeOrder();
    const event = succeeded("evt_forged", intent);
    const forged = await sendWebhook(event, "t=1,v1=0000");
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.code).toBe("invalid_signature");
    const tampered = await fetch(`${shop.url}/api/payments/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
      body: event.payload.replace('"amount":3998', '"amount":1'),
    });
    expect(tampered.status).toBe(400);
    expect((await orderByNumber(shop.db, row.number)).status).toBe("pending_payment");
    expect(await paymentEventsOf(shop.db, row.id)).toHaveLength(0);
  });

  it("refuses and logs a succeeded event whose amount differs from the order's", async () => {
    const { row, intent } = await placeStripeOrder();
    expect((await sendWebhook(succeeded("evt_short", intent, 100))).status).toBe(200);
    expect((await orderByNumber(shop.db, row.number)).status).toBe("pending_payment");
    expect(await outboxOf(shop.db, row.id)).toHaveLength(0);
    expect(shop.server.output()).toContain("Refused a Stripe payment whose amount or currency differs");
  });

  it("processes a retry after an attempt that failed half-way, all or nothing", async () => {
    const { row, intent } = await placeStripeOrder();
    const event = succeeded("evt_retry", stripe.succeed(intent.id));
    await shop.db.schema.alterTable("outbox").renameTo("outbox_away").execute();
    expect((await sendWebhook(event)).status).toBe(500);
    await shop.db.schema.alterTable("outbox_away").renameTo("outbox").execute();
    expect((await orderByNumber(shop.db, row.number)).status).toBe("pending_payment");
    expect(await paymentEventsOf(shop.db, row.id)).toHaveLength(0);

    expect((await sendWebhook(event)).status).toBe(200);
    expect((await orderByNumber(shop.db, row.number)).status).toBe("paid");
    expect(await outboxOf(shop.db, row.id)).toHaveLength(1);
  });

  it("the payment-status check records a payment whose webhook has not come yet", async () => {
    const { order, row, intent } = await placeStripeOrder(1);
    const pending = await paymentStatus(shop, row.number, order.accessToken);
    expect(pending.body.order?.status).toBe("pending_payment");

    stripe.succeed(intent.id);
    const paid = await paymentStatus(shop, row.number, order.accessToken);
    expect(paid.body.order).toMatchObject({ status: "paid", amountCents: 1999, thankYouName: "Ada Lovelace" });
    // The webhook arriving later finds the order paid and changes nothing.
    await sendWebhook(succeeded("evt_after_check", intent));
    expect(await outboxOf(shop.db, row.id)).toHaveLength(1);
    expect((await request(`${shop.url}/api/orders/WS-NOSUCH00/payment`, { method: "GET" })).status).toBe(404);
  });

  it("asks Stripe about one order at most 20 times a minute, however often its status is polled", async () => {
    const { order, row, intent } = await placeStripeOrder(1);
    const checks = () =>
      stripe.requests.filter(
        (entry) => entry.method === "GET" && entry.path.startsWith(`/v1/payment_intents/${intent.id}`),
      ).length;
    for (let poll = 0; poll < 25; poll++) {
      expect((await paymentStatus(shop, row.number, order.accessToken)).body.order?.status).toBe("pending_payment");
    }
    expect(checks()).toBe(20);
    // Past the limit the webhook still records the payment, and the status says so.
    await sendWebhook(succeeded("evt_polled", intent));
    expect((await paymentStatus(shop, row.number, order.accessToken)).body.order?.status).toBe("paid");
  });

  it("expiry cancels the PaymentIntent and returns the stock, but keeps an order that was paid at the last moment", async () => {
    const settings = { ...stripeTestSettings, apiUrl: stripe.url };
    const settle = settleWithProvider({
      db: shop.db,
      logger: createLogger({ mode: "test", logLevel: "silent" }),
      payments: paymentProviders(createStripeProvider(settings)),
      shopEmail: "owner@wickshop.test",
    });
    const unpaid = await placeStripeOrder(2);
    const paidLate = await placeStripeOrder(1);
    stripe.succeed(paidLate.intent.id);
    expect(await stockOf(shop.db, 1001)).toBe(2);

    const later = Date.now() + 60 * 60_000;
    const expired = await expireUnpaidOrders(shop.db, later, settle);
    expect(expired.map((order) => order.number)).toEqual([unpaid.row.number]);
    expect(stripe.intents.get(unpaid.intent.id)!.status).toBe("canceled");
    expect((await orderByNumber(shop.db, unpaid.row.number)).status).toBe("expired");
    expect((await orderByNumber(shop.db, paidLate.row.number)).status).toBe("paid");
    expect(await stockOf(shop.db, 1001)).toBe(4);
  });

  describe("after the shop switched providers, every order is settled with its own", () => {
    const settleWith = (payments: ReturnType<typeof paymentProviders>) =>
      settleWithProvider({
        db: shop.db,
        logger: createLogger({ mode: "test", logLevel: "silent" }),
        payments,
        shopEmail: "owner@wickshop.test",
      });
    const later = () => Date.now() + 60 * 60_000;

    it("from the test gateway to Stripe: an old test order still expires and its stock comes back", async () => {
      const now = Date.now();
      const placed = await placeOrder(shop.db, paymentProviders(), checkoutBody([{ id: 1001, quantity: 2 }]), {
        customer: {},
        now,
        shopEmail: "owner@example.com",
        reservationMs: 15 * 60_000,
        guesser: { address: "127.0.0.1", rule: { limit: 10, windowMs: 15 * 60_000 }, now },
      });
      if (placed.kind !== "placed") throw new Error(`the checkout answered ${placed.kind}`);
      expect(placed.order.payment_provider).toBe("test");
      expect(await stockOf(shop.db, 1001)).toBe(3);

      const stripeNow = paymentProviders(createStripeProvider({ ...stripeTestSettings, apiUrl: stripe.url }));
      await expireUnpaidOrders(shop.db, later(), settleWith(stripeNow));
      expect((await orderByNumber(shop.db, placed.order.number)).status).toBe("expired");
      expect(await stockOf(shop.db, 1001)).toBe(5);
    });

    it("from Stripe to the test gateway: a Stripe order whose money was taken is never reported cancelled nor restocked", async () => {
      const { row, intent } = await placeStripeOrder(2);
      stripe.succeed(intent.id);

      expect(await expireUnpaidOrders(shop.db, later(), settleWith(paymentProviders()))).toEqual([]);
      expect((await orderByNumber(shop.db, row.number)).status).toBe("pending_payment");
      expect(stripe.intents.get(intent.id)!.status).toBe("succeeded");
      expect(await stockOf(shop.db, 1001)).toBe(3);
    });
  });

  it("reads at most 256 KB of a webhook call, even one that states no length: 413 beyond", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${shop.url}/api/payments/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=none" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: "body_too_large", message: "The body must be at most 262144 bytes." },
    });
  });

  it("keeps the test gateway closed when Stripe takes the payments", async () => {
    const { row } = await placeStripeOrder(1);
    const answer = await request(`${shop.url}/api/payments/test-gateway`, {
      body: { orderNumber: row.number, cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    });
    expect(answer.status).toBe(404);
    expect((await orderByNumber(shop.db, row.number)).status).toBe("pending_payment");
  });
});
