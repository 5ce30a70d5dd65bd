import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCredentials, signIn, signedUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { makeTestOwner } from "../helpers/owner";
import { type Shop, openShop, placePendingOrder } from "../helpers/shop-api";
import { accountedStock, adjustedStock, orderByNumber, stockOf } from "../helpers/shop-db";
import { outboxRowsOf, placePaidOrder } from "../helpers/shop-mail";
import {
  type StripeStandIn,
  chargeRefundedEvent,
  sendStripeWebhook,
  startStripeStandIn,
  stripeTestSettings,
} from "../helpers/stripe-stand-in";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const STOCK = 20;
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

/** A shop with its owner signed in, on the test gateway or, given a stand-in, on Stripe. */
async function shopWithOwner(stripe?: StripeStandIn) {
  const env: Record<string, string> = stripe
    ? {
        STRIPE_SECRET_KEY: stripeTestSettings.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripeTestSettings.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripeTestSettings.webhookSecret,
        STRIPE_API_URL: stripe.url,
      }
    : {};
  const shop = await openShop({ Wax: [{ id: 1001, name: "Fig Leaf", price: 24, stock: STOCK }] }, env);
  const owner = { ...newCredentials("Mara Wick"), password: "poured-by-hand-2026" };
  await makeTestOwner(shop.database, { email: owner.email, name: owner.displayName, password: owner.password });
  const browser = new BrowserSession(shop.url);
  expect((await signIn(browser, owner)).status).toBe(302);
  return { shop, owner: browser, ownerEmail: owner.email };
}

/** Today's "Sales today" figure: the amount, and what it is after, if anything was refunded. */
async function salesToday(owner: BrowserSession) {
  const figure = textOf((await owner.get("/admin")).html).match(
    /Sales today<\/p><p class="admin-figure__amount">([^<]+)<\/p>(?:<p class="admin-figure__tax">([^<]+)<\/p>)?/,
  );
  expect(figure, "Today's Sales today figure").not.toBeNull();
  return { amount: figure![1], refunded: figure![2] };
}

const refund = (browser: BrowserSession, number: string, restock = true) =>
  browser.postForm(`/admin/orders/${number}`, { intent: "refund", number, ...(restock ? { restock: "on" } : {}) });

