import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { cards, checkoutBody, openShop, pay, postCheckout, request, type Shop } from "../helpers/shop-api";
import { accountedStock, ordersWithoutItems, stockOf } from "../helpers/shop-db";
import { afterLaterDeliveryRound, outboxRowsOf } from "../helpers/shop-mail";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink";
import {
  sendStripeWebhook,
  startStripeStandIn,
  type StripeStandIn,
  stripeTestSettings,
  succeededEvent,
} from "../helpers/stripe-stand-in";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const SHOPPERS = 50;
/**
 * The server dies just after this shopper's payment is sent: that request, and
 * whatever else is under way, is cut off. (Killing it after a payment was
 * confirmed could find every other answer already read, and cut off nothing.)
 */
const KILL_AT_PAYMENT = 11;
const SHOP_EMAIL = "owner@candles.example";
/** Every shopper wants one: 30 are sold, 20 shoppers are told it is gone. */
const scarce = { id: 921, stock: 30 };
const plenty = { id: 922, stock: 500 };
/** Emails sent before the crash; the next one is left mid-send when the server dies. */
const SENT_BEFORE_CRASH = 4;

/** How a shopper's payment goes through, and what the provider itself knows it took money for. */
/** What the checkout answered: the number and the token that shows this browser placed the order. */
type PlacedOrder = { number: string; accessToken: string };

interface PaymentDriver {
  env: Record<string, string>;
  /** Pays for a placed order as the shopper's browser (and the provider) would; throws unless the shop confirms it. */
  pay: (shopUrl: string, order: PlacedOrder) => Promise<void>;
  /** Numbers of the orders the provider took money for. */
  charged: (db: Db) => Promise<string[]>;
}

/**
 * The test gateway takes no money outside the shop: a card it approves is
 * charged in the same transaction that records the charge event and marks
 * the order paid. So it took money for exactly the orders with that event.
 */
