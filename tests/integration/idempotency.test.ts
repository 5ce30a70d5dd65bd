import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import { type PaymentSuccess, recordPaymentSuccess } from "~/.server/orders/payment";
import {
  cards,
  checkoutBody,
  type Line,
  newIdempotencyKey,
  openShop,
  pay,
  placePendingOrder,
  postCheckout,
  type Shop,
} from "../helpers/shop-api";
import { orderByNumber, ordersContaining, outboxOf, paymentEventsOf, stockOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

/** How many answers had each status: { 201: 1, 200: 9 }. */
const statusCounts = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

const SHOP_EMAIL = "owner@wickshop.example";
const RETRIES = 10;

describe(`idempotency on ${testEngine}`, () => {
  const candle = { id: 701, price: 19.99, stock: 50 };
  const lastOne = { id: 702, stock: 1 };
  const lastOfAnother = { id: 703, stock: 1 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle, lastOne, lastOfAnother] }, { SHOP_EMAIL });
  });
  afterAll(() => shop?.close());

  describe("one idempotency key places one order", () => {
    it("answers a sequential replay with 200 and the same order, reserving the stock once", async () => {
      const body = checkoutBody([{ id: candle.id, quantity: 2 }]);
      const stockBefore = await stockOf(shop.db, candle.id);

      const first = await postCheckout(shop, body);
      const replay = await postCheckout(shop, body);

      expect(first.status).toBe(201);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(await stockOf(shop.db, candle.id)).toBe(stockBefore - 2);
      const order = await orderByNumber(shop.db, first.body.order!.number);
      expect(order.idempotency_key).toBe(body.idempotencyKey);
    });

    /** Sends one cart RETRIES times at once, as a double-clicking shopper on a flaky network might. */
    async function retryAtOnce(lines: Line[]) {
      const body = checkoutBody(lines);
      return Promise.all(Array.from({ length: RETRIES }, () => postCheckout(shop, body)));
    }

    it(`answers ${RETRIES} concurrent sends of one checkout with one 201 and 200s for the same order`, async () => {
      const stockBefore = await stockOf(shop.db, candle.id);
      const answers = await retryAtOnce([{ id: candle.id, quantity: 3 }]);

      expect(statusCounts(answers)).toEqual({ 200: RETRIES - 1, 201: 1 });
      expect(new Set(answers.map((answer) => answer.body.order?.number)).size).toBe(1);
      expect(await stockOf(shop.db, candle.id)).toBe(stockBefore - 3);
    });

    it(`answers ${RETRIES} concurrent sends of one checkout of the last unit in stock with that order, never 409`, async () => {
      const answers = await retryAtOnce([{ id: lastOne.id, quantity: 1 }]);

      const orders = await ordersContaining(shop.db, lastOne.id);
      expect(orders).toHaveLength(1);
      expect(await stockOf(shop.db, lastOne.id)).toBe(0);
      // The order for this key exists, so every send of it must be told so; a 409 makes the
      // browser drop the item from the cart while the shopper's order is in fact reserved.
      expect(statusCounts(answers)).toEqual({ 200: RETRIES - 1, 201: 1 });
      expect(answers.map((answer) => answer.body.order?.number)).toEqual(Array(RETRIES).fill(orders[0]!.number));
    });
  });

  const receiptTo = "ada@example.com";

  describe("a payment is recorded once", () => {
    const emailsFor = (email?: string) => [
      { kind: "order_notification", to: SHOP_EMAIL },
      ...(email ? [{ kind: "order_receipt", to: email }] : []),
    ];

    it("changes nothing when a paid order's card is confirmed again", async () => {
      const { number, accessToken } = await placePendingOrder(shop, [{ id: candle.id, quantity: 1 }], {
        shipping: { email: receiptTo },
      });
      const first = await pay(shop, { number, accessToken }, cards.success);
      expect(first.status).toBe(200);
      const paid = await orderByNumber(shop.db, number);

      const again = await pay(shop, { number, accessToken }, cards.success);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await orderByNumber(shop.db, number)).toEqual(paid);
      expect(await paymentEventsOf(shop.db, paid.id)).toHaveLength(1);
      expect(await outboxOf(shop.db, paid.id)).toEqual(emailsFor(receiptTo));
    });

    it("records concurrent confirmations of one order once", async () => {
      const { number, accessToken } = await placePendingOrder(shop, [{ id: candle.id, quantity: 1 }], {
        shipping: { email: receiptTo },
      });
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => pay(shop, { number, accessToken }, cards.success)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const order = await orderByNumber(shop.db, number);
      expect(order.status).toBe("paid");
      expect(await paymentEventsOf(shop.db, order.id)).toHaveLength(1);
      expect(await outboxOf(shop.db, order.id)).toEqual(emailsFor(receiptTo));
    });

    it("queues only the shop's notification when the shopper gave no email", async () => {
      const { number, accessToken } = await placePendingOrder(shop, [{ id: candle.id, quantity: 1 }]);
      expect((await pay(shop, { number, accessToken }, cards.success)).status).toBe(200);
      expect((await pay(shop, { number, accessToken }, cards.success)).status).toBe(200);
      const order = await orderByNumber(shop.db, number);
      expect(await paymentEventsOf(shop.db, order.id)).toHaveLength(1);
      expect(await outboxOf(shop.db, order.id)).toEqual(emailsFor(undefined));
    });
  });

  describe("a key sent again with a different body", () => {
    it("answers 422 idempotency_key_reused for other lines, and changes nothing", async () => {
      const body = checkoutBody([{ id: candle.id, quantity: 1 }]);
      const first = await postCheckout(shop, body);
      const stock = await stockOf(shop.db, candle.id);
      const before = await orderByNumber(shop.db, first.body.order!.number);

      const reused = await postCheckout(shop, { ...body, lines: [{ id: candle.id, quantity: 2 }] });
      expect(reused.status).toBe(422);
      expect(reused.body.error?.code).toBe("idempotency_key_reused");
      expect(reused.body.order).toBeUndefined();
      expect(await orderByNumber(shop.db, before.number)).toEqual(before);
      expect(await stockOf(shop.db, candle.id)).toBe(stock);
    });

    it("updates the address of its pending order: a fixed ZIP keeps the order and its reservation", async () => {
      const body = checkoutBody([{ id: lastOfAnother.id, quantity: 1 }], { shipping: { zip: "97210" } });
      const first = await postCheckout(shop, body);
      expect(first.status).toBe(201);
      expect(await pay(shop, first.body.order!, cards.declined)).toMatchObject({ status: 402 });

      const fixed = await postCheckout(shop, { ...body, shipping: { ...body.shipping, zip: "97201" } });
      expect(fixed.status).toBe(200);
      expect(fixed.body.order).toEqual(first.body.order);
      expect(await orderByNumber(shop.db, first.body.order!.number)).toMatchObject({
        shipping_zip: "97201",
        status: "pending_payment",
      });
      expect(await stockOf(shop.db, lastOfAnother.id)).toBe(0);
      expect(await pay(shop, first.body.order!, cards.success)).toMatchObject({ status: 200 });

      // Once paid, the address is the one the order ships to: another one is refused.
      const late = await postCheckout(shop, { ...body, shipping: { ...body.shipping, zip: "10001" } });
      expect(late.status).toBe(422);
      expect((await orderByNumber(shop.db, first.body.order!.number)).shipping_zip).toBe("97201");
    });
  });

  describe("a retry near the end of the reservation", () => {
    it("answers 409 order_expired once the order's reservation is over, even before the expiry job ran", async () => {
      const body = checkoutBody([{ id: candle.id, quantity: 1 }]);
      const first = await postCheckout(shop, body);
      expect(first.status).toBe(201);
      await shop.db
        .updateTable("orders")
        .set({ expires_at: Date.now() - 1 })
        .where("number", "=", first.body.order!.number)
        .execute();

      const retry = await postCheckout(shop, body);
      expect(retry.status).toBe(409);
      expect(retry.body.error?.code).toBe("order_expired");
      expect(await pay(shop, first.body.order!, cards.success)).toMatchObject({ status: 409 });
      expect((await orderByNumber(shop.db, first.body.order!.number)).status).toBe("pending_payment");
    });

    it("leaves an order the job found without a payment alone when a payment was attached meanwhile", async () => {
      const { number } = await placePendingOrder(shop, [{ id: candle.id, quantity: 1 }]);
      const stock = await stockOf(shop.db, candle.id);
      // The provider did not answer at checkout (a 502), so the order has no payment yet.
      await shop.db.updateTable("orders").set({ payment_ref: null }).where("number", "=", number).execute();
      const pending = await orderByNumber(shop.db, number);
      // The job saw no payment; before its update a checkout retried near expiry attached one.
      const expired = await expireUnpaidOrders(shop.db, pending.expires_at, async (order) => {
        if (order.id !== pending.id) return { kind: "skip" };
        await shop.db
          .updateTable("orders")
          .set({ payment_ref: `test_retried_${number}` })
          .where("id", "=", pending.id)
          .execute();
        return { kind: "expire" };
      });
      expect(expired.map((order) => order.number)).not.toContain(number);
      expect(await orderByNumber(shop.db, number)).toMatchObject({
        status: "pending_payment",
        payment_ref: `test_retried_${number}`,
      });
      expect(await stockOf(shop.db, candle.id)).toBe(stock);
    });
  });

  describe("recordPaymentSuccess", () => {
    async function pendingOrder() {
      const { number } = await placePendingOrder(shop, [{ id: candle.id, quantity: 2 }], {
        shipping: { email: receiptTo },
      });
      return orderByNumber(shop.db, number);
    }
    const success = (
      order: { id: number; amount_cents: number; payment_ref: string | null },
      changes: Partial<PaymentSuccess> = {},
    ): PaymentSuccess => ({
      provider: "test",
      eventId: `evt_${newIdempotencyKey()}`,
      orderId: order.id,
      paymentRef: order.payment_ref!,
      amountCents: order.amount_cents,
      currency: "usd",
      now: Date.now(),
      shopEmail: SHOP_EMAIL,
      ...changes,
    });

    it('records an event once: the second delivery of the same event id is a "duplicate"', async () => {
      const order = await pendingOrder();
      const event = success(order);
      expect(await recordPaymentSuccess(shop.db, event)).toEqual({ kind: "paid" });
      const paid = await orderByNumber(shop.db, order.number);

      expect(await recordPaymentSuccess(shop.db, { ...event, now: event.now + 1000 })).toEqual({ kind: "duplicate" });
      expect(await orderByNumber(shop.db, order.number)).toEqual(paid);
      expect(paid).toMatchObject({ status: "paid", paid_at: event.now });
      expect(await paymentEventsOf(shop.db, order.id)).toHaveLength(1);
      expect(await outboxOf(shop.db, order.id)).toHaveLength(2);
    });

    it("records one of two concurrent deliveries of the same event", async () => {
      const order = await pendingOrder();
      const event = success(order);
      const outcomes = await Promise.all([recordPaymentSuccess(shop.db, event), recordPaymentSuccess(shop.db, event)]);
      expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["duplicate", "paid"]);
      expect(await paymentEventsOf(shop.db, order.id)).toHaveLength(1);
      expect(await outboxOf(shop.db, order.id)).toHaveLength(2);
    });

    it.each([
      ["a different amount", { amountCents: 1 }],
      ["one cent less", { amountCents: 2 * 1999 - 1 }],
      ["another currency", { currency: "eur" }],
    ])(
      'answers "amount_mismatch" to %s, leaves the order pending and queues a refund of what was paid',
      async (_, changes) => {
        const order = await pendingOrder();
        const event = success(order, changes);
        expect(await recordPaymentSuccess(shop.db, event)).toEqual({ kind: "amount_mismatch" });
        expect(await recordPaymentSuccess(shop.db, event)).toEqual({ kind: "duplicate" });
        expect(await orderByNumber(shop.db, order.number)).toEqual(order);
        expect(await paymentEventsOf(shop.db, order.id)).toHaveLength(1);
        expect(await outboxOf(shop.db, order.id)).toEqual([]);
        const refunds = await shop.db.selectFrom("refunds").selectAll().where("order_id", "=", order.id).execute();
        expect(refunds).toEqual([
          expect.objectContaining({
            payment_ref: order.payment_ref,
            amount_cents: event.amountCents,
            currency: event.currency,
            status: expect.any(String),
          }),
        ]);
      },
    );

    it('answers "not_payable" to a payment for an expired order and queues one refund, however often it is reported', async () => {
      const order = await pendingOrder();
      await shop.db.updateTable("orders").set({ status: "expired" }).where("id", "=", order.id).execute();
      expect(await recordPaymentSuccess(shop.db, success(order))).toEqual({ kind: "not_payable" });
      expect(await recordPaymentSuccess(shop.db, success(order))).toEqual({ kind: "not_payable" });
      const refunds = await shop.db.selectFrom("refunds").selectAll().where("order_id", "=", order.id).execute();
      expect(refunds).toEqual([
        expect.objectContaining({ reason: "payment_not_applicable", amount_cents: order.amount_cents }),
      ]);
    });
  });
});
