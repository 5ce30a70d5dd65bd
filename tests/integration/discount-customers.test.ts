// One per customer is by email in any letter case: a guest's order and an account's are one customer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { addDiscountCode, usesOf } from "../helpers/pricing-setup";
import { watchTypedPasswords } from "../helpers/password-watch";
import { cards, checkoutBody, type CheckoutAnswer, pay, request, type Shop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

type Quote = { subtotalCents: number; discountCents: number; totalCents: number };
type Answer = CheckoutAnswer & { quote?: Quote } & Partial<Quote>;

const candle = { id: 4201, price: 40, stock: 100 };
const lines = [{ id: candle.id, quantity: 1 }];
const watch = watchTypedPasswords();

describe(`a one-per-customer code across a guest and an account, on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await watch.openShop({ Wax: [candle] });
  });
  afterAll(() => shop?.close());

  const codeUses = (code: string) => usesOf(shop.db, code);
  const paidWith = async (answer: { status: number; body: Answer }) => {
    expect(answer.status).toBe(201);
    expect(answer.body.order?.amountCents).toBe(3000);
    expect((await pay(shop, answer.body.order!, cards.success)).status).toBe(200);
  };
  // Every code here is $10 off the $40 candle: the total the shopper saw once it applied.
  const withCode = (discountCode: string) => ({ discountCode, expectedTotalCents: 3000 });
  const asGuest = (code: string, email: string) =>
    request<Answer>(`${shop.url}/api/checkout`, {
      body: { ...checkoutBody(lines, { shipping: { email } }), ...withCode(code) },
    });
  // The account's own email is the order's: the shipping form names none.
  const asAccount = (shopper: BrowserSession, code: string) =>
    shopper.postJson<Answer>("/api/checkout", { ...checkoutBody(lines), ...withCode(code) });
  const accountWithEmail = async (email: string) => {
    const shopper = new BrowserSession(shop.url);
    await signedUp(shopper, { ...watch.credentials("Ann Taper"), email });
    return shopper;
  };
  const expectRefusedOnce = (answer: { status: number; body: Answer }, status = 409) => {
    expect(answer.status).toBe(status);
    expect(answer.body.error).toEqual({
      code: "discount_once_per_customer",
      message: "You've already used this code.",
    });
    expect(answer.body.quote).toMatchObject({ subtotalCents: 4000, discountCents: 0, totalCents: 4000 });
  };

  it("refuses an account the code a guest with its email in other letters paid with", async () => {
    await addDiscountCode(shop.db, { code: "WELCOME10", kind: "amount", value: 1000, once_per_customer: 1 });
    await paidWith(await asGuest("welcome10", "Ann@Example.com"));

    const account = await accountWithEmail("ann@example.COM");
    // The account's email is known before checkout: Apply is refused already.
    expectRefusedOnce(await account.postJson<Answer>("/api/checkout/quote", { lines, discountCode: "Welcome10" }), 422);
    expectRefusedOnce(await asAccount(account, "WELCOME10"));
    expect(await codeUses("WELCOME10")).toBe(1);
  });

  it("refuses a guest the code an account with her email in other letters paid with", async () => {
    await addDiscountCode(shop.db, { code: "FIRSTWICK", kind: "amount", value: 1000, once_per_customer: 1 });
    const account = await accountWithEmail("Bea@Example.org");
    await paidWith(await asAccount(account, "firstwick"));

    const guestQuote = (shipping: { email?: string }) =>
      request<Answer>(`${shop.url}/api/checkout/quote`, { body: { lines, shipping, discountCode: "FIRSTWICK" } });
    // Before she types an email the code applies; checkout will ask for one.
    const beforeEmail = await guestQuote({});
    expect(beforeEmail.status).toBe(200);
    expect(beforeEmail.body.discountCents).toBe(1000);
    // With the email she typed, Apply is refused at once, as checkout refuses it.
    expectRefusedOnce(await guestQuote({ email: "bea@EXAMPLE.ORG" }), 422);
    expectRefusedOnce(await asGuest("FirstWick", "bea@EXAMPLE.ORG"));
    expect((await guestQuote({ email: "cy@example.org" })).body.discountCents).toBe(1000);
    expect(await codeUses("FIRSTWICK")).toBe(1);
  });
});

describe(`passwords in the server output on ${testEngine}`, () => {
  it("no server this file started wrote a password it typed", () => watch.expectNoneWritten());
});
