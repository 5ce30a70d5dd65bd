// Issue 28, defect 7: whatever a client puts in the /auth forms, the answer is a 4xx with the form's message, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTexts, formError, newCredentials, signedUp, usersWithEmail } from "../helpers/accounts";
import { BrowserSession, type PageResponse } from "../helpers/browser-session";
import { openShop, type Shop } from "../helpers/shop-api";
import { everyWrittenRow } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

/** A field the client left out of the form altogether. */
const LEFT_OUT = undefined;
type Fields = Record<string, string | undefined>;

const longEmail = `${"a".repeat(64)}.${"b".repeat(64)}.${"c".repeat(64)}@${"d".repeat(50)}.example.com`;

const signUpCases: [string, Fields][] = [
  ["no email", { email: LEFT_OUT }],
  ["a blank email", { email: "  " }],
  ["an email without @", { email: "notanemail" }],
  ["an email without a domain", { email: "ada@" }],
  ["an email without a name", { email: "@example.com" }],
  ["an email with two @", { email: "ada@@example.com" }],
  ["an email with a space", { email: "ada wick@example.com" }],
  ["an email over 254 characters", { email: longEmail }],
  ["no password", { password: LEFT_OUT, confirmPassword: LEFT_OUT }],
  ["a blank password", { password: "", confirmPassword: "" }],
  ["a password under 8 characters", { password: "Wx7!q", confirmPassword: "Wx7!q" }],
  ["a password over 128 characters", { password: "w".repeat(129), confirmPassword: "w".repeat(129) }],
  ["no display name", { displayName: LEFT_OUT }],
  ["a blank display name", { displayName: " " }],
  ["a display name over 100 characters", { displayName: "W".repeat(101) }],
  ["no password confirmation", { confirmPassword: LEFT_OUT }],
  ["a confirmation that differs", { confirmPassword: "another-long-password" }],
];

const signInCases: [string, Fields][] = [
  ["no email", { email: LEFT_OUT }],
  ["a blank email", { email: "  " }],
  ["an email without @", { email: "notanemail" }],
  ["an email with two @", { email: "ada@@example.com" }],
  ["an email over 254 characters", { email: longEmail }],
  ["no password", { password: LEFT_OUT }],
  ["a blank password", { password: "" }],
  ["a password over 128 characters", { password: "w".repeat(129) }],
  ["a password of 5000 characters", { password: "w".repeat(5_000) }],
];

/** The form as the client sent it: `fields` over what a shopper would type, without the fields left out. */
function postForm(browser: BrowserSession, typed: Fields, fields: Fields): Promise<PageResponse> {
  const form = Object.entries({ ...typed, ...fields }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return browser.postForm("/auth", Object.fromEntries(form));
}

/** Refused as a form is: a 4xx, the page again with the form's message, and nobody signed in. */
function expectRefusedInTheForm(response: PageResponse) {
  expect(response.status, formError(response.html) ?? response.html.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(formError(response.html)).toEqual(expect.stringMatching(/\S/));
  expect(response.setCookies).toEqual([]);
}

describe(`malformed fields on /auth, on ${testEngine}`, () => {
  let shop: Shop;
  const shopper = newCredentials("Ada Wick");
  beforeAll(async () => {
    // Every case here is one attempt from the same address; the limits have their own tests.
    shop = await openShop(
      { Wax: [{ id: 1001, stock: 5 }] },
      { AUTH_ATTEMPTS_PER_IP: "100000", AUTH_ATTEMPTS_PER_ACCOUNT: "100000" },
    );
    await signedUp(new BrowserSession(shop.url), shopper);
  });
  afterAll(() => shop?.close());

  it.each(signUpCases)("refuses a sign-up with %s in the form, with a 4xx, and creates no user", async (_, fields) => {
    const typed = newCredentials("Bea Tallow");
    const response = await postForm(
      new BrowserSession(shop.url),
      { intent: "sign-up", ...typed, confirmPassword: typed.password, returnTo: "/shop" },
      fields,
    );
    expectRefusedInTheForm(response);
    expect(await usersWithEmail(shop.db, fields.email ?? typed.email)).toEqual([]);
  });

  it.each(signInCases)("refuses a sign-in with %s in the form, with a 4xx", async (_, fields) => {
    const response = await postForm(
      new BrowserSession(shop.url),
      { intent: "sign-in", email: shopper.email, password: shopper.password, returnTo: "/shop" },
      fields,
    );
    expectRefusedInTheForm(response);
  });

  it.each([
    ["an unknown intent", { intent: "delete-account" }],
    ["a blank intent", { intent: "" }],
    ["no intent", {}],
  ])("answers a form with %s with 400, signing nobody in, up or out", async (_, intent) => {
    const browser = new BrowserSession(shop.url);
    const signedIn = await signedUp(browser);
    const before = await everyWrittenRow(shop.db);
    const typed = { ...newCredentials(), confirmPassword: "poured-by-hand-2026", password: "poured-by-hand-2026" };
    const response = await browser.postForm("/auth", { ...intent, ...typed, returnTo: "/shop" });
    expect(response.status).toBe(400);
    expect(response.html).toContain("Unknown action.");
    expect(response.setCookies).toEqual([]);
    expect(await everyWrittenRow(shop.db)).toEqual(before);
    expect((await browser.get("/account")).status, `${signedIn.email} is still signed in`).toBe(200);
  });

  it("says what is wrong with a malformed email before better-auth sees it: 400", async () => {
    const typed = newCredentials();
    const signUp = await postForm(
      new BrowserSession(shop.url),
      { intent: "sign-up", ...typed, confirmPassword: typed.password },
      { email: "notanemail" },
    );
    expect(signUp.status).toBe(400);
    expect(formError(signUp.html)).toBe(authTexts.badEmail);

    const signIn = await postForm(
      new BrowserSession(shop.url),
      { intent: "sign-in", password: shopper.password },
      { email: "notanemail" },
    );
    expect(signIn.status).toBe(400);
    expect(formError(signIn.html)).toBe(authTexts.signInFailed);
  });
});
