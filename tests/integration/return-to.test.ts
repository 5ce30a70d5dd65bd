// Issue 28, defect 2: every page that sends the shopper back to `returnTo` sends a hostile one home, never to another site.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCredentials, signedUp, signIn, signOut, signUp } from "../helpers/accounts";
import { BrowserSession, type PageResponse } from "../helpers/browser-session";
import { ownerWithTwoFactor } from "../helpers/owner";
import { openShop, type Shop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";
import { totpCode } from "../helpers/totp";

/** Values a browser would follow to evil.example, once the URL parser has folded their dot segments or read their backslashes. */
const hostile = [
  "/.//evil.example/x",
  "/..//evil.example/x",
  "/%2e//evil.example/x",
  "/a/..//evil.example/x",
  "/\\evil.example",
  "/%5C%5Cevil.example",
  "/\t/evil.example",
  "https:evil.example",
];

/** The answer sends the browser to this site's home page: a path, never "//host" or "/\host". */
function expectSentHome(response: PageResponse) {
  expect(response.status).toBe(302);
  expect(response.location).toBe("/");
}

const query = (returnTo: string) => `returnTo=${encodeURIComponent(returnTo)}`;

describe(`the return path after signing in, on ${testEngine}`, () => {
  let shop: Shop;
  /** A shopper who is signed in, for the pages that send such a shopper straight on. */
  let signedIn: BrowserSession;
  const shopper = newCredentials("Ada Wick");
  let owner: Awaited<ReturnType<typeof ownerWithTwoFactor>>;
  beforeAll(async () => {
    // The same accounts sign in over and over here; the sign-in limits have their own tests.
    shop = await openShop(
      { Wax: [{ id: 1001, stock: 5 }] },
      { AUTH_ATTEMPTS_PER_IP: "100000", AUTH_ATTEMPTS_PER_ACCOUNT: "100000" },
    );
    signedIn = new BrowserSession(shop.url);
    await signedUp(signedIn, shopper);
    owner = await ownerWithTwoFactor(shop);
  });
  afterAll(() => shop?.close());

  const browser = () => new BrowserSession(shop.url);

  it("still sends the shopper on to a path on this site", async () => {
    expect((await signedIn.get(`/auth?${query("/shop/wax?sort=price")}`)).location).toBe("/shop/wax?sort=price");
    expect((await signIn(browser(), shopper, { returnTo: "/about" })).location).toBe("/about");
    expect((await signedIn.get(`/auth/google/done?${query("/shop/wax")}`)).location).toBe("/shop/wax");
  });

  it.each(hostile)("GET /auth?returnTo=%j, signed in, sends the shopper home", async (returnTo) => {
    expectSentHome(await signedIn.get(`/auth?${query(returnTo)}`));
  });

  it.each(hostile)("POST /auth to sign in with returnTo %j sends the shopper home", async (returnTo) => {
    expectSentHome(await signIn(browser(), shopper, { returnTo }));
  });

  it.each(hostile)("POST /auth to sign up with returnTo %j sends the shopper home", async (returnTo) => {
    expectSentHome(await signUp(browser(), newCredentials(), { returnTo }));
  });

  it.each(hostile)("POST /auth to sign out with returnTo %j sends the shopper home", async (returnTo) => {
    const leaving = browser();
    await signIn(leaving, shopper);
    expectSentHome(await signOut(leaving, returnTo));
  });

  it.each(hostile)("GET /auth/two-factor?returnTo=%j, signed in, sends the shopper home", async (returnTo) => {
    expectSentHome(await signedIn.get(`/auth/two-factor?${query(returnTo)}`));
  });

  it.each(hostile)(
    "the owner's password with returnTo %j asks for her code, to send her home after it",
    async (returnTo) => {
      const password = await signIn(browser(), owner, { returnTo });
      expect(password.status).toBe(302);
      expect(password.location).toBe(`/auth/two-factor?${query("/")}`);
    },
  );

  it.each(hostile)("POST /auth/two-factor with the owner's code and returnTo %j sends her home", async (returnTo) => {
    const signingIn = browser();
    await signIn(signingIn, owner, { returnTo: "/admin" });
    expectSentHome(await signingIn.postForm("/auth/two-factor", { code: totpCode(owner.secret), returnTo }));
  });

  it.each(hostile)("GET /auth/google/done?returnTo=%j, signed in, sends the shopper home", async (returnTo) => {
    expectSentHome(await signedIn.get(`/auth/google/done?${query(returnTo)}`));
  });
});
