import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession } from "../helpers/browser-session";
import {
  accountsOf,
  guestNav,
  navOf,
  SESSION_COOKIE,
  sessionsOf,
  signedInNav,
  signedUp,
  usersWithEmail,
  waitForOutput,
} from "../helpers/accounts";
import { signInWithGoogle } from "../helpers/google-sign-in";
import { googleEnv, type OpenIdProvider, providerAccounts, startOpenIdProvider } from "../helpers/openid-provider";
import { runScript } from "../helpers/run-script";
import { openShop, type Shop } from "../helpers/shop-api";
import { unusedPort } from "../helpers/smtp-sink";
import { testEngine } from "../helpers/test-database";

const [ada, grace] = providerAccounts as [(typeof providerAccounts)[0], (typeof providerAccounts)[0]];
const candle = { id: 905, price: 18, stock: 10 };

describe(`Google sign-in against a local OpenID provider on ${testEngine}`, () => {
  let provider: OpenIdProvider;
  let shop: Shop;
  beforeAll(async () => {
    // The provider must know the shop's callback URL, so the shop's port is chosen first.
    const port = await unusedPort();
    provider = await startOpenIdProvider({ redirectUri: `http://127.0.0.1:${port}/api/auth/callback/google` });
    shop = await openShop(
      { Wax: [candle] },
      { PORT: String(port), AUTH_ATTEMPTS_PER_IP: "100000", ...googleEnv(provider) },
    );
  });
  afterAll(async () => {
    await shop?.close();
    await provider?.close();
  });

  const browsers = () => ({ shop: new BrowserSession(shop.url), provider: new BrowserSession(provider.issuer) });

  it("shows the button on /auth", async () => {
    const page = await new BrowserSession(shop.url).get("/auth");
    expect(page.html).toContain("Sign in with Google");
  });

  it("signs a new user up: asks to choose an account, creates the user with the Google name and email, and shows it", async () => {
    const { shop: browser, provider: atProvider } = browsers();
    const { chooser, final } = await signInWithGoogle(browser, atProvider, ada, { returnTo: "/shop/wax" });

    expect(chooser.html).toContain("Choose an account");
    expect(provider.prompts.at(-1)).toBe("select_account");
    expect(final.status).toBe(302);
    expect(final.location).toBe("/shop/wax");
    expect(browser.cookie(SESSION_COOKIE)).toBeTruthy();
    expect(navOf((await browser.get("/shop")).html)).toEqual(signedInNav(ada.name));

    const users = await usersWithEmail(shop.db, ada.email);
    expect(users).toHaveLength(1);
    expect(users[0]!.name).toBe(ada.name);
    expect(await accountsOf(shop.db, users[0]!.id)).toEqual([
      { accountId: ada.sub, providerId: "google", password: null },
    ]);
  });

  it("signs a returning user in to the same user, and asks to choose an account again", async () => {
    const first = browsers();
    await signInWithGoogle(first.shop, first.provider, grace);
    const before = await usersWithEmail(shop.db, grace.email);

    // Same browser at the provider (it remembers Grace), new browser at the shop.
    const again = new BrowserSession(shop.url);
    const { chooser, final } = await signInWithGoogle(again, first.provider, grace);
    expect(chooser.html).toContain("Choose an account");
    expect(final.status).toBe(302);
    expect(navOf((await again.get("/shop")).html)).toEqual(signedInNav(grace.name));
    expect(await usersWithEmail(shop.db, grace.email)).toEqual(before);
  });

  it("does not join a Google sign-in to a password account with the same email, and says how to sign in", async () => {
    // Linking would let whoever registered the email with a password into the Google user's account.
    const owner = new BrowserSession(shop.url);
    await signedUp(owner, { displayName: "Password Pat", email: "pat@example.com", password: "Wax-pat-long-password" });
    const pat = { sub: "google-pat-1099", name: "Pat Google", email: "pat@example.com" };
    providerAccounts.push(pat);
    try {
      const { shop: browser, provider: atProvider } = browsers();
      const { final } = await signInWithGoogle(browser, atProvider, pat);
      expect(final.status).toBe(200);
      expect(final.html).toContain(
        "An account with this email already exists. Please sign in with your email and password.",
      );
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
      const [user] = await usersWithEmail(shop.db, pat.email);
      expect(await accountsOf(shop.db, user!.id)).toEqual([expect.objectContaining({ providerId: "credential" })]);
    } finally {
      providerAccounts.pop();
    }
  });

  it("never signs the shop's owner in through Google, which would skip her two-factor code", async () => {
    const owen = { sub: "google-owen-2001", name: "Owen Wick", email: "owen@example.com" };
    providerAccounts.push(owen);
    try {
      const first = browsers();
      await signInWithGoogle(first.shop, first.provider, owen);
      expect(first.shop.cookie(SESSION_COOKIE)).toBeTruthy();
      const promoted = await runScript("scripts/owner-create.ts", ["--email", owen.email, "--name", owen.name], {
        ...shop.database.env,
        OWNER_PASSWORD: "owens-long-password",
      });
      expect(promoted.code).toBe(0);
      // The Google session he had is over, and Google no longer signs into this account.
      expect((await first.shop.get("/admin")).location).toBe("/auth?returnTo=%2Fadmin");
      const [user] = await usersWithEmail(shop.db, owen.email);
      expect(await sessionsOf(shop.db, user!.id)).toEqual([]);
      expect((await accountsOf(shop.db, user!.id)).map((account) => account.providerId)).toEqual(["credential"]);

      const again = browsers();
      const { final } = await signInWithGoogle(again.shop, again.provider, owen);
      expect(final.html).toContain("Google sign-in did not complete. Please try again.");
      expect(again.shop.cookie(SESSION_COOKIE)).toBeUndefined();
      expect((await again.shop.get("/admin")).location).toBe("/auth?returnTo=%2Fadmin");
    } finally {
      providerAccounts.pop();
    }
  });

  it("in the popup, ends on the done page that tells the opener, with the session already set", async () => {
    const { shop: browser, provider: atProvider } = browsers();
    const { final } = await signInWithGoogle(browser, atProvider, ada, { popup: true });
    expect(final.status).toBe(200);
    expect(final.html).toContain("Finishing sign-in");
    expect(navOf((await browser.get("/shop")).html)).toEqual(signedInNav(ada.name));
  });

  it("leaves a shopper who cancels at the provider signed out, says so, and logs the failure", async () => {
    const { shop: browser, provider: atProvider } = browsers();
    const { final } = await signInWithGoogle(browser, atProvider, undefined);
    expect(final.status).toBe(200);
    expect(final.html).toContain("Google sign-in did not complete. Please try again.");
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(navOf((await browser.get("/shop")).html)).toEqual(guestNav);
    expect(await waitForOutput(shop.server, "user sign in failed")).toContain("user sign in failed");
  });

  it("refuses a callback that did not start at this shop (no state) and signs nobody in", async () => {
    const browser = new BrowserSession(shop.url);
    const answer = await browser.get("/api/auth/callback/google?code=forged&state=forged");
    expect(answer.status).toBeLessThan(500);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });
});

describe(`Google sign-in when it is not configured on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle] });
  });
  afterAll(() => shop?.close());

  it("shows no Google button and sends /auth/google back to /auth", async () => {
    const browser = new BrowserSession(shop.url);
    expect((await browser.get("/auth")).html).not.toContain("Sign in with Google");
    const start = await browser.get("/auth/google?returnTo=%2Fshop");
    expect(start.status).toBe(302);
    expect(start.location).toBe("/auth?returnTo=%2Fshop");
  });
});
