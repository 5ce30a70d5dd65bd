import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, loadAuthSecret } from "~/.server/accounts/auth";
import { loadConfig } from "~/.server/config";
import {
  type Credentials,
  SESSION_COOKIE,
  newCredentials,
  sessionsOf,
  signIn,
  usersWithEmail,
} from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { makeTestOwner } from "../helpers/owner";
import { type Shop, openShop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";
import { nextTotpCode } from "../helpers/totp";
import { decode, turnOnTwoFactor } from "../helpers/two-factor";

/**
 * A password someone else learnt must stop working the moment the owner acts
 * on it: turning two-factor on or off, or changing the password, ends every
 * other session, and a session that never gave a code does not open the back
 * office of an account with two-factor on.
 */
describe(`the owner's sessions when her sign-in changes, on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    // One owner signs in many times here; the sign-in limits have their own tests.
    shop = await openShop(
      { Wax: [{ id: 1001, stock: 5 }] },
      { AUTH_ATTEMPTS_PER_ACCOUNT: "1000", AUTH_ATTEMPTS_PER_IP: "1000" },
    );
  });
  afterAll(() => shop.close());

  async function newOwner(): Promise<Credentials & { id: string }> {
    const owner = { ...newCredentials("Mara Wick"), password: "poured-by-hand-2026" };
    await makeTestOwner(shop.database, { email: owner.email, name: owner.displayName, password: owner.password });
    return { ...owner, id: (await usersWithEmail(shop.db, owner.email))[0]!.id };
  }

  async function signedIn(owner: Credentials, secret?: string) {
    const browser = new BrowserSession(shop.url);
    const answer = await signIn(browser, owner, { returnTo: "/admin" });
    if (secret)
      expect(
        (await browser.postForm("/auth/two-factor", { code: nextTotpCode(secret), returnTo: "/admin" })).location,
      ).toBe("/admin");
    else expect(answer.location).toBe("/admin");
    return browser;
  }

  /** What a signed-out session meets on each way into the back office. */
  async function expectSignedOut(browser: BrowserSession) {
    expect((await browser.get("/admin")).location).toBe("/auth?returnTo=%2Fadmin");
    expect((await browser.get("/admin/activity.csv")).location).toBe("/auth?returnTo=%2Fadmin%2Factivity.csv");
    expect((await browser.postForm("/admin/account", { intent: "digest", digest: "on" })).location).toBe(
      "/auth?returnTo=%2Fadmin%2Faccount",
    );
  }

  it("turning two-factor on ends every other session: a password-only session no longer opens /admin, the CSV or an action", async () => {
    const owner = await newOwner();
    const [a, b] = [await signedIn(owner), await signedIn(owner)];
    expect((await b.get("/admin")).status).toBe(200);

    await turnOnTwoFactor(a, owner.password);
    expect((await a.get("/admin")).status).toBe(200);
    await expectSignedOut(b);
    expect(await sessionsOf(shop.db, owner.id)).toHaveLength(1);
  });

  it("turning two-factor off ends every other session too, even ones that gave a code", async () => {
    const owner = await newOwner();
    const a = await signedIn(owner);
    const { secret } = await turnOnTwoFactor(a, owner.password);
    const b = await signedIn(owner, secret);
    expect((await b.get("/admin")).status).toBe(200);

    expect((await a.postForm("/admin/account", { intent: "disable", password: owner.password })).status).toBe(302);
    expect(decode((await a.get("/admin/account")).html)).toContain("Off. With it on");
    await expectSignedOut(b);
    expect(await sessionsOf(shop.db, owner.id)).toHaveLength(1);
  });

  it("lets into /admin only a session that passed two-factor, once it is on: any other is signed out and sent to /auth", async () => {
    const owner = await newOwner();
    const a = await signedIn(owner);
    const { secret } = await turnOnTwoFactor(a, owner.password);
    const b = await signedIn(owner, secret);
    // B as if its session had been made some other way (here, by hand in the database): it never gave a code.
    const token = decodeURIComponent(b.cookie(SESSION_COOKIE)!).split(".")[0]!;
    const marked = await shop.db
      .updateTable("session")
      .set({ twoFactorPassed: testEngine === "sqlite" ? 0 : false })
      .where("token", "=", token)
      .executeTakeFirst();
    expect(marked.numUpdatedRows).toBe(1n);

    const gate = await b.get("/admin/orders");
    expect(gate.location).toBe("/auth?returnTo=%2Fadmin%2Forders");
    expect(b.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await sessionsOf(shop.db, owner.id)).toHaveLength(1);
    expect((await a.get("/admin")).status).toBe(200);
  });

  it("sends a session that has ended elsewhere to /auth with its cookie cleared", async () => {
    const owner = await newOwner();
    const b = await signedIn(owner);
    const stale = b.cookie(SESSION_COOKIE)!;
    const token = decodeURIComponent(stale).split(".")[0]!;
    await shop.db.deleteFrom("session").where("token", "=", token).execute();

    const gate = await b.get("/admin/orders");
    expect(gate.location).toBe("/auth?returnTo=%2Fadmin%2Forders");
    expect(b.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("changes the password from /admin/account: the current one, then a new one of at least 12 characters; every other session ends", async () => {
    const owner = await newOwner();
    const [a, b] = [await signedIn(owner), await signedIn(owner)];
    const page = decode((await a.get("/admin/account")).html);
    expect(page).toContain('aria-label="Change password"');

    const wrong = await a.postForm("/admin/account", {
      intent: "password",
      currentPassword: "not-the-password",
      newPassword: "a-new-long-password",
    });
    expect(wrong.status).toBe(400);
    expect(decode(wrong.html)).toContain("That password is not right.");
    const short = await a.postForm("/admin/account", {
      intent: "password",
      currentPassword: owner.password,
      newPassword: "too-short",
    });
    expect(short.status).toBe(400);
    expect(decode(short.html)).toContain("The new password must be at least 12 characters.");
    expect((await b.get("/admin")).status).toBe(200);

    const changed = await a.postForm("/admin/account", {
      intent: "password",
      currentPassword: owner.password,
      newPassword: "a-new-long-password",
    });
    expect(changed.status).toBe(200);
    expect(decode(changed.html)).toContain("Your password is changed. Every other session is signed out.");
    expect((await a.get("/admin")).status).toBe(200);
    await expectSignedOut(b);
    expect(await sessionsOf(shop.db, owner.id)).toHaveLength(1);

    expect((await signIn(new BrowserSession(shop.url), owner)).status).toBe(401);
    expect((await signIn(new BrowserSession(shop.url), { ...owner, password: "a-new-long-password" })).status).toBe(
      302,
    );
  });

  it("keeps the code a session gave when it changes the password", async () => {
    const owner = await newOwner();
    const a = await signedIn(owner);
    await turnOnTwoFactor(a, owner.password);
    const changed = await a.postForm("/admin/account", {
      intent: "password",
      currentPassword: owner.password,
      newPassword: "a-new-long-password",
    });
    expect(changed.status).toBe(200);
    expect((await a.get("/admin")).status).toBe(200);
  });

  it("makes no owner session outside the sign-in paths, not even from code that calls better-auth with no request", async () => {
    const owner = await newOwner();
    const auth = createAuth({
      db: shop.db,
      engine: testEngine,
      config: loadConfig(shop.database.env),
      secret: await loadAuthSecret(shop.db),
    });
    const { internalAdapter } = await auth.$context;
    expect(await internalAdapter.createSession(owner.id)).toBeNull();
    expect(await sessionsOf(shop.db, owner.id)).toEqual([]);
  });
});
