// The sign-in and sign-up forms on /auth, and signing out. Its last suite checks every password typed in it against every server's output.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountsOf,
  asDate,
  authTexts,
  type Credentials,
  formError,
  guestNav,
  navOf,
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
import { BrowserSession } from "../helpers/browser-session";
import { watchTypedPasswords } from "../helpers/password-watch";
import { type Shop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

const candle = { id: 901, price: 18, stock: 100 };
/** Every password this file types, and every server it typed them at: none may ever log one (checked last). */
const watch = watchTypedPasswords();
const credentials = watch.credentials;
const startShop = (env: Record<string, string> = {}) => watch.openShop({ Wax: [candle] }, env);

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
      expect(users).toEqual([
        { id: expect.any(String), name: "Ada Wick", email: typed.email, role: "shopper", createdAt: expect.anything() },
      ]);
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
      expect(await usersWithEmail(shop.db, first.email)).toEqual([
        expect.objectContaining({ name: "First Owner", email: first.email }),
      ]);
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

    it.each(["displayName", "email", "password"])(
      "refuses a sign-up without %s with 400 and creates no user",
      async (field) => {
        const typed = credentials();
        const blank = field === "password" ? { password: "", confirmPassword: "" } : { [field]: "  " };
        const response = await signUp(browser(), typed, blank);

        expect(response.status).toBe(400);
        expect(formError(response.html)).toBe(authTexts.missingFields);
        expect(await usersWithEmail(shop.db, typed.email)).toEqual([]);
      },
    );
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
    ])(
      "refuses %s with 401 and the inline message, sets no cookie, and logs it without the password",
      async (_, wrong) => {
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
      },
    );

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
    watch.typed(tooShort.password);
    expect((await signUp(browser(), tooShort)).status).toBe(400);
    expect(await waitForOutput(shop.server, "user sign up failed")).toContain("user sign up failed");

    expect(shop.server.output()).toMatch(/\/auth/); // the requests were logged, just not their passwords
    // Every server this file started, including the ones the tests above typed passwords at.
    watch.expectNoneWritten();
  });
});
