import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCredentials, signIn, signedUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { makeTestOwner } from "../helpers/owner";
import { setUpShippingAndTax } from "../helpers/pricing-setup";
import { type Shop, openShop } from "../helpers/shop-api";
import { placePaidOrder } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&amp;", "&");

describe(`a shopper's own orders at /account, on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, name: "Fig Leaf", price: 24, stock: 50 }] });
  });
  afterAll(() => shop.close());

  it("lists the signed-in shopper's orders with their lines, status and tracking link, and nobody else's", async () => {
    const ada = new BrowserSession(shop.url);
    await signedUp(ada, newCredentials("Ada Wick"));
    const grace = new BrowserSession(shop.url);
    await signedUp(grace, newCredentials("Grace Wick"));
    const adas = await placePaidOrder(shop, [{ id: 1001, quantity: 2 }], { browser: ada });
    const graces = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }], { browser: grace });
    const guests = await placePaidOrder(shop, [{ id: 1001, quantity: 3 }]);

    const owner = { ...newCredentials("Mara"), password: "poured-by-hand-2026" };
    await makeTestOwner(shop.database, { email: owner.email, name: "Mara", password: owner.password });
    const mara = new BrowserSession(shop.url);
    await signIn(mara, owner);
    await mara.postForm("/admin?index", {
      intent: "ship",
      number: adas.number,
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });

    const page = textOf((await ada.get("/account")).html);
    expect(page).toContain(`Order ${adas.number}`);
    expect(page).toContain("Shipped · $48.00");
    expect(page).toContain("2 × Fig Leaf");
    expect(page).not.toContain("Subtotal");
    expect(page).toContain(
      'Tracking number (UPS): <a href="https://www.ups.com/track?tracknum=1Z999AA10123456784">1Z999AA10123456784</a>',
    );
    expect(page).not.toContain(graces.number);
    expect(page).not.toContain(guests.number);

    const gracePage = textOf((await grace.get("/account")).html);
    expect(gracePage).toContain(`Order ${graces.number}`);
    expect(gracePage).toContain("Paid, being prepared");
    expect(gracePage).not.toContain(adas.number);
    expect((await grace.get("/")).html).toMatch(
      /<a[^>]*aria-label="Grace Wick: your orders"[^>]*href="\/account"|<a[^>]*href="\/account"[^>]*aria-label="Grace Wick: your orders"/,
    );
  });

  it("shows what an order's total is made of once it was charged shipping or tax, and nothing more for the others", async () => {
    const rates = await setUpShippingAndTax(shop.db);
    const tex = new BrowserSession(shop.url);
    await signedUp(tex, newCredentials("Tex Wick"));
    const texas = { state: "TX", zip: "75001" };
    // $24.00 + $6.95 shipping + 6.25 % Texas tax on both ($1.50 + $0.43).
    const taxed = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }], {
      browser: tex,
      shipping: texas,
      choice: { shippingRateId: rates.standard, expectedTotalCents: 3288 },
    });
    // $96.00 ships free to Oregon, which is no tax state: the items alone.
    const free = await placePaidOrder(shop, [{ id: 1001, quantity: 4 }], {
      browser: tex,
      choice: { shippingRateId: rates.free, expectedTotalCents: 9600 },
    });
    const page = textOf((await tex.get("/account")).html);
    const card = (number: string) => page.slice(page.indexOf(`Order ${number}`)).split("</li>")[0]!;
    expect(card(taxed.number)).toContain("Paid, being prepared · $32.88");
    expect(card(taxed.number)).toContain("Subtotal $24.00 · Shipping $6.95 · Tax $1.93");
    expect(card(free.number)).toContain("Paid, being prepared · $96.00");
    expect(card(free.number)).not.toContain("Subtotal");
  });

  it("sends a guest to sign in first", async () => {
    const answer = await new BrowserSession(shop.url).get("/account");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/auth?returnTo=%2Faccount");
  });
});
