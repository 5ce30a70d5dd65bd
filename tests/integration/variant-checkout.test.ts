import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelAndRefund } from "~/.server/admin/cancel-and-refund";
import { setStock } from "~/.server/admin/stock";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import {
  type CheckoutAnswer,
  cards,
  checkout,
  checkoutBody,
  openShop,
  pay,
  placePendingOrder,
  request,
  type Shop,
} from "../helpers/shop-api";
import { accountedStock, adjustedStock, orderByNumber, ordersContaining } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";
import { giveOptions, variantStock } from "../helpers/variants";

const SHOPPERS = 60;
const owner = { actor: { id: "owner-id", displayName: "Mara Wick" }, shopEmail: "shop@example.com" };

/**
 * Sizes and scents at checkout (issue #44): what is sold is a variant, and
 * DESIGN.md's promise — no oversell under a race, on either engine — holds
 * per variant.
 */
describe(`checkout of variants on ${testEngine}`, () => {
  const lavender = { id: 301, name: "Lavender Fields" };
  const eight = { id: 3011, values: ["8 oz"], priceCents: 1800 };
  const twelve = { id: 3012, values: ["12 oz"], priceCents: 2400 };
  let shop: Shop;

  beforeAll(async () => {
    shop = await openShop({
      Wax: [
        { ...lavender, stock: 9 },
        { id: 302, stock: 40 },
      ],
    });
  });
  afterAll(() => shop?.close());

  const sizes = (eightStock: number, twelveStock: number) =>
    giveOptions(
      shop.db,
      lavender.id,
      [{ name: "Size", values: ["8 oz", "12 oz"] }],
      [
        { ...eight, stock: eightStock },
        { ...twelve, stock: twelveStock },
      ],
    );

  const expectInvariant = async () => expect(await accountedStock(shop.db)).toEqual(await adjustedStock(shop.db));

  const atOnce = (bodies: unknown[]) =>
    Promise.all(
      bodies.map((body, shopper) =>
        request<CheckoutAnswer>(`${shop.url}/api/checkout`, {
          body,
          headers: { "X-Forwarded-For": `203.0.113.${shopper}` },
        }),
      ),
    );

  it("refuses a line of a product with options that names no variant, in checkout and its quote, changing nothing", async () => {
    await sizes(5, 20);
    const answer = await checkout(shop, [{ id: lavender.id, quantity: 1 }]);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe("variant_required");
    const quote = await request<CheckoutAnswer>(`${shop.url}/api/checkout/quote`, {
      body: { lines: [{ id: lavender.id, quantity: 1 }] },
    });
    expect(quote.status).toBe(400);
    expect(quote.body.error?.code).toBe("variant_required");
    // A variant of another product is none of this one's: none available.
    const foreign = await checkout(shop, [{ id: 302, variant: twelve.id, quantity: 1 }]);
    expect(foreign.status).toBe(409);
    expect(foreign.body.adjustments).toEqual([{ id: 302, variant: twelve.id, available: 0 }]);
    expect(await ordersContaining(shop.db, lavender.id)).toEqual([]);
    expect([await variantStock(shop.db, eight.id), await variantStock(shop.db, twelve.id)]).toEqual([5, 20]);
    await expectInvariant();
  });

  it(`sells exactly the 5 of one size to ${SHOPPERS} simultaneous shoppers, leaving the other size alone`, async () => {
    await sizes(5, 20);
    const answers = await atOnce(
      Array.from({ length: SHOPPERS }, () => checkoutBody([{ id: lavender.id, variant: eight.id, quantity: 1 }])),
    );
    const sold = answers.filter((answer) => answer.status === 201);
    expect(sold).toHaveLength(5);
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.adjustments).toEqual([{ id: lavender.id, variant: eight.id, available: 0 }]);
    }
    expect([await variantStock(shop.db, eight.id), await variantStock(shop.db, twelve.id)]).toEqual([0, 20]);
    for (const answer of sold) {
      const order = await orderByNumber(shop.db, answer.body.order!.number);
      expect(order.amount_cents).toBe(eight.priceCents);
      expect(order.items).toMatchObject([
        { product_id: lavender.id, variant_id: eight.id, name: "Lavender Fields", variant: "8 oz", quantity: 1 },
      ]);
    }
    await expectInvariant();
  });

  it("holds per variant when carts with both sizes race the owner's Set stock to on one of them", async () => {
    await sizes(6, 30);
    const cart = [
      { id: lavender.id, variant: eight.id, quantity: 1 },
      { id: lavender.id, variant: twelve.id, quantity: 2 },
    ];
    const edits: Promise<{ kind: string }>[] = [];
    const checkouts = atOnce(Array.from({ length: 20 }, () => checkoutBody(cart)));
    // The owner counts the 12 oz shelf while the carts come in: each count applies only to the stock she saw.
    for (let count = 0; count < 5; count++) {
      const seen = await variantStock(shop.db, twelve.id);
      edits.push(
        setStock(
          shop.db,
          { productId: lavender.id, variantId: twelve.id, stock: 25 - count, expected: seen },
          { ...owner, now: Date.now() },
        ),
      );
    }
    const answers = await checkouts;
    const outcomes = await Promise.all(edits);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(outcomes.every((outcome) => outcome.kind === "changed" || outcome.kind === "stale")).toBe(true);
    // The 8 oz limits the carts: exactly its 6, each with both lines.
    const sold = answers.filter((answer) => answer.status === 201);
    expect(sold.length).toBeLessThanOrEqual(6);
    for (const answer of sold) {
      const order = await orderByNumber(shop.db, answer.body.order!.number);
      expect(order.items.map(({ variant_id, quantity }) => ({ variant_id, quantity }))).toEqual([
        { variant_id: eight.id, quantity: 1 },
        { variant_id: twelve.id, quantity: 2 },
      ]);
    }
    expect(await variantStock(shop.db, eight.id)).toBe(6 - sold.length);
    expect(await variantStock(shop.db, twelve.id)).toBeGreaterThanOrEqual(0);
    await expectInvariant();
  });

  it("puts an expired order's units and a refund's restock back on the variant they came from", async () => {
    // The races' orders expire first: from here on, only this test's orders hold units.
    await expireUnpaidOrders(shop.db, Date.now() + 24 * 60 * 60_000);
    await sizes(4, 4);
    const pending = await placePendingOrder(shop, [{ id: lavender.id, variant: twelve.id, quantity: 3 }]);
    expect(await variantStock(shop.db, twelve.id)).toBe(1);
    await expireUnpaidOrders(shop.db, Date.now() + 24 * 60 * 60_000);
    expect((await orderByNumber(shop.db, pending.number)).status).toBe("expired");
    expect([await variantStock(shop.db, eight.id), await variantStock(shop.db, twelve.id)]).toEqual([4, 4]);

    const paid = await placePendingOrder(shop, [{ id: lavender.id, variant: eight.id, quantity: 2 }]);
    expect((await pay(shop, paid, cards.success)).status).toBe(200);
    expect(await variantStock(shop.db, eight.id)).toBe(2);
    const refund = await cancelAndRefund(
      shop.db,
      { number: paid.number, restock: true },
      { ...owner, now: Date.now() },
    );
    expect(refund.kind).toBe("refunded");
    expect([await variantStock(shop.db, eight.id), await variantStock(shop.db, twelve.id)]).toEqual([4, 4]);
    const restock = await shop.db
      .selectFrom("stock_adjustments")
      .select(["product_id", "variant_id", "delta"])
      .where("reason", "=", `refund of ${paid.number}`)
      .execute();
    expect(restock).toEqual([{ product_id: lavender.id, variant_id: eight.id, delta: 2 }]);
    await expectInvariant();
  });
});
