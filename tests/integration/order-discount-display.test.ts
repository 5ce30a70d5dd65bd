import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCredentials, signedUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { addDiscountCode, setUpShippingAndTax } from "../helpers/pricing-setup";
import {
  cards,
  checkoutBody,
  type CheckoutAnswer,
  type Line,
  openShop,
  pay,
  type PricedChoice,
  type Shipping,
  type Shop,
} from "../helpers/shop-api";
import { orderByNumber } from "../helpers/shop-db";
import { outboxRowsOf } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&amp;", "&");
/** A thank-you page line as it reads: "Discount (HOLIDAY15): -$3.60". */
const asText = (line: { label: string; detail?: string; amount: string }) =>
  `${line.label}${line.detail ? ` (${line.detail})` : ""}: ${line.amount}`;

describe(`a discount code wherever the order's total is shown, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  let shopper: BrowserSession;
  let rates: Awaited<ReturnType<typeof setUpShippingAndTax>>;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, name: "Fig Leaf", price: 24, stock: 50 }] });
    rates = await setUpShippingAndTax(shop.db);
    await addDiscountCode(shop.db, { code: "HOLIDAY15", kind: "percent", value: 15 });
    await addDiscountCode(shop.db, { code: "FREESHIP", kind: "free_shipping", value: 0 });
    owner = await signedInOwner(shop);
    shopper = new BrowserSession(shop.url);
    await signedUp(shopper, newCredentials("Tex Wick"));
  });
  afterAll(() => shop?.close());

  /** Checks out signed in with a code and pays: the thank-you page's lines, as the payment's answer gives them. */
  async function buyWithCode(lines: Line[], shipping: Partial<Shipping>, choice: PricedChoice) {
    const placed = await shopper.postJson<CheckoutAnswer>(
      "/api/checkout",
      checkoutBody(lines, { shipping: { email: "tex@example.com", ...shipping }, choice }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const paid = await pay(shop, placed.body.order!, cards.success);
    expect(paid.status).toBe(200);
    return { order: await orderByNumber(shop.db, placed.body.order!.number), thankYou: paid.body.order!.breakdown };
  }

  /** What the shopper and the owner read of one order, on every page and email that shows its total. */
  async function surfacesOf(order: { id: number; number: string }) {
    const account = textOf((await shopper.get("/account")).html);
    const emails = await outboxRowsOf(shop.db, order.id);
    const page = textOf((await owner.get(`/admin/orders/${order.number}`)).html);
    const tfoot = /<tfoot>(.*)<\/tfoot>/.exec(page)![1]!;
    const csv = await owner.get(`/admin/orders.csv?q=${order.number}`);
    expect(csv.status).toBe(200);
    return {
      accountCard: account.slice(account.indexOf(`Order ${order.number}`)).split("</li>")[0]!,
      receipt: emails.find((email) => email.kind === "order_receipt")!,
      notice: emails.find((email) => email.kind === "order_notification")!,
      orderPage: [...tfoot.matchAll(/<th scope="row" colspan="3">([^<]*)<\/th><td>([^<]*)<\/td>/gi)].map(
        (row) => `${row[1]}: ${row[2]}`,
      ),
      csvRow: csv.html.split("\r\n")[1]!,
    };
  }

  it("names a money-off code with its amount on the thank-you page, /account, both emails, the order's page and the CSV", async () => {
    // 15 % of $24.00 is $3.60 off; Texas tax is 6.25 % of what was paid for the candle ($20.40) and of the $6.95 shipping.
    const { order, thankYou } = await buyWithCode(
      [{ id: 1001, quantity: 1 }],
      { state: "TX", zip: "75001" },
      { shippingRateId: rates.standard, expectedTotalCents: 2906, discountCode: "holiday15" },
    );
    expect(order).toMatchObject({
      discount_code: "HOLIDAY15",
      discount_cents: 360,
      tax_cents: 171,
      amount_cents: 2906,
    });
    const breakdown = [
      "Subtotal: $24.00",
      "Discount (HOLIDAY15): -$3.60",
      "Shipping (Standard): $6.95",
      "Tax (TX 6.25 %): $1.71",
      "Order total: $29.06",
    ];
    expect(thankYou?.map(asText)).toEqual(breakdown);

    const seen = await surfacesOf(order);
    expect(seen.accountCard).toContain("Subtotal $24.00 · Discount (HOLIDAY15) -$3.60 · Shipping $6.95 · Tax $1.71");
    for (const email of [seen.receipt, seen.notice]) {
      expect(email.text).toContain(breakdown.join("\n"));
      expect(email.html).toContain(breakdown.join("<br>"));
    }
    // SPEC §3's fields stay as they were: the total, not its parts.
    expect(JSON.parse(seen.notice.params!)).toMatchObject({ orderNumber: order.number, total: "$29.06" });
    expect(seen.orderPage).toEqual(breakdown);
    expect(seen.csvRow).toMatch(
      new RegExp(`^${order.number},paid,.*,TX,75001,,,24\\.00,3\\.60,HOLIDAY15,6\\.95,1\\.71,29\\.06,1001,Fig Leaf,`),
    );
  });

  it("names a free-shipping code beside the Free rate, though it took nothing off the items", async () => {
    const { order, thankYou } = await buyWithCode(
      [{ id: 1001, quantity: 1 }],
      {},
      { shippingRateId: rates.standard, expectedTotalCents: 2400, discountCode: "FREESHIP" },
    );
    expect(order).toMatchObject({
      discount_code: "FREESHIP",
      discount_cents: 0,
      shipping_cents: 0,
      amount_cents: 2400,
    });
    const breakdown = [
      "Subtotal: $24.00",
      "Discount (FREESHIP): Free shipping",
      "Shipping (Standard): Free",
      "Order total: $24.00",
    ];
    expect(thankYou?.map(asText)).toEqual(breakdown);

    const seen = await surfacesOf(order);
    expect(seen.accountCard).toContain("Subtotal $24.00 · Discount (FREESHIP) Free shipping · Shipping Free");
    for (const email of [seen.receipt, seen.notice]) {
      expect(email.text).toContain(breakdown.join("\n"));
      expect(email.html).toContain(breakdown.join("<br>"));
    }
    expect(seen.orderPage).toEqual(breakdown);
    expect(seen.csvRow).toMatch(
      new RegExp(`^${order.number},paid,.*,OR,97201,,,24\\.00,0\\.00,FREESHIP,0\\.00,0\\.00,24\\.00,1001,Fig Leaf,`),
    );
  });
});
