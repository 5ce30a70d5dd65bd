import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCredentials, signIn, signedUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { makeTestOwner } from "../helpers/owner";
import { runScript } from "../helpers/run-script";
import { type Shop, openShop } from "../helpers/shop-api";
import { placePaidOrder } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";
import { turnOnTwoFactor } from "../helpers/two-factor";

const textOf = (html: string) => html.replaceAll("<!-- -->", "");

describe(`the activity log at /admin/activity, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  let number: string;
  let email: string;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, price: 24, stock: 20 }] });
    const credentials = { ...newCredentials("Mara Wick"), password: "poured-by-hand-2026" };
    email = credentials.email;
    await makeTestOwner(shop.database, { email: credentials.email, name: "Mara Wick", password: credentials.password });
    owner = new BrowserSession(shop.url);
    await signIn(owner, credentials);
    number = (await placePaidOrder(shop, [{ id: 1001, quantity: 2 }])).number;
    await owner.postForm("/admin?index", {
      intent: "ship",
      number,
      carrier: "DHL",
      trackingNumber: "JD014600006281230704",
    });
    await owner.postForm(`/admin/orders/${number}`, { intent: "refund", number, restock: "on" });
  });
  afterAll(() => shop.close());

  it("shows every owner action newest first: who, what, which order, the values before and after, and when", async () => {
    const page = textOf((await owner.get("/admin/activity")).html);
    expect(page).toContain("3 entries, kept as written");
    const refunded = page.indexOf(`Cancelled and refunded <a`);
    const shipped = page.indexOf(`Marked shipped <a`);
    expect(refunded).toBeGreaterThan(-1);
    expect(shipped).toBeGreaterThan(refunded);
    expect(page).toContain(`href="/admin/orders/${number}"`);
    expect(page).toContain("Before: Status: Shipped");
    expect(page).toContain("After: Status: Refunded, Amount: $48.00, Put the items back in stock: yes");
    expect(page).toContain("After: Status: Shipped, Carrier: DHL, Tracking number: JD014600006281230704");
    expect(page).toMatch(/· Mara Wick</);
  });

  it("exports the whole log as CSV, oldest first, with the values as recorded", async () => {
    const answer = await fetch(`${shop.url}/admin/activity.csv`, { headers: { Cookie: owner.cookieHeader() } });
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = new TextDecoder("utf-8", { ignoreBOM: true })
      .decode(await answer.arrayBuffer())
      .slice(1)
      .split("\r\n");
    expect(rows[0]).toBe("When (UTC),Who,Account id,Action,Subject type,Subject,Before,After");
    expect(rows[1]).toMatch(
      new RegExp(`^\\d{4}-.*Z,npm run owner:create,owner:create,owner\\.created,account,${email},,`),
    );
    expect(rows[2]).toMatch(
      new RegExp(`^\\d{4}-.*Z,Mara Wick,[^,]+,order\\.shipped,order,${number},"{""status"":""paid""}",`),
    );
    expect(rows[3]).toContain(`,order.refunded,order,${number},`);
    expect(rows).toHaveLength(5);
  });

  it("is the owner's only", async () => {
    for (const path of ["/admin/activity", "/admin/activity.csv"]) {
      expect((await new BrowserSession(shop.url).get(path)).location).toBe(
        `/auth?returnTo=${encodeURIComponent(path)}`,
      );
      const shopper = new BrowserSession(shop.url);
      await signedUp(shopper);
      expect((await shopper.get(path)).status).toBe(404);
    }
  });

  it("records every change to how an owner signs in: two-factor on and off, the password, the low-stock email, and the role given and taken", async () => {
    const password = "poured-by-hand-2026";
    const browser = new BrowserSession(shop.url);
    await signIn(browser, { email, password });
    await turnOnTwoFactor(browser, password);
    expect((await browser.postForm("/admin/account", { intent: "digest", digest: "on" })).status).toBe(200);
    expect(
      (
        await browser.postForm("/admin/account", {
          intent: "password",
          currentPassword: password,
          newPassword: "a-second-long-password",
        })
      ).status,
    ).toBe(200);
    expect((await browser.postForm("/admin/account", { intent: "disable", password })).status).toBe(400);
    expect(
      (await browser.postForm("/admin/account", { intent: "disable", password: "a-second-long-password" })).status,
    ).toBe(302);
    const other = newCredentials("Owen Wick");
    const env = { ...shop.database.env, OWNER_PASSWORD: "another-long-password" };
    expect(
      (await runScript("scripts/owner-create.ts", ["--email", other.email, "--name", "Owen Wick"], env)).code,
    ).toBe(0);
    expect((await runScript("scripts/owner-create.ts", ["--email", other.email, "--remove"], env)).code).toBe(0);

    const page = textOf((await browser.get("/admin/activity")).html);
    const accountLink = `<a [^>]*href="/admin/account"[^>]*>`;
    const entries = [
      `Took the owner role from ${accountLink}${other.email}</a></p><p class="admin-card__detail">[^<]* · npm run owner:create<`,
      `Created the owner account ${accountLink}${other.email}</a>`,
      `Turned off two-factor sign-in for ${accountLink}${email}</a></p><p class="admin-card__detail">[^<]* · Mara Wick<`,
      `Changed the password of ${accountLink}${email}</a>`,
      `Changed the low-stock email of ${accountLink}${email}</a></p><p class="admin-card__detail">[^<]*</p><p class="admin-card__detail">Before: Low-stock email: off</p><p class="admin-card__detail">After: Low-stock email: on<`,
      `Turned on two-factor sign-in for ${accountLink}${email}</a>`,
    ];
    let at = 0;
    for (const entry of entries) {
      const found = new RegExp(entry).exec(page.slice(at));
      expect(found, entry).not.toBeNull();
      at += found!.index + found![0].length;
    }
    // Nothing was logged for a password or code that was refused.
    expect(page).toContain("9 entries, kept as written");
  });
});
