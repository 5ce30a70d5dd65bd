import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE, newCredentials, signIn, signOut } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { makeTestOwner } from "../helpers/owner";
import { type Shop, openShop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";
import { nextTotpCode as nextCode, totpCode } from "../helpers/totp";
import { backupCodesIn, decode, secretIn, totpUriIn } from "../helpers/two-factor";

describe(`two-factor sign-in for the owner, on ${testEngine}`, () => {
  let shop: Shop;
  const owner = { ...newCredentials("Mara Wick"), password: "poured-by-hand-2026" };
  let secret: string;
  let backupCodes: string[];
  beforeAll(async () => {
    // One owner signs in many times here; the sign-in limits have their own tests.
    shop = await openShop(
      { Wax: [{ id: 1001, stock: 5 }] },
      { AUTH_ATTEMPTS_PER_ACCOUNT: "100", AUTH_ATTEMPTS_PER_IP: "100" },
    );
    await makeTestOwner(shop.database, { email: owner.email, name: owner.displayName, password: owner.password });
  });
  afterAll(() => shop.close());

  it("is turned on from /admin/account: password, a QR code with the secret as text and backup codes, then a first code", async () => {
    const browser = new BrowserSession(shop.url);
    await signIn(browser, owner);
    // Today's "Before you open" says it, with the way to Account.
    expect(decode((await browser.get("/admin")).html)).toContain("Turn on two-factor sign-in in Account");
    expect(decode((await browser.get("/admin/account")).html)).toContain("Off. With it on");

    expect(
      decode((await browser.postForm("/admin/account", { intent: "enable", password: "not-the-password" })).html),
    ).toContain("That password is not right.");
    // The authenticator app lists the code under the shop's own name.
    await shop.db.insertInto("shop_settings").values({ key: "name", value: "Luna & Wick" }).execute();
    await shop.db
      .updateTable("settings_version")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .execute();
    const setup = await browser.postForm("/admin/account", { intent: "enable", password: owner.password });
    expect(setup.status).toBe(200);
    expect(setup.html).toMatch(
      /<div class="totp-qr" role="img" aria-label="QR code for your authenticator app"><svg xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
    secret = secretIn(setup.html)!;
    backupCodes = backupCodesIn(setup.html);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    const totpUri = totpUriIn(setup.html)!;
    expect(new URL(totpUri).searchParams.get("issuer")).toBe("Luna & Wick");

    const wrong = await browser.postForm("/admin/account", {
      intent: "confirm",
      code: "000000",
      totpUri,
      backupCodes: backupCodes.join(" "),
    });
    expect(wrong.status).toBe(400);
    expect(decode(wrong.html)).toContain("That code did not work.");
    expect(secretIn(wrong.html)).toBe(secret);

    const confirmed = await browser.postForm("/admin/account", {
      intent: "confirm",
      code: totpCode(secret),
      totpUri,
      backupCodes: backupCodes.join(" "),
    });
    expect(confirmed.status).toBe(302);
    expect(decode((await browser.get("/admin/account")).html)).toContain("On: signing in asks for a code");
    const today = decode((await browser.get("/admin")).html);
    expect(today).toContain("Two-factor sign-in is on");
    expect(today).not.toContain("Turn on two-factor sign-in");
  });

  it("then asks for the code after the password: no session until it is right", async () => {
    const browser = new BrowserSession(shop.url);
    const password = await signIn(browser, owner, { returnTo: "/admin" });
    expect(password.location).toBe("/auth/two-factor?returnTo=%2Fadmin");
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await browser.get("/admin")).location).toBe("/auth?returnTo=%2Fadmin");
    expect(decode((await browser.get("/auth/two-factor?returnTo=%2Fadmin")).html)).toContain("Enter your sign-in code");

    const wrong = await browser.postForm("/auth/two-factor", { code: "123456", returnTo: "/admin" });
    expect(wrong.status).toBe(401);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();

    const right = await browser.postForm("/auth/two-factor", { code: nextCode(secret), returnTo: "/admin" });
    expect(right.location).toBe("/admin");
    expect((await browser.get("/admin")).status).toBe(200);
  });

  it("takes each backup code once instead of the app's code", async () => {
    for (const expected of [302, 401]) {
      const browser = new BrowserSession(shop.url);
      await signIn(browser, owner, { returnTo: "/admin" });
      expect((await browser.postForm("/auth/two-factor", { code: backupCodes[0]!, returnTo: "/admin" })).status).toBe(
        expected,
      );
    }
  });

  it("sends anyone without a password just given from the code's page to sign in", async () => {
    expect((await new BrowserSession(shop.url).get("/auth/two-factor")).location).toBe("/auth?returnTo=%2F");
  });

  it("is turned off with the password", async () => {
    const browser = new BrowserSession(shop.url);
    await signIn(browser, owner);
    expect((await browser.postForm("/auth/two-factor", { code: backupCodes[1]!, returnTo: "/" })).status).toBe(302);
    const off = await browser.postForm("/admin/account", { intent: "disable", password: owner.password });
    expect(off.status).toBe(302);
    await signOut(browser);
    const again = await signIn(browser, owner, { returnTo: "/admin" });
    expect(again.location).toBe("/admin");
  });
});
