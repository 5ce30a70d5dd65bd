import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RetryPolicy } from "~/.server/db/work-queue";
import { createLogger } from "~/.server/logger";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import { recordPaymentSuccess } from "~/.server/orders/payment";
import { paymentProviders } from "~/.server/orders/payments/providers";
import { createStripeProvider } from "~/.server/orders/payments/stripe";
import { refundDuePayments } from "~/.server/orders/refunds";
import { type Shop, openShop, placePendingOrder } from "../helpers/shop-api";
import { orderByNumber, stockOf } from "../helpers/shop-db";
import { runScript } from "../helpers/run-script";
import {
  type StripeStandIn,
  sendStripeWebhook,
  startStripeStandIn,
  stripeTestSettings,
  succeededEvent,
} from "../helpers/stripe-stand-in";
import { type TestDatabase, createTestDatabase, testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const stripeEnv = (stripe: StripeStandIn) => ({
  STRIPE_SECRET_KEY: stripeTestSettings.secretKey,
  STRIPE_PUBLISHABLE_KEY: stripeTestSettings.publishableKey,
  STRIPE_WEBHOOK_SECRET: stripeTestSettings.webhookSecret,
  STRIPE_API_URL: stripe.url,
});

const refundsOf = (db: Shop["db"], orderId: number) =>
  db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).execute();

