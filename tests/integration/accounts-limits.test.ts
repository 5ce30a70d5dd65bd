// The abuse limits of /auth: per address and per account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authTexts,
  formError,
  guestNav,
  navOf,
  SESSION_COOKIE,
  signedUp,
  signIn,
  signOut,
  signUp,
  usersWithEmail,
} from "../helpers/accounts";
import { BrowserSession, type PageResponse } from "../helpers/browser-session";
import { watchTypedPasswords } from "../helpers/password-watch";
import { type Shop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

const candle = { id: 901, price: 18, stock: 100 };
/** Every password this file types, and every server it typed them at: none may ever log one (checked last). */
const watch = watchTypedPasswords();
const credentials = watch.credentials;
const startShop = (env: Record<string, string> = {}) => watch.openShop({ Wax: [candle] }, env);
const AUTH_LIMIT = 3;

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
  it("no server this file started wrote a password it typed", () => watch.expectNoneWritten());
});
