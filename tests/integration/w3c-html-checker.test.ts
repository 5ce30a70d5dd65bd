import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "~/.server/catalog/demo";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { newCredentials, signIn, signedUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { catalogFile } from "../helpers/catalog-files";
import { describeNuError, type HtmlDocument, nuHtmlErrors } from "../helpers/nu-html-checker";
import { makeTestOwner } from "../helpers/owner";
import { repoRoot } from "../helpers/run-script";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { cards, checkoutBody, pay, placePendingOrder, postCheckout, request } from "../helpers/shop-api";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";
import { holidayForm } from "../helpers/pricing-setup";

/**
 * Beside the demo catalog, lists long enough to come in pages (24 products
 * a category page, 8 categories on the overview) and a sold-out product.
 */
const longLists = catalogFile({
  Tapers: Array.from({ length: 26 }, (_, index) => ({ id: 2001 + index, stock: index === 25 ? 0 : 5 })),
  Pillars: [{ id: 2101 }],
  Votives: [{ id: 2201 }],
  Tealights: [{ id: 2301 }],
  Lanterns: [{ id: 2401 }],
});

/** A provider that is never reached: only the pages' markup is checked. */
const googleSignIn = {
  GOOGLE_CLIENT_ID: "wickshop-test",
  GOOGLE_CLIENT_SECRET: "wickshop-test-secret",
  GOOGLE_DISCOVERY_URL: "http://127.0.0.1:9/.well-known/openid-configuration",
};

/** A document with an error the checker must report: a run that reports nothing at all cannot pass. */
const plantedError: HtmlDocument = {
  name: "the planted error",
  html: '<!doctype html><html lang="en"><head><title>Planted</title></head><body><p><div>A div in a paragraph</div></p></body></html>',
};

/** A discount code as the owner's form posts it (blank fields as the form sends them). */
const HOLIDAY = "HOLIDAY15";
const holiday = { ...holidayForm, code: HOLIDAY };

/** GETs (or posts) a page and keeps its HTML, insisting on the status a shopper would get. */
async function page(
  browser: BrowserSession,
  who: string,
  path: string,
  status = 200,
  form?: Record<string, string>,
): Promise<HtmlDocument> {
  const response = form ? await browser.postForm(path, form) : await browser.get(path);
  expect(response.status, `${who} ${path}`).toBe(status);
  return { name: `${who} ${form ? "POST " : ""}${path}`, html: response.html };
}

/** Every storefront page a guest can reach, with every category and product of the catalog. */
async function guestPages(url: string): Promise<HtmlDocument[]> {
  const guest = new BrowserSession(url);
  const catalog = (await (await fetch(`${url}/api/catalog`)).json()) as { route: string; items: { id: number }[] }[];
  const paths = [
    "/",
    "/shop",
    "/shop?page=2",
    ...catalog.flatMap((category) => [
      `/${category.route}`,
      ...category.items.map((item) => `/${category.route}/${item.id}`),
    ]),
    "/shop/tapers?page=2",
    "/checkout",
    "/auth",
    "/about",
    "/contact",
    "/auth/google/done?error=access_denied",
    "/auth/google/done?popup=1&error=access_denied",
  ];
  const pages = [];
  for (const path of paths) pages.push(await page(guest, "guest", path));
  pages.push(await page(guest, "guest", "/no-such-page", 404));
  // The sign-in and sign-up forms as they come back with an error.
  const stranger = newCredentials();
  pages.push(
    await page(guest, "guest (wrong password)", "/auth", 401, {
      intent: "sign-in",
      email: stranger.email,
      password: stranger.password,
      returnTo: "/shop",
    }),
  );
  const signUpForm = {
    intent: "sign-up",
    displayName: "Ada",
    email: stranger.email,
    password: stranger.password,
    confirmPassword: "something else",
    returnTo: "/shop",
  };
  pages.push(await page(guest, "guest (passwords differ)", "/auth", 400, signUpForm));
  return pages;
}

/** The pages whose nav bar names a signed-in shopper and offers Sign Out. */
async function signedInPages(url: string): Promise<HtmlDocument[]> {
  const shopper = new BrowserSession(url);
  await signedUp(shopper, newCredentials("Ottilie <Wick> & Sons"));
  const pages = [];
  for (const path of ["/", "/shop", "/shop/wax", "/shop/wax/1001", "/checkout", "/about", "/contact", "/account"])
    pages.push(await page(shopper, "signed in", path));
  pages.push(await page(shopper, "signed in", "/no-such-page", 404));
  return pages;
}

/** The owner's back office: Today with an order to ship, the orders list, the order's own page, and the catalog screens. */
async function ownerPages(url: string, database: TestDatabase): Promise<HtmlDocument[]> {
  const owner = { email: "owner-vnu@example.com", password: "poured-by-hand-2026" };
  await makeTestOwner(database, { ...owner, name: "Mara Wick" });
  const order = await placePendingOrder({ url }, [{ id: 1001, quantity: 2 }], {
    shipping: { email: "grace@example.com" },
  });
  expect((await pay({ url }, order, cards.success)).status).toBe(200);
  const browser = new BrowserSession(url);
  await signIn(browser, owner);
  const pages = [];
  const owned = [
    "/admin",
    "/admin/orders",
    "/admin/orders?status=paid&q=WS",
    `/admin/orders/${order.number}`,
    "/admin/activity",
    "/admin/account",
    // The tax report, with the month of the paid order above, and sales by state.
    "/admin/tax",
  ];
  const catalog = [
    "/admin/products",
    "/admin/products?q=lavender",
    "/admin/products/new",
    "/admin/products/1001",
    "/admin/categories",
    "/admin/import",
  ];
  for (const path of [...owned, ...catalog]) {
    pages.push(await page(browser, "owner", path));
  }
  pages.push(
    await page(browser, "owner (two-factor set-up)", "/admin/account", 200, {
      intent: "enable",
      password: owner.password,
    }),
  );
  pages.push(
    await page(browser, "owner (bad tracking number)", "/admin?index", 400, {
      intent: "ship",
      number: order.number,
      trackingNumber: "<b>",
    }),
  );
  pages.push(await page(browser, "owner (bad report year)", "/admin/tax?year=1999", 400));
  pages.push(
    await page(browser, "owner (refused stock edit)", "/admin/products/1001", 400, {
      intent: "add",
      delta: "x",
      reason: "",
    }),
  );
  pages.push(...(await pricingPages(browser, database)));
  return pages;
}

/**
 * The shipping, tax and discount screens set up through their own forms:
 * a zone with its rates and their forms, a tax state and the report with a
 * taxed, discounted order, a code in the list and its edit form; each form's
 * answer, taken and refused, is a page too.
 */
async function pricingPages(owner: BrowserSession, database: TestDatabase): Promise<HtmlDocument[]> {
  const pages = [
    await page(owner, "owner (zone added)", "/admin/shipping", 200, { intent: "preset", preset: "Contiguous US" }),
  ];
  const { id: zoneId } = await database.db
    .selectFrom("shipping_zones")
    .select("id")
    .where("name", "=", "Contiguous US")
    .executeTakeFirstOrThrow();
  const rate = { intent: "rate", zoneId: String(zoneId), estimate: "3–5 business days", from: "", to: "" };
  pages.push(
    await page(owner, "owner (rate added)", "/admin/shipping", 200, {
      ...rate,
      name: "Standard",
      price: "6.95",
      condition: "always",
    }),
    await page(owner, "owner (free-over rate added)", "/admin/shipping", 200, {
      ...rate,
      name: "Free shipping",
      price: "0",
      condition: "subtotal",
      from: "75",
    }),
    await page(owner, "owner (refused rate)", "/admin/shipping", 400, {
      ...rate,
      name: "",
      price: "-1",
      condition: "weight",
      from: "16",
      to: "8",
    }),
    await page(owner, "owner (tax state added)", "/admin/tax", 200, {
      intent: "state",
      state: "TX",
      rate: "6.25",
      taxShipping: "on",
    }),
    await page(owner, "owner (refused tax rate)", "/admin/tax", 400, { intent: "state", state: "TX", rate: "25" }),
    await page(owner, "owner (code saved)", "/admin/discounts", 200, { ...holiday, code: "holiday15" }),
    await page(owner, "owner (refused code)", "/admin/discounts", 400, { ...holiday, code: "HOLIDAY-15", value: "0" }),
  );
  const lines = [{ id: 1001, quantity: 2 }];
  const texas = { state: "TX", zip: "78701", city: "Austin", email: "grace@example.com" };
  const quote = await request<{ shippingRateId: number; totalCents: number; taxCents: number }>(
    `${owner.baseUrl}/api/checkout/quote`,
    { body: { lines, shipping: { state: texas.state, zip: texas.zip }, discountCode: HOLIDAY } },
  );
  expect(quote.status).toBe(200);
  expect(quote.body.taxCents).toBeGreaterThan(0);
  const placed = await postCheckout(
    { url: owner.baseUrl },
    {
      ...checkoutBody(lines, {
        shipping: texas,
        choice: { shippingRateId: quote.body.shippingRateId, expectedTotalCents: quote.body.totalCents },
      }),
      discountCode: HOLIDAY,
    },
  );
  expect(placed.status).toBe(201);
  const order = placed.body.order!;
  expect((await pay({ url: owner.baseUrl }, order, cards.success)).status).toBe(200);
  const { id: codeId } = await database.db
    .selectFrom("discounts")
    .select("id")
    .where("code", "=", HOLIDAY)
    .executeTakeFirstOrThrow();
  // Each page with what shows it is set up: a bare page would pass while its forms went unchecked.
  const setUp: [path: string, shown: string][] = [
    // The zone's rates, each with its delete form, and the Add rate form.
    ["/admin/shipping", "Free shipping"],
    // The report with the taxed order's month: Texas and its order.
    ["/admin/tax", "Texas · 1 order"],
    ["/admin/discounts", "HOLIDAY15 · 15 % off"],
    [`/admin/discounts?edit=${codeId}`, 'value="HOLIDAY15"'],
    // The order's breakdown: subtotal, discount, shipping and tax.
    [`/admin/orders/${order.number}`, "TX 6.25 %"],
  ];
  for (const [path, shown] of setUp) {
    const screen = await page(owner, "owner (pricing set up)", path);
    expect(screen.html, path).toContain(shown);
    pages.push(screen);
  }
  return pages;
}

describe(`the W3C Nu HTML Checker (vnu) on every storefront and back-office page, on ${testEngine}`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalog(database.db, path.join(repoRoot, "seed/catalog.json"));
    await importCatalog(database.db, parseCatalogFile(longLists), { replace: false });
    // Sign-in with Google on, so /auth shows its button too; nothing asks the provider anything.
    server = await startServerProcess({ ...database.env, ...googleSignIn });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  it("finds no error on any page a guest, a signed-in shopper or the owner sees", { timeout: 120_000 }, async () => {
    const pages = [
      ...(await guestPages(server.url)),
      ...(await signedInPages(server.url)),
      ...(await ownerPages(server.url, database)),
    ];
    expect(
      pages.find((page) => page.name === "guest /auth")?.html,
      "the sign-in form's Google button is checked too",
    ).toContain("Sign in with Google");
    const errors = await nuHtmlErrors([...pages, plantedError]);
    expect(
      errors.filter((error) => error.document === plantedError.name).length,
      "the checker reports the planted error",
    ).toBeGreaterThan(0);
    expect(errors.filter((error) => error.document !== plantedError.name).map(describeNuError)).toEqual([]);
  });
});