describe(`Money taken for an order that cannot take it is refunded, on ${testEngine}`, () => {
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  afterAll(() => stripe.close());

  describe("by the running shop", () => {
    let shop: Shop;
    beforeEach(async () => {
      shop = await openShop({ Wax: [{ id: 1001, price: 19.99, stock: 5 }] }, stripeEnv(stripe));
    });
    afterEach(() => shop.close());

    it("records a payment that lands after its order expired, lists it in npm run refunds, and refunds it once through Stripe", async () => {
      const order = await placePendingOrder(shop, [{ id: 1001, quantity: 2 }]);
      const row = await orderByNumber(shop.db, order.number);
      await expireUnpaidOrders(shop.db, Date.now() + 60 * 60_000);
      expect(await stockOf(shop.db, 1001)).toBe(5);

      const late = succeededEvent("evt_too_late", stripe.succeed(row.payment_ref!));
      const answer = await sendStripeWebhook(shop.url, late);
      expect(await answer.json()).toEqual({ received: true, outcome: "not_payable" });
      // A redelivery, and the same payment reported by another event, ask for no second refund.
      await sendStripeWebhook(shop.url, late);
      await sendStripeWebhook(shop.url, succeededEvent("evt_same_payment", stripe.intents.get(row.payment_ref!)!));

      const refund = await waitFor(
        async () => {
          const [first] = await refundsOf(shop.db, row.id);
          return first?.status === "refunded" ? first : undefined;
        },
        { timeoutMs: 20_000, what: "the refund job to refund the payment" },
      );
      expect(await refundsOf(shop.db, row.id)).toHaveLength(1);
      expect(refund).toMatchObject({
        provider: "stripe",
        payment_ref: row.payment_ref,
        amount_cents: 3998,
        currency: "usd",
        provider_refund_id: "re_1",
      });
      expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: row.payment_ref, amount: 3998 })]);
      expect(stripe.requests.find((entry) => entry.path === "/v1/refunds")?.idempotencyKey).toBe(
        `wickshop-refund-${row.payment_ref}`,
      );
      expect((await orderByNumber(shop.db, order.number)).status).toBe("expired");
      expect(await stockOf(shop.db, 1001)).toBe(5);

      const list = await runScript("scripts/refunds.ts", ["list"], shop.database.env);
      expect(list.code).toBe(0);
      expect(list.stdout).toContain(
        `#${refund.id}  refunded  order ${order.number}  $39.98 USD  stripe ${row.payment_ref}`,
      );
      expect(shop.server.output()).toContain(
        "Stripe took a payment for an order that is no longer payable; it will be refunded",
      );
    });

    it("refunds a payment of another amount than the order's, and leaves the order to expire", async () => {
      const order = await placePendingOrder(shop, [{ id: 1001, quantity: 1 }]);
      const row = await orderByNumber(shop.db, order.number);
      const intent = stripe.succeed(row.payment_ref!);
      expect(await (await sendStripeWebhook(shop.url, succeededEvent("evt_short", intent, 500))).json()).toMatchObject({
        outcome: "amount_mismatch",
      });
      await waitFor(async () => (await refundsOf(shop.db, row.id))[0]?.status === "refunded", {
        timeoutMs: 20_000,
        what: "the refund",
      });
      expect(stripe.refunds.filter((refund) => refund.payment_intent === row.payment_ref)).toEqual([
        expect.objectContaining({ amount: 500 }),
      ]);
      expect((await orderByNumber(shop.db, order.number)).status).toBe("pending_payment");
    });
  });

  describe("with retries", () => {
    let database: TestDatabase;
    let orderId: number;
    let clock: number;
    const policy: RetryPolicy = { maxAttempts: 2, baseMs: 1000, claimLeaseMs: 60_000 };
    const logger = createLogger({ mode: "test", logLevel: "silent" });
    const stripeProviders = () => paymentProviders(createStripeProvider({ ...stripeTestSettings, apiUrl: stripe.url }));
    const runJob = (payments = stripeProviders()) =>
      refundDuePayments(database.db, payments, { logger, policy, now: () => clock });
    const refund = async () => (await refundsOf(database.db, orderId))[0]!;

    beforeEach(async () => {
      database = await createTestDatabase();
      clock = Date.now();
      const intent = (
        await stripeProviders().current.createPayment({
          orderNumber: "WS-REFUND01",
          description: "Wickshop order WS-REFUND01",
          amountCents: 2500,
          currency: "usd",
          idempotencyKey: `k-${clock}`,
          billingName: "Ada",
        })
      ).ref;
      stripe.succeed(intent);
      const order = await database.db
        .insertInto("orders")
        .values({
          number: `WS-R${clock}`,
          status: "expired",
          customer_name: "Guest",
          shipping_name: "Ada",
          shipping_address: "1 Main St",
          shipping_city: "Salem",
          shipping_state: "OR",
          shipping_zip: "97301",
          amount_cents: 2500,
          subtotal_cents: 2500,
          currency: "usd",
          payment_provider: "stripe",
          payment_ref: intent,
          idempotency_key: `k-${clock}`,
          created_at: clock,
          expires_at: clock,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      orderId = order.id;
      const outcome = await recordPaymentSuccess(database.db, {
        provider: "stripe",
        eventId: `evt_${clock}`,
        orderId,
        paymentRef: intent,
        amountCents: 2500,
        currency: "usd",
        now: clock,
        shopEmail: "owner@wickshop.test",
      });
      expect(outcome).toEqual({ kind: "not_payable" });
    });
    afterEach(() => database.cleanup());

    it("retries with backoff while Stripe fails, gives up after the last attempt, and npm run refunds -- retry ID sends it", async () => {
      stripe.failRefunds(2);
      expect(await runJob()).toBe(0);
      expect(await refund()).toMatchObject({ status: "pending", attempts: 1, next_attempt_at: clock + 1000 });
      expect(await runJob()).toBe(0); // not due yet
      clock += 1000;
      expect(await runJob()).toBe(0);
      const failed = await refund();
      expect(failed).toMatchObject({ status: "failed", attempts: 2 });
      expect(failed.last_error).toContain("Stand-in outage");

      const list = await runScript("scripts/refunds.ts", ["list"], database.env);
      expect(list.stdout).toContain(`#${failed.id}  failed  order WS-R`);
      expect(list.stdout).toContain("gave up after 2 attempts  Stand-in outage");
      const retry = await runScript("scripts/refunds.ts", ["retry", String(failed.id)], database.env);
      expect(retry).toMatchObject({ code: 0, stdout: `Refund ${failed.id} is queued again.\n` });
      clock = Date.now();
      expect(await runJob()).toBe(1);
      expect(await refund()).toMatchObject({ status: "refunded", provider_refund_id: expect.stringMatching(/^re_/) });
      expect((await runScript("scripts/refunds.ts", ["retry", String(failed.id)], database.env)).stderr).toBe(
        `There is no pending or failed refund ${failed.id}.\n`,
      );
      expect((await runScript("scripts/refunds.ts", ["retry", "x"], database.env)).stderr).toBe(
        "Usage: npm run refunds -- list | retry ID\n",
      );
    });

    it("never refunds twice when a process died after Stripe refunded, even once Stripe forgot the idempotency key", async () => {
      expect(await runJob()).toBe(1);
      const first = await refund();
      const refundsBefore = stripe.refunds.length;
      for (const forget of [false, true]) {
        // The crash: Stripe refunded, the row was never marked.
        await database.db
          .updateTable("refunds")
          .set({ status: "pending", provider_refund_id: null, next_attempt_at: clock })
          .where("id", "=", first.id)
          .execute();
        if (forget) stripe.forgetIdempotencyKeys();
        expect(await runJob()).toBe(1);
        expect(await refund()).toMatchObject({ status: "refunded", provider_refund_id: first.provider_refund_id });
      }
      expect(stripe.refunds).toHaveLength(refundsBefore);
    });

    it("keeps a Stripe refund waiting, not lost, while the shop has no Stripe keys", async () => {
      expect(await runJob(paymentProviders())).toBe(0);
      expect(await refund()).toMatchObject({ status: "pending", attempts: 1 });
      expect((await refund()).last_error).toContain("no longer set up for stripe");
    });
  });
});