describe(`Cancel and refund, on ${testEngine}`, () => {
  describe("on the test gateway", () => {
    let shop: Shop;
    let owner: BrowserSession;
    let ownerEmail: string;
    beforeAll(async () => {
      ({ shop, owner, ownerEmail } = await shopWithOwner());
    });
    afterAll(() => shop.close());

    const refundsOf = (orderId: number) =>
      shop.db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).execute();

    it("refunds once under two concurrent requests, puts the items back as adjustments, and tells the shopper", async () => {
      const order = await placePaidOrder(shop, [{ id: 1001, quantity: 3 }], {
        shipping: { email: "grace@example.com" },
      });
      expect(await stockOf(shop.db, 1001)).toBe(STOCK - 3);
      const page = await owner.get(`/admin/orders/${order.number}`);
      expect(textOf(page.html)).toContain("Cancel and refund $72.00");
      // This shop's first order: Today's sales are its $72.00, nothing refunded yet.
      expect(await salesToday(owner)).toEqual({ amount: "$72.00", refunded: undefined });
      expect(page.html).toMatch(/<input type="checkbox" name="restock" checked=""\/>Put the items back in stock/);

      const answers = await Promise.all([refund(owner, order.number), refund(owner, order.number)]);
      expect(
        answers
          .map((answer) => textOf(answer.html).match(/Order WS-\w+ (is cancelled|was refunded already)/)?.[1])
          .sort(),
      ).toEqual(["is cancelled", "was refunded already"]);
      expect(await orderByNumber(shop.db, order.number)).toMatchObject({
        status: "refunded",
        refunded_at: expect.any(Number),
      });
      expect(await stockOf(shop.db, 1001)).toBe(STOCK);
      expect(await accountedStock(shop.db)).toEqual(await adjustedStock(shop.db));
      const adjustments = await shop.db
        .selectFrom("stock_adjustments")
        .select(["delta", "reason"])
        .where("reason", "=", `refund of ${order.number}`)
        .execute();
      expect(adjustments).toEqual([{ delta: 3, reason: `refund of ${order.number}` }]);
      expect((await outboxRowsOf(shop.db, order.id)).filter((row) => row.kind === "order_refunded")).toEqual([
        expect.objectContaining({ to: "grace@example.com", subject: `Your order ${order.number} has been refunded` }),
      ]);
      const activity = await shop.db.selectFrom("activity").selectAll().where("subject", "=", order.number).execute();
      expect(activity).toHaveLength(1);
      expect(JSON.parse(activity[0]!.after!)).toEqual({ status: "refunded", amountCents: 7200, restocked: true });
      await waitFor(async () => (await refundsOf(order.id))[0]?.status === "refunded", {
        timeoutMs: 20_000,
        what: "the test gateway's refund",
      });
      expect(await refundsOf(order.id)).toEqual([
        expect.objectContaining({ provider: "test", amount_cents: 7200, reason: "owner" }),
      ]);
      // The money went back today: Today's sales are net of it, as the tax report counts refunds.
      expect(await salesToday(owner)).toEqual({ amount: "$0.00", refunded: "after $72.00 refunded" });

      const timeline = textOf((await owner.get(`/admin/orders/${order.number}`)).html);
      expect(timeline).toContain("Cancelled and refunded: done");
      expect(timeline).not.toContain("Cancel and refund $");
      // The storefront shows the stock back.
      expect(await (await fetch(`${shop.url}/api/products?ids=1001`)).json()).toEqual({
        items: [expect.objectContaining({ id: 1001, stock: STOCK })],
      });
    });

    it("refunds a shipped order without restocking when the box is unticked, as it is for a shipped order", async () => {
      const order = await placePaidOrder(shop, [{ id: 1001, quantity: 2 }]);
      await owner.postForm("/admin?index", { intent: "ship", number: order.number });
      const page = await owner.get(`/admin/orders/${order.number}`);
      expect(page.html).toMatch(/<input type="checkbox" name="restock"\/>Put the items back in stock/);
      expect((await refund(owner, order.number, false)).status).toBe(200);
      expect(await orderByNumber(shop.db, order.number)).toMatchObject({ status: "refunded" });
      expect(await stockOf(shop.db, 1001)).toBe(STOCK - 2);
      expect(await accountedStock(shop.db)).toEqual(await adjustedStock(shop.db));
    });

    it("refuses an unpaid order with 409, a stale sign-in with 403, and anyone but the owner with 404", async () => {
      const unpaid = await placePendingOrder(shop, [{ id: 1001, quantity: 1 }]);
      const refused = await refund(owner, unpaid.number);
      expect(refused.status).toBe(409);
      expect(textOf(refused.html)).toContain(`Order ${unpaid.number} is not paid, so there is nothing to refund.`);

      const order = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }]);
      const shopper = new BrowserSession(shop.url);
      await signedUp(shopper);
      expect((await refund(shopper, order.number)).status).toBe(404);

      const owners = await shop.db.selectFrom("user").select("id").where("email", "=", ownerEmail).execute();
      await shop.db
        .withTables<{ session: { userId: string; createdAt: unknown } }>()
        .updateTable("session")
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000).toISOString() })
        .where("userId", "=", owners[0]!.id)
        .execute();
      const stale = await refund(owner, order.number);
      expect(stale.status).toBe(403);
      expect(stale.html).toContain("Refunds need a fresh sign-in");
      expect((await orderByNumber(shop.db, order.number)).status).toBe("paid");
      expect(await refundsOf(order.id)).toEqual([]);
    });
  });

  describe("on Stripe", () => {
    let stripe: StripeStandIn;
    let shop: Shop;
    let owner: BrowserSession;
    beforeAll(async () => {
      stripe = await startStripeStandIn();
      ({ shop, owner } = await shopWithOwner(stripe));
    });
    afterAll(async () => {
      await shop.close();
      await stripe.close();
    });

    async function paidStripeOrder(email?: string) {
      const placed = await placePendingOrder(shop, [{ id: 1001, quantity: 2 }], { shipping: { email } });
      const row = await orderByNumber(shop.db, placed.number);
      stripe.succeed(row.payment_ref!);
      await waitFor(
        async () =>
          (await fetch(`${shop.url}/api/orders/${placed.number}/payment`)).ok &&
          (await orderByNumber(shop.db, placed.number)).status === "paid",
        {
          what: "the order to be paid",
        },
      );
      return { placed, row };
    }

    it("asks Stripe for one refund of the order's payment, with an idempotency key, however often the owner clicks", async () => {
      const { placed, row } = await paidStripeOrder();

      await Promise.all([refund(owner, placed.number), refund(owner, placed.number), refund(owner, placed.number)]);
      await waitFor(() => stripe.refunds.some((entry) => entry.payment_intent === row.payment_ref), {
        timeoutMs: 20_000,
        what: "Stripe's refund",
      });
      await waitFor(
        async () =>
          (await shop.db.selectFrom("refunds").select("status").where("order_id", "=", row.id).executeTakeFirst())
            ?.status === "refunded",
        {
          what: "the refund to be recorded",
        },
      );
      const calls = stripe.requests.filter((entry) => entry.path === "/v1/refunds");
      expect(calls).toHaveLength(1);
      expect(calls[0]!.form.get("payment_intent")).toBe(row.payment_ref);
      expect(calls[0]!.form.get("amount")).toBe("4800");
      expect(calls[0]!.idempotencyKey).toBe(`wickshop-refund-${row.payment_ref}`);
    });

    it("marks an order refunded once when Stripe says it was refunded in its dashboard, and the shop's own refund's webhook changes nothing", async () => {
      const { placed, row } = await paidStripeOrder("grace@example.com");
      const intent = stripe.intents.get(row.payment_ref!)!;
      const event = chargeRefundedEvent("evt_dashboard_refund", intent);
      expect(await (await sendStripeWebhook(shop.url, event)).json()).toEqual({ received: true, outcome: "refunded" });
      expect(await (await sendStripeWebhook(shop.url, event)).json()).toEqual({ received: true, outcome: "duplicate" });
      expect(await orderByNumber(shop.db, placed.number)).toMatchObject({
        status: "refunded",
        refunded_at: expect.any(Number),
      });
      // Nobody said to restock: the first order's units came back with its own refund, this one's stay sold.
      expect(await stockOf(shop.db, 1001)).toBe(STOCK - 2);
      const activity = await shop.db.selectFrom("activity").selectAll().where("subject", "=", placed.number).execute();
      expect(activity).toEqual([expect.objectContaining({ action: "order.refunded", actor_name: "Stripe dashboard" })]);
      expect((await outboxRowsOf(shop.db, row.id)).filter((message) => message.kind === "order_refunded")).toHaveLength(
        1,
      );
      expect(
        await shop.db.selectFrom("refunds").select(["status", "reason"]).where("order_id", "=", row.id).execute(),
      ).toEqual([{ status: "refunded", reason: "provider" }]);
      expect(
        stripe.requests.filter(
          (entry) => entry.path === "/v1/refunds" && entry.form.get("payment_intent") === row.payment_ref,
        ),
      ).toEqual([]);

      // The shop's own refund of another order: its charge.refunded finds it refunded already.
      const own = await paidStripeOrder();
      await refund(owner, own.placed.number);
      const ownEvent = chargeRefundedEvent("evt_own_refund", stripe.intents.get(own.row.payment_ref!)!);
      expect(await (await sendStripeWebhook(shop.url, ownEvent)).json()).toEqual({
        received: true,
        outcome: "unchanged",
      });
      expect(
        await shop.db.selectFrom("activity").select("actor_name").where("subject", "=", own.placed.number).execute(),
      ).toEqual([{ actor_name: "Mara Wick" }]);
    });
  });
});