const testGatewayDriver: PaymentDriver = {
  env: {},
  async pay(shopUrl, order) {
    const answer = await pay({ url: shopUrl }, order, cards.success);
    if (answer.status !== 200)
      throw new Error(`paying ${order.number} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  },
  async charged(db) {
    const rows = await db
      .selectFrom("payment_events")
      .innerJoin("orders", "orders.id", "payment_events.order_id")
      .where("payment_events.provider", "=", "test")
      .where("payment_events.type", "=", "payment_succeeded")
      .select("orders.number")
      .execute();
    return rows.map((row) => row.number);
  },
};

/**
 * Stripe takes the money when Stripe.js confirms the card (the stand-in's
 * intent turns succeeded); the shop learns it from the webhook, which Stripe
 * repeats with the same event id until it gets a 2xx, and from the browser
 * asking for the order's payment status.
 */
function stripeDriver(stripe: StripeStandIn): PaymentDriver {
  return {
    env: {
      STRIPE_SECRET_KEY: stripeTestSettings.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripeTestSettings.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripeTestSettings.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
    async pay(shopUrl, { number: orderNumber }) {
      const intent = [...stripe.intents.values()].find((candidate) => candidate.metadata.orderNumber === orderNumber);
      if (!intent) throw new Error(`no PaymentIntent for ${orderNumber}`);
      stripe.succeed(intent.id);
      const webhook = await sendStripeWebhook(shopUrl, succeededEvent(`evt_${intent.id}`, intent));
      if (webhook.status !== 200) throw new Error(`the webhook for ${orderNumber} answered ${webhook.status}`);
      const status = await request<{ order?: { status: string } }>(`${shopUrl}/api/orders/${orderNumber}/payment`, {
        method: "GET",
      });
      if (status.body.order?.status !== "paid")
        throw new Error(`${orderNumber} is ${JSON.stringify(status.body)} after its payment`);
    },
    charged: async () =>
      [...stripe.intents.values()]
        .filter((intent) => intent.status === "succeeded")
        .map((intent) => intent.metadata.orderNumber!),
  };
}

interface Shopper {
  body: ReturnType<typeof checkoutBody>;
  wantsReceipt: boolean;
  order?: PlacedOrder;
  outcome?: "paid" | "sold_out";
  /** The request the crash cut off. */
  cutOff?: string;
}

function newShoppers(): Shopper[] {
  return Array.from({ length: SHOPPERS }, (_, index) => {
    const wantsReceipt = index % 4 === 0;
    const lines =
      index % 3 === 0
        ? [
            { id: scarce.id, quantity: 1 },
            { id: plenty.id, quantity: 2 },
          ]
        : [{ id: scarce.id, quantity: 1 }];
    return {
      body: checkoutBody(lines, { shipping: { email: wantsReceipt ? `shopper${index}@example.com` : undefined } }),
      wantsReceipt,
    };
  });
}

/** Checks out (again, with the same idempotency key, after a crash) and pays, as far as the shopper got. */
async function goShopping(shopper: Shopper, shopUrl: string, driver: PaymentDriver, onPaying: () => void = () => {}) {
  if (!shopper.order) {
    const answer = await postCheckout({ url: shopUrl }, shopper.body);
    if (answer.status === 409 && answer.body.error?.code === "insufficient_stock") {
      shopper.outcome = "sold_out";
      return;
    }
    if (!answer.body.order) throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    shopper.order = answer.body.order;
  }
  const payment = driver.pay(shopUrl, shopper.order);
  onPaying();
  await payment;
  shopper.outcome = "paid";
}

/** A request the dying server did not answer in full: fetch fails to connect, is reset, or its answer stops mid-way. */
const wasCutOff = (error: unknown) =>
  error instanceof TypeError && ["fetch failed", "terminated"].includes(error.message);

describe.each(["test gateway", "Stripe"] as const)(
  `SIGKILL in the middle of ${SHOPPERS} checkouts and payments (%s) on ${testEngine}`,
  (provider) => {
    let shop: Shop | undefined;
    let restarted: ServerProcess | undefined;
    let sink: SmtpSink | undefined;
    let stripe: StripeStandIn | undefined;
    afterEach(async () => {
      await restarted?.stop();
      await shop?.close();
      await sink?.close();
      await stripe?.close();
      shop = restarted = sink = stripe = undefined;
    });

    it("after a restart on the same data: the stock adds up, every charged order is paid once, every paid order's emails arrive once", async () => {
      sink = await startSmtpSink();
      stripe = provider === "Stripe" ? await startStripeStandIn() : undefined;
      const driver = stripe ? stripeDriver(stripe) : testGatewayDriver;
      const env = {
        ...driver.env,
        SMTP_URL: sink.url,
        SHOP_EMAIL,
        MAIL_RETRY_BASE_SECONDS: "0.2",
        // The message the crash leaves mid-send goes out again this soon after.
        MAIL_CLAIM_LEASE_SECONDS: "2",
        PAYMENT_ATTEMPTS_PER_IP: "100000",
      };
      shop = await openShop({ Wax: [scarce, plenty] }, env);
      const { db } = shop;

      // Before the rush: a few orders whose emails go out, and one email the SMTP server takes in but never answers.
      sink.stallAfter(SENT_BEFORE_CRASH);
      const earlier = [];
      for (let i = 0; i < 3; i++) {
        const { number } = await placePaidOrderWith(shop, driver, { email: `earlier${i}@example.com` });
        earlier.push(number);
      }
      await waitFor(async () => sink!.stalled() === 1 && (await sentCount(db)) === SENT_BEFORE_CRASH, {
        timeoutMs: 15_000,
        what: `${SENT_BEFORE_CRASH} emails sent and recorded, and the next one mid-send`,
      });

      const shoppers = newShoppers();
      let paying = 0;
      const server = shop.server;
      await Promise.all(
        shoppers.map((shopper) =>
          goShopping(shopper, shop!.url, driver, () => {
            if (++paying === KILL_AT_PAYMENT) setImmediate(() => server.child.kill("SIGKILL"));
          }).catch((error: unknown) => {
            if (!wasCutOff(error)) throw error;
            shopper.cutOff = String(error);
          }),
        ),
      );
      expect(await server.exited).toBeNull();
      expect(
        shoppers.filter((shopper) => shopper.cutOff).length,
        "shoppers whose request the crash cut off",
      ).toBeGreaterThan(0);

      sink.resume();
      restarted = await startServerProcess({ ...shop.database.env, ...env });
      // Every shopper the crash cut off tries again: the same idempotency key, then the payment.
      await Promise.all(
        shoppers.filter((shopper) => !shopper.outcome).map((shopper) => goShopping(shopper, restarted!.url, driver)),
      );

      const paidOrders = shoppers.filter((shopper) => shopper.outcome === "paid");
      expect(paidOrders).toHaveLength(scarce.stock);
      expect(shoppers.filter((shopper) => shopper.outcome === "sold_out")).toHaveLength(SHOPPERS - scarce.stock);
      expect(await stockOf(db, scarce.id)).toBe(0);
      expect(await accountedStock(db)).toEqual(shop.initialStock);
      expect(await ordersWithoutItems(db)).toEqual([]);

      // Every order in the database is one a shopper holds, paid; the provider took money for exactly those.
      const orders = await db.selectFrom("orders").select(["id", "number", "status", "paid_at"]).execute();
      const expectedNumbers = [...earlier, ...paidOrders.map((shopper) => shopper.order!.number)].sort();
      expect(orders.map((order) => order.number).sort()).toEqual(expectedNumbers);
      for (const order of orders)
        expect(order, order.number).toMatchObject({ status: "paid", paid_at: expect.any(Number) });
      expect((await driver.charged(db)).sort()).toEqual(expectedNumbers);

      // Paid once: its emails were queued once (by the one change to paid); each arrives once.
      const receipts = new Set([
        ...earlier,
        ...paidOrders.filter((shopper) => shopper.wantsReceipt).map((shopper) => shopper.order!.number),
      ]);
      await waitFor(async () => (await pendingEmails(db)) === 0, {
        timeoutMs: 45_000,
        what: "every queued email sent",
      });
      // Later delivery rounds must not send any again: one that began after is awaited.
      const marker = await afterLaterDeliveryRound(
        db,
        async () =>
          (await placePaidOrderWith({ ...shop!, url: restarted!.url }, driver, { email: "marker@example.com" })).number,
      );
      for (const order of orders) {
        const rows = await outboxRowsOf(db, order.id);
        expect(
          rows.map((row) => row.kind),
          order.number,
        ).toEqual(receipts.has(order.number) ? ["order_notification", "order_receipt"] : ["order_notification"]);
        const copies = sink.messages.filter((message) => message.parsed.subject?.includes(order.number));
        expect(copies.map((message) => message.envelope.to).sort(), `emails of ${order.number}`).toEqual(
          rows.map((row) => [row.to]).sort(),
        );
      }
      expect(sink.messages.filter((message) => !message.parsed.subject?.includes(marker))).toHaveLength(
        orders.length + receipts.size,
      );
    }, 120_000);
  },
);

/** Checks out one candle from the plentiful stock and pays with the provider. */
async function placePaidOrderWith(shop: Shop, driver: PaymentDriver, shipping: { email: string }) {
  const answer = await postCheckout(shop, checkoutBody([{ id: plenty.id, quantity: 1 }], { shipping }));
  if (!answer.body.order) throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  await driver.pay(shop.url, answer.body.order);
  return answer.body.order;
}

async function sentCount(db: Db) {
  const rows = await db.selectFrom("outbox").select("id").where("status", "=", "sent").execute();
  return rows.length;
}

async function pendingEmails(db: Db) {
  const rows = await db.selectFrom("outbox").select("id").where("status", "!=", "sent").execute();
  return rows.length;
}
