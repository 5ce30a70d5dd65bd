// One file on purpose: its last suite checks every password typed anywhere in it against the output of every server it started.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountsOf,
  asDate,
  authTexts,
  type Credentials,
  formError,
  guestNav,
  navOf,
  newCredentials,
  SESSION_COOKIE,
  sessionCookieOf,
  sessionsOf,
  signedInNav,
  signedUp,
  signIn,
  signOut,
  signUp,
  usersWithEmail,
  waitForOutput,
} from "../helpers/accounts";
import { BrowserSession, type PageResponse } from "../helpers/browser-session";
import { cards, checkoutBody, type CheckoutAnswer, openShop, pay, type Shop, shipping } from "../helpers/shop-api";
import { orderByNumber, outboxOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

const candle = { id: 901, price: 18, stock: 100 };
const SHOP_EMAIL = "hello@wickshop.example";
const AUTH_LIMIT = 3;

/** Every password this file types anywhere, and every server it typed them at: none may ever log one. */
const typedPasswords = new Set<string>();
const servers: Shop["server"][] = [];

function credentials(displayName?: string): Credentials {
  const typed = newCredentials(displayName);
  typedPasswords.add(typed.password);
  return typed;
}

async function startShop(env: Record<string, string> = {}) {
  // Every request comes from 127.0.0.1: keep the per-address auth limit out of the way unless a test sets it.
  const shop = await openShop({ Wax: [candle] }, { AUTH_ATTEMPTS_PER_IP: "100000", ...env });
  servers.push(shop.server);
  return shop;
}

describe(`accounts on /auth on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(() => shop?.close());

  const browser = () => new BrowserSession(shop.url);
  const pageNav = async (session: BrowserSession) => navOf((await session.get("/shop")).html);

  describe("sign-up", () => {
    it("creates the user once, with a hashed credential, signs them in and shows their name", async () => {
      const shopper = browser();
      const typed = credentials("Ada Wick");
      const before = Date.now();
      const response = await signUp(shopper, typed);
      const after = Date.now();

      expect(response.status).toBe(302);
      expect(response.location).toBe("/shop");
      const users = await usersWithEmail(shop.db, typed.email);
      expect(users).toEqual([{ id: expect.any(String), name: "Ada Wick", email: typed.email, createdAt: expect.anything() }]);
      const createdAt = asDate(users[0]!.createdAt).getTime();
      expect(createdAt).toBeGreaterThanOrEqual(before - 1_000);
      expect(createdAt).toBeLessThanOrEqual(after + 1_000);

      const accounts = await accountsOf(shop.db, users[0]!.id);
      expect(accounts).toEqual([{ accountId: users[0]!.id, providerId: "credential", password: expect.any(String) }]);
      expect(accounts[0]!.password).not.toContain(typed.password);
      expect(accounts[0]!.password!.length).toBeGreaterThan(typed.password.length);

      expect(navOf((await shopper.get(response.location!)).html)).toEqual(signedInNav("Ada Wick"));
      expect(await pageNav(browser())).toEqual(guestNav);
    });

    it("sets the session cookie httpOnly and SameSite=Lax, and not Secure over http", async () => {
      const response = await signUp(browser(), credentials());

      const cookie = sessionCookieOf(response);
      expect(cookie?.value).toEqual(expect.stringMatching(/\S/));
      expect(cookie?.attributes).toMatchObject({ httponly: true, path: "/" });
      expect(String(cookie?.attributes.samesite).toLowerCase()).toBe("lax");
      for (const set of response.setCookies) expect(set.attributes).not.toHaveProperty("secure");
    });

    it.each([
      ["a path with a query", "/shop/wax?sort=price", "/shop/wax?sort=price"],
      ["an absolute URL", "https://evil.example/", "/"],
      ["a protocol-relative URL", "//evil.example", "/"],
      ["a backslash URL", "/\\evil.example", "/"],
      ["nothing", "", "/"],
    ])("redirects to a returnTo of %s only when it is a path on this site", async (_, returnTo, location) => {
      const response = await signUp(browser(), credentials(), { returnTo });
      expect(response.status).toBe(302);
      expect(response.location).toBe(location);
    });

    it.each([
      ["the same letter case", (email: string) => email],
      ["different letter case", (email: string) => email.toUpperCase()],
    ])("refuses an email already in use, in %s, with 409 and keeps one user", async (_, sameEmail) => {
      const first = await signedUp(browser(), credentials("First Owner"));
      const again = browser();

      const response = await signUp(again, { ...credentials("Second Try"), email: sameEmail(first.email) });
      expect(response.status).toBe(409);
      expect(formError(response.html)).toBe(authTexts.emailInUse);
      expect(response.setCookies).toEqual([]);
      expect(await usersWithEmail(shop.db, first.email)).toEqual([expect.objectContaining({ name: "First Owner", email: first.email })]);
      expect(await pageNav(again)).toEqual(guestNav);
    });

    it("refuses passwords that do not match with 400 and creates no user", async () => {
      const typed = credentials();
      const response = await signUp(browser(), typed, { confirmPassword: `${typed.password}x` });

      expect(response.status).toBe(400);
      expect(formError(response.html)).toBe(authTexts.mismatch);
      expect(response.setCookies).toEqual([]);
      expect(await usersWithEmail(shop.db, typed.email)).toEqual([]);
    });

    it.each([
      ["a display name over 100 characters", (_: Credentials) => ({ displayName: "W".repeat(101) })],
      ["a NUL in the display name", (_: Credentials) => ({ displayName: "Ada\u0000Wick" })],
      ["a NUL in the email", (typed: Credentials) => ({ email: `${typed.email}\u0000` })],
      ["a line break in the email", (typed: Credentials) => ({ email: `${typed.email}\nBcc: eve@example.com` })],
    ])("refuses a sign-up with %s with 400 and creates no user", async (_, fields) => {
      const typed = credentials();
      const response = await signUp(browser(), typed, fields(typed));

      expect(response.status).toBe(400);
      expect(formError(response.html)).toBe(authTexts.badFields);
      expect(response.setCookies).toEqual([]);
      expect(await usersWithEmail(shop.db, typed.email)).toEqual([]);
    });

    it.each(["displayName", "email", "password"])("refuses a sign-up without %s with 400 and creates no user", async (field) => {
      const typed = credentials();
      const blank = field === "password" ? { password: "", confirmPassword: "" } : { [field]: "  " };
      const response = await signUp(browser(), typed, blank);

      expect(response.status).toBe(400);
      expect(formError(response.html)).toBe(authTexts.missingFields);
      expect(await usersWithEmail(shop.db, typed.email)).toEqual([]);
    });
  });

  describe("sign-in", () => {
    it("signs in with the right password: 302 to returnTo with a session cookie", async () => {
      const typed = await signedUp(browser(), credentials("Bea Tallow"));
      const shopper = browser();

      const response = await signIn(shopper, typed, { returnTo: "/about" });
      expect(response.status).toBe(302);
      expect(response.location).toBe("/about");
      expect(sessionCookieOf(response)?.attributes).toMatchObject({ httponly: true });
      expect(await pageNav(shopper)).toEqual(signedInNav("Bea Tallow"));
    });

    it("takes the email in any letter case, as sign-up stored it", async () => {
      const typed = await signedUp(browser(), credentials("Cy Beeswax"));
      const shopper = browser();

      expect((await signIn(shopper, { ...typed, email: typed.email.toUpperCase() })).status).toBe(302);
      expect(await pageNav(shopper)).toEqual(signedInNav("Cy Beeswax"));
    });

    it.each([
      ["a wrong password", (typed: Credentials) => ({ ...typed, password: credentials().password })],
      ["an unknown email", (typed: Credentials) => ({ ...typed, email: credentials().email })],
    ])("refuses %s with 401 and the inline message, sets no cookie, and logs it without the password", async (_, wrong) => {
      const typed = await signedUp(browser(), credentials());
      const shopper = browser();
      const attempt = wrong(typed);

      const response = await signIn(shopper, attempt);
      expect(response.status).toBe(401);
      expect(formError(response.html)).toBe(authTexts.signInFailed);
      expect(response.setCookies).toEqual([]);
      expect(shopper.cookie(SESSION_COOKIE)).toBeUndefined();
      expect(await pageNav(shopper)).toEqual(guestNav);

      const output = await waitForOutput(shop.server, "user sign in failed");
      expect(output).toContain("user sign in failed");
      expect(output).not.toContain(attempt.password);
      expect(output).not.toContain(typed.password);
    });

    it("refuses a sign-in with a blank field with 400", async () => {
      const typed = await signedUp(browser(), credentials());
      const response = await signIn(browser(), { ...typed, password: "" });
      expect(response.status).toBe(400);
      expect(formError(response.html)).toBe(authTexts.signInFailed);
      expect(response.setCookies).toEqual([]);
    });
  });

  describe("sign-out", () => {
    it("deletes the session row, clears the cookie, and the old cookie no longer signs anyone in", async () => {
      const shopper = browser();
      const typed = await signedUp(shopper, credentials("Dot Soy"));
      const [user] = await usersWithEmail(shop.db, typed.email);
      expect(await sessionsOf(shop.db, user!.id)).toHaveLength(1);
      const keptCookie = shopper.clone();

      const response = await signOut(shopper, "/about");
      expect(response.status).toBe(302);
      expect(response.location).toBe("/about");
      expect(shopper.cookie(SESSION_COOKIE)).toBeUndefined();
      expect(await sessionsOf(shop.db, user!.id)).toEqual([]);
      expect(await pageNav(shopper)).toEqual(guestNav);
      expect(await pageNav(keptCookie)).toEqual(guestNav);
    });

    it("just redirects a guest who signs out", async () => {
      const response = await signOut(browser());
      expect(response.status).toBe(302);
      expect(response.location).toBe("/shop");
    });
  });

  describe("checkout", () => {
    const placeOrder = async (session: BrowserSession, options?: Parameters<typeof checkoutBody>[1]) => {
      const answer = await session.postJson<CheckoutAnswer>("/api/checkout", checkoutBody([{ id: candle.id, quantity: 1 }], options));
      expect(answer.status).toBe(201);
      return orderByNumber(shop.db, answer.body.order!.number);
    };

    it("links a signed-in shopper's order to them; the receipt goes to the account email", async () => {
      const shopper = browser();
      const typed = await signedUp(shopper, credentials("Eve Candlewick"));
      const [user] = await usersWithEmail(shop.db, typed.email);

      const order = await placeOrder(shopper);
      expect(order).toMatchObject({ user_id: user!.id, customer_name: "Eve Candlewick", email: typed.email, shipping_name: shipping.name });

      const paid = await pay(shop, order.number, cards.success);
      expect(paid.status).toBe(200);
      expect(paid.body.order?.thankYouName).toBe("Eve Candlewick");
      expect(await outboxOf(shop.db, order.id)).toEqual([
        { kind: "order_notification", to: SHOP_EMAIL },
        { kind: "order_receipt", to: typed.email },
      ]);
    });

    it("sends the receipt to the shipping email when the signed-in shopper gives one", async () => {
      const shopper = browser();
      await signedUp(shopper, credentials("Flo Pillar"));

      const order = await placeOrder(shopper, { shipping: { email: "gift@example.com" } });
      expect(order).toMatchObject({ customer_name: "Flo Pillar", email: "gift@example.com" });
    });

    it("bills a guest as Guest with no user, and thanks them by the shipping name", async () => {
      const order = await placeOrder(browser());
      expect(order).toMatchObject({ user_id: null, customer_name: "Guest", email: null });

      const paid = await pay(shop, order.number, cards.success);
      expect(paid.body.order?.thankYouName).toBe(shipping.name);
      expect(await outboxOf(shop.db, order.id)).toEqual([{ kind: "order_notification", to: SHOP_EMAIL }]);
    });

    it("bills a shopper who signed out as a guest", async () => {
      const shopper = browser();
      await signedUp(shopper, credentials("Gus Votive"));
      await signOut(shopper);

      expect(await placeOrder(shopper)).toMatchObject({ user_id: null, customer_name: "Guest" });
    });
  });
});

describe(`accounts with AUTH_ATTEMPTS_PER_IP=${AUTH_LIMIT} on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ AUTH_ATTEMPTS_PER_IP: String(AUTH_LIMIT) });
  });
  afterAll(() => shop?.close());

  const browser = () => new BrowserSession(shop.url);

  it(`answers the ${AUTH_LIMIT + 1}th sign-in or sign-up from one address with 429 and the plain message, and creates nothing`, async () => {
    const shopper = browser();
    const typed = await signedUp(shopper, credentials());
    expect((await signIn(browser(), { ...typed, password: credentials().password })).status).toBe(401);
    expect((await signIn(browser(), typed)).status).toBe(302);

    const late = credentials();
    const visitor = browser();
    for (const refused of [await signUp(browser(), late), await signIn(visitor, typed)]) {
      expect(refused.status).toBe(429);
      expect(formError(refused.html)).toBe(authTexts.tooMany);
      expect(refused.setCookies).toEqual([]);
    }
    expect(await usersWithEmail(shop.db, late.email)).toEqual([]);
    expect(navOf((await visitor.get("/shop")).html)).toEqual(guestNav);

    // Signing out is never limited.
    expect((await signOut(shopper)).status).toBe(302);
    expect(shopper.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("the 429 from /auth keeps its Retry-After header", async () => {
    // Bounded: at most AUTH_LIMIT + 1 attempts reach a refusal, however many the test above left.
    let refused: PageResponse | undefined;
    for (let attempt = 0; attempt <= AUTH_LIMIT && refused?.status !== 429; attempt++) {
      refused = await signIn(browser(), credentials());
    }
    expect(refused?.status).toBe(429);
    const retryAfter = Number(refused?.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });
});

describe(`accounts with AUTH_ATTEMPTS_PER_ACCOUNT=${AUTH_LIMIT} on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ AUTH_ATTEMPTS_PER_ACCOUNT: String(AUTH_LIMIT) });
  });
  afterAll(() => shop?.close());

  const browser = () => new BrowserSession(shop.url);

  it(`refuses the ${AUTH_LIMIT + 1}th sign-in to one account, in any letter case and even with the right password, and leaves other accounts alone`, async () => {
    const typed = await signedUp(browser(), credentials());
    const bystander = await signedUp(browser(), credentials());
    // Guesses from what look like different shoppers: the address limit is lifted, only the account counts.
    for (let guess = 1; guess < AUTH_LIMIT; guess++) {
      expect((await signIn(browser(), { ...typed, password: credentials().password })).status).toBe(401);
    }
    expect((await signIn(browser(), { ...typed, email: typed.email.toUpperCase() })).status).toBe(302);

    const owner = browser();
    const refused = await signIn(owner, typed);
    expect(refused.status).toBe(429);
    expect(formError(refused.html)).toBe(authTexts.tooMany);
    expect(refused.setCookies).toEqual([]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(navOf((await owner.get("/shop")).html)).toEqual(guestNav);

    expect((await signIn(browser(), bystander)).status).toBe(302);
  });

  it("keeps no email address in the rate-limit table", async () => {
    const typed = await signedUp(browser(), credentials());
    expect((await signIn(browser(), typed)).status).toBe(302);
    const keys = await shop.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).not.toMatch(/@|example/i);
  });
});

describe(`passwords in the server output on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    // Log everything the server can log, so that the check below means something.
    shop = await startShop({ LOG_LEVEL: "trace" });
  });
  afterAll(() => shop?.close());

  it("never writes a password to its output, whatever happens on /auth", async () => {
    const browser = () => new BrowserSession(shop.url);
    const shopper = browser();
    const typed = await signedUp(shopper, credentials());
    await signOut(shopper);
    expect((await signIn(shopper, { ...typed, password: credentials().password })).status).toBe(401);
    expect((await signIn(shopper, typed)).status).toBe(302);
    expect((await signUp(browser(), { ...credentials(), email: typed.email })).status).toBe(409);
    expect((await signUp(browser(), credentials(), { confirmPassword: credentials().password })).status).toBe(400);
    const tooShort = { ...credentials(), password: "Wx7!q" };
    typedPasswords.add(tooShort.password);
    expect((await signUp(browser(), tooShort)).status).toBe(400);
    expect(await waitForOutput(shop.server, "user sign up failed")).toContain("user sign up failed");

    expect(shop.server.output()).toMatch(/\/auth/); // the requests were logged, just not their passwords
    // Every server this file started, including the ones the tests above typed passwords at.
    for (const server of servers) {
      const output = server.output();
      for (const password of typedPasswords) expect(output).not.toContain(password);
    }
  });
});
