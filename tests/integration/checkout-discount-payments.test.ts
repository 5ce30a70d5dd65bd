import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { addDiscountCode, counterOf, usesOf } from "../helpers/pricing-setup";
import { signedInOwner } from "../helpers/owner";
import {
  type CheckoutAnswer,
  checkoutBody,
  newIdempotencyKey,
  openShop,
  paymentStatus,
  postCheckout,
  type Shop,
} from "../helpers/shop-api";
import { accountedStock, adjustedStock, orderByNumber, outboxOf, stockOf } from "../helpers/shop-db";
import { startStripeStandIn, type StripeStandIn, stripeShopEnv } from "../helpers/stripe-stand-in";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

type Quote = { subtotalCents: number; discountCents: number; totalCents: number };
type Answer = CheckoutAnswer & {
  order?: CheckoutAnswer["order"] & Quote;
  payment?: { provider: string } | null;
  quote?: Quote;
};

const SHOP_EMAIL = "hello@wickshop.example";
const STOCK = 20;
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

describe(`what a discount code leaves to pay, on Stripe, on ${testEngine}`, () => {
  const candle = { id: 4101, name: "Fig Leaf", price: 40, stock: STOCK };
  let stripe: StripeStandIn;
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    shop = await openShop({ Wax: [candle] }, { ...stripeShopEnv(stripe), SHOP_EMAIL });
    owner = await signedInOwner(shop);
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.close();
  });

  /** Two candles ($80.00), for Grace, with the code she applied and the total it showed her, and the key given. */
  const buy = (choice: { discountCode?: string; expectedTotalCents?: number }, idempotencyKey = newIdempotencyKey()) =>
    postCheckout(shop, {
      ...checkoutBody([{ id: candle.id, quantity: 2 }], { idempotencyKey, shipping: { email: "grace@example.com" } }),
      ...choice,
    }) as Promise<{ status: number; body: Answer }>;
  const uses = (code: string) => usesOf(shop.db, code);
  const redemptionOf = (orderId: number) =>
    shop.db
      .selectFrom("discount_redemptions")
      .innerJoin("discounts", "discounts.id", "discount_redemptions.discount_id")
      .select(["discounts.code", "discount_redemptions.email_key"])
      .where("order_id", "=", orderId)
      .execute();
  /** The order's email of `kind` as the outbox will send it. */
  const emailOf = (orderId: number, kind: string) =>
    shop.db
      .selectFrom("outbox")
      .select(["subject", "text", "html"])
      .where("order_id", "=", orderId)
      .where("kind", "=", kind)
      .executeTakeFirstOrThrow();

  it("places an order its code covers as paid, with no card and no call to Stripe, queues its emails once even on a retry, and Cancel and refund restocks it asking no one", async () => {
    await addDiscountCode(shop.db, { code: "FREECANDLE", value: 100 });
    const stripeCalls = stripe.requests.length;
    const key = newIdempotencyKey();
    const placed = await buy({ discountCode: "freecandle", expectedTotalCents: 0 }, key);
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({
      status: "paid",
      amountCents: 0,
      subtotalCents: 8000,
      discountCents: 8000,
    });
    expect(placed.body.payment).toBeNull();
    const { number, accessToken } = placed.body.order!;
    const row = await orderByNumber(shop.db, number);
    expect(row).toMatchObject({
      status: "paid",
      paid_at: expect.any(Number),
      payment_provider: "discount",
      payment_ref: null,
      discount_code: "FREECANDLE",
    });
    expect(await stockOf(shop.db, candle.id)).toBe(STOCK - 2);
    const emails = [
      { kind: "order_notification", to: SHOP_EMAIL },
      { kind: "order_receipt", to: "grace@example.com" },
    ];
    expect(await outboxOf(shop.db, row.id)).toEqual(emails);
    // No card took part: the receipt says the code paid the order.
    const receipt = await emailOf(row.id, "order_receipt");
    expect(receipt.text).toContain(`Your order ${number} is paid in full with the discount code FREECANDLE.`);
    for (const body of [receipt.text, receipt.html]) expect(body).not.toContain("We received your payment");
    // What the panel reads to thank the shopper, as after a card.
    expect((await paymentStatus(shop, number, accessToken)).body.order).toMatchObject({
      status: "paid",
      amountCents: 0,
      thankYouName: "Ada Lovelace",
    });

    const again = await buy({ discountCode: "FREECANDLE", expectedTotalCents: 0 }, key);
    expect(again.status).toBe(200);
    expect(again.body.order).toMatchObject({ number, status: "paid", amountCents: 0 });
    expect(again.body.payment).toBeNull();
    expect(await outboxOf(shop.db, row.id)).toEqual(emails);
    expect(await uses("FREECANDLE")).toBe(1);
    expect(await stockOf(shop.db, candle.id)).toBe(STOCK - 2);

    const page = textOf((await owner.get(`/admin/orders/${number}`)).html);
    expect(page).toContain("Paid with a discount");
    expect(page).not.toContain("Stripe");
    const refunded = await owner.postForm(`/admin/orders/${number}`, { intent: "refund", number, restock: "on" });
    expect(textOf(refunded.html)).toContain(
      `Order ${number} is cancelled; its discount code paid it in full, so there is no payment to refund.`,
    );
    expect(await orderByNumber(shop.db, number)).toMatchObject({ status: "refunded", refunded_at: expect.any(Number) });
    expect(await stockOf(shop.db, candle.id)).toBe(STOCK);
    const cancelled = await emailOf(row.id, "order_refunded");
    expect(cancelled.subject).toBe(`Your order ${number} has been cancelled`);
    expect(cancelled.text).toContain("Nothing was charged for it: its discount code paid it in full.");
    for (const body of [cancelled.text, cancelled.html]) expect(body).not.toMatch(/card|bank/i);
    expect(await accountedStock(shop.db)).toEqual(await adjustedStock(shop.db));
    const activity = await shop.db.selectFrom("activity").select("after").where("subject", "=", number).execute();
    expect(activity.map((entry) => JSON.parse(entry.after!))).toEqual([
      { status: "refunded", amountCents: 0, restocked: true },
    ]);
    expect(await shop.db.selectFrom("refunds").select("id").where("order_id", "=", row.id).execute()).toEqual([]);
    // A refunded order keeps its use: the code is not freed for that email again.
    expect(await uses("FREECANDLE")).toBe(1);
    expect(stripe.requests.slice(stripeCalls)).toEqual([]);
  });

  it("moves a pending order to another code with the same key, checked again, and its PaymentIntent's amount with it; removes it; keeps it when the new one is refused; and answers 422 once paid", async () => {
    await addDiscountCode(shop.db, { code: "TENOFF", kind: "amount", value: 1000 });
    await addDiscountCode(shop.db, { code: "FIVEOFF", kind: "amount", value: 500, once_per_customer: 1 });
    await addDiscountCode(shop.db, { code: "SPENT", max_uses: 1, uses: 1 });
    const key = newIdempotencyKey();
    const placed = await buy({ discountCode: "TENOFF", expectedTotalCents: 7000 }, key);
    expect(placed.status).toBe(201);
    const row = await orderByNumber(shop.db, placed.body.order!.number);
    const intent = () => stripe.intents.get(row.payment_ref!)!;
    expect(intent().amount).toBe(7000);

    const moved = await buy({ discountCode: "fiveoff", expectedTotalCents: 7500 }, key);
    expect(moved.status).toBe(200);
    expect(moved.body.order).toMatchObject({ number: row.number, amountCents: 7500, discountCents: 500 });
    expect(intent()).toMatchObject({ amount: 7500, metadata: { discountCents: "500" } });
    expect([await uses("TENOFF"), await uses("FIVEOFF")]).toEqual([0, 1]);
    expect(await redemptionOf(row.id)).toEqual([{ code: "FIVEOFF", email_key: "grace@example.com" }]);

    const refused = await buy({ discountCode: "SPENT" }, key);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: "discount_used_up", message: "That code has been used up." });
    expect(refused.body.quote).toMatchObject({ discountCents: 0, totalCents: 8000 });
    expect(await orderByNumber(shop.db, row.number)).toMatchObject({ discount_code: "FIVEOFF", amount_cents: 7500 });
    expect(await redemptionOf(row.id)).toEqual([{ code: "FIVEOFF", email_key: "grace@example.com" }]);
    expect([await uses("FIVEOFF"), await counterOf(shop.db, "SPENT")]).toEqual([1, 1]);
    expect(intent().amount).toBe(7500);

    const removed = await buy({}, key);
    expect(removed.status).toBe(200);
    expect(removed.body.order).toMatchObject({ amountCents: 8000, discountCents: 0 });
    expect(await orderByNumber(shop.db, row.number)).toMatchObject({ discount_code: null, discount_kind: null });
    expect(await redemptionOf(row.id)).toEqual([]);
    expect(await uses("FIVEOFF")).toBe(0);
    // Codes without a limit keep no counter: the moves never wrote their rows.
    expect([await counterOf(shop.db, "TENOFF"), await counterOf(shop.db, "FIVEOFF")]).toEqual([0, 0]);
    expect(intent().amount).toBe(8000);

    expect((await buy({ discountCode: "TENOFF", expectedTotalCents: 7000 }, key)).body.order).toMatchObject({
      amountCents: 7000,
      discountCents: 1000,
    });
    expect(intent().amount).toBe(7000);
    stripe.succeed(row.payment_ref!);
    await waitFor(async () => (await paymentStatus(shop, row.number)).body.order?.status === "paid", {
      what: "the order to be paid",
    });
    const after = await buy({ discountCode: "FIVEOFF", expectedTotalCents: 7500 }, key);
    expect(after.status).toBe(422);
    expect(after.body.error?.code).toBe("idempotency_key_reused");
    expect((await buy({}, key)).status).toBe(422);
    expect((await buy({ discountCode: "TENOFF", expectedTotalCents: 7000 }, key)).body.order).toMatchObject({
      status: "paid",
      amountCents: 7000,
    });
    expect([await uses("TENOFF"), await uses("FIVEOFF")]).toEqual([1, 0]);
    expect(await outboxOf(shop.db, row.id)).toHaveLength(2);
  });

  it("pays a pending order with its discount once a retry's code covers it, cancelling its PaymentIntent", async () => {
    await addDiscountCode(shop.db, { code: "HALF", value: 50 });
    const key = newIdempotencyKey();
    const placed = await buy({ discountCode: "HALF", expectedTotalCents: 4000 }, key);
    expect(placed.body.order).toMatchObject({ status: "pending_payment", amountCents: 4000 });
    const row = await orderByNumber(shop.db, placed.body.order!.number);
    const freeUses = await uses("FREECANDLE");

    const free = await buy({ discountCode: "FREECANDLE", expectedTotalCents: 0 }, key);
    expect(free.status).toBe(200);
    expect(free.body.order).toMatchObject({ number: row.number, status: "paid", amountCents: 0 });
    expect(free.body.payment).toBeNull();
    expect(stripe.intents.get(row.payment_ref!)!.status).toBe("canceled");
    expect(await orderByNumber(shop.db, row.number)).toMatchObject({
      status: "paid",
      payment_provider: "discount",
      payment_ref: null,
      discount_code: "FREECANDLE",
    });
    expect([await uses("HALF"), await uses("FREECANDLE")]).toEqual([0, freeUses + 1]);
    expect(await outboxOf(shop.db, row.id)).toHaveLength(2);
    expect((await buy({ discountCode: "HALF", expectedTotalCents: 4000 }, key)).status).toBe(422);
  });

  it("refuses a code that leaves 1 to 49 cents to pay, and leaves the order as it was", async () => {
    await addDiscountCode(shop.db, { code: "ALMOST", kind: "amount", value: 7975 });
    expect((await buy({ discountCode: "ALMOST" })).body.error?.code).toBe("total_below_minimum");
    const key = newIdempotencyKey();
    const placed = await buy({}, key);
    const refused = await buy({ discountCode: "ALMOST" }, key);
    expect(refused.body.error?.code).toBe("total_below_minimum");
    expect(await orderByNumber(shop.db, placed.body.order!.number)).toMatchObject({
      amount_cents: 8000,
      discount_code: null,
    });
    expect(await uses("ALMOST")).toBe(0);
  });
});
