import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCredentials, SESSION_COOKIE, signedUp, signIn, signOut } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { cards, checkoutBody, type CheckoutAnswer, openShop, type PaymentAnswer, type Shop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

const CVC = "7319";
const cardForms = (spaced: string) => [spaced, spaced.replaceAll(" ", "")];

describe(`secrets in the server's output over a whole shopping trip on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    // Everything the server can log: a secret that shows up at any level must be found.
    shop = await openShop({ Wax: [{ id: 1301, stock: 50 }] }, { LOG_LEVEL: "trace" });
  });
  afterAll(() => shop?.close());

  it("never writes a password, a card number, a CVC or a session token", async () => {
    const shopper = new BrowserSession(shop.url);
    const typed = await signedUp(shopper, newCredentials());
    await signOut(shopper);
    const wrongPassword = newCredentials().password;
    expect((await signIn(shopper, { ...typed, password: wrongPassword })).status).toBe(401);
    expect((await signIn(shopper, typed)).status).toBe(302);
    const sessionCookie = shopper.cookie(SESSION_COOKIE)!;
    expect(sessionCookie).toBeTruthy();
    expect((await shopper.get("/checkout")).status).toBe(200);

    const placed = await shopper.postJson<CheckoutAnswer>("/api/checkout", checkoutBody([{ id: 1301, quantity: 2 }]));
    expect(placed.status).toBe(201);
    const { number: orderNumber, accessToken } = placed.body.order!;
    const payWith = (cardNumber: string, cvc = CVC) =>
      shopper.postJson<PaymentAnswer>(
        "/api/payments/test-gateway",
        { orderNumber, cardNumber, expiry: "12/34", cvc },
        { "X-Order-Token": accessToken },
      );
    // The ways a card goes wrong first: a bad CVC, a body that is not JSON, a decline; then it pays.
    expect((await payWith(cards.success, `${CVC}x`)).status).toBe(400);
    const broken = await shopper.send("/api/payments/test-gateway", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Order-Token": accessToken },
      body: `{"orderNumber":"${orderNumber}","cardNumber":"${cards.success}","cvc":"${CVC}"`,
    });
    expect(broken.status).toBe(400);
    expect((await payWith(cards.declined)).status).toBe(402);
    expect((await payWith(cards.success)).status).toBe(200);
    await signOut(shopper);

    // Stopping the server flushes everything it wrote.
    await shop.server.stop();
    const output = shop.server.output();
    expect(output).toMatch(/\/api\/payments\/test-gateway/); // the trip was logged, just not its secrets
    expect(output).toMatch(/user sign in failed/);

    for (const password of [typed.password, wrongPassword]) expect(output).not.toContain(password);
    for (const card of [...cardForms(cards.success), ...cardForms(cards.declined)]) expect(output).not.toContain(card);
    expect(output).not.toMatch(new RegExp(`cvc\\W{0,6}${CVC}`, "i"));
    const [token] = decodeURIComponent(sessionCookie).split(".");
    for (const secret of [sessionCookie, decodeURIComponent(sessionCookie), token!, accessToken])
      expect(output).not.toContain(secret);
  });
});
