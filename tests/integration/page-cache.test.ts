import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import { guestNav, navOf, newCredentials, SESSION_COOKIE, signedInNav, signedUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { catalogFile } from "../helpers/catalog-files";
import { cspOf, inlineHashes, inlineNonces, policyNonce } from "../helpers/csp";
import { cachedGet } from "../helpers/page-cache";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { cards, openShop, pay, placePendingOrder, type Shop } from "../helpers/shop-api";
import { orderByNumber } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

/** Every page the cache may answer, in the forms a browser asks for them. */
const browsingPaths = [
  "/",
  "/shop",
  "/shop/wax",
  "/shop/wax/1001/",
  "/_.data",
  "/shop.data",
  "/shop/wax.data",
  "/shop/wax/1001/_.data",
];

describe(`the page cache on ${testEngine} never carries one shopper's data to another`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, stock: 5 }] });
  });
  afterAll(() => shop?.close());

  it("keeps a signed-in shopper's pages out of the cache, and serves guests pages without them", async () => {
    const shopper = new BrowserSession(shop.url);
    const { displayName } = await signedUp(shopper, newCredentials("Ottoline Wick"));

    // A guest's pages are cached first, so a signed-in shopper could be handed one of them.
    const guest = new BrowserSession(shop.url);
    for (const path of browsingPaths) await cachedGet(guest, path);

    for (const path of browsingPaths) {
      const page = await shopper.get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("etag"), `${path} came from the cache`).toBeNull();
      // Pages show the name in the nav bar; the navigation data carries it in the root loader's data.
      if (path.endsWith(".data")) expect(page.html, path).toContain(displayName);
      else expect(navOf(page.html), path).toEqual(signedInNav(displayName));
    }

    // After the shopper's visits, a new guest sees the same pages as before: no name, no cookie.
    const nextGuest = new BrowserSession(shop.url);
    for (const path of browsingPaths) {
      const page = await cachedGet(nextGuest, path);
      expect(page.html, path).not.toContain(displayName);
      expect(page.setCookies, path).toEqual([]);
      if (!path.endsWith(".data")) expect(navOf(page.html), path).toEqual(guestNav);
    }
    expect(nextGuest.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("answers from the cache with the policy the page was rendered with, naming the hash of each inline script and style sheet instead of a nonce", async () => {
    const guest = new BrowserSession(shop.url);
    for (const path of ["/", "/shop", "/shop/wax", "/shop/wax/1001/"]) {
      const page = await cachedGet(guest, path);
      const { "script-src": scriptSources, "style-src": styleSources, ...others } = cspOf(page);
      expect(policyNonce(page), path).toBeUndefined();
      expect(scriptSources, path).toEqual(["'self'", ...inlineHashes(page.html)]);
      expect(inlineHashes(page.html).length, path).toBeGreaterThan(0);
      expect(styleSources, path).toEqual(["'self'", ...inlineHashes(page.html, "style")]);
      expect(inlineHashes(page.html, "style"), path).toHaveLength(1);

      // A render of the same page (a session cookie skips the cache) still gets a nonce of its own.
      const rendered = await fetch(`${shop.url}${path}`, { headers: { Cookie: `${SESSION_COOKIE}=not-a-session` } });
      const {
        "script-src": renderedScriptSources,
        "style-src": renderedStyleSources,
        ...renderedOthers
      } = cspOf(rendered);
      expect(others, path).toEqual(renderedOthers);
      expect(renderedScriptSources, path).toEqual(["'self'", `'nonce-${policyNonce(rendered)}'`]);
      expect(renderedStyleSources, path).toEqual(["'self'", `'nonce-${policyNonce(rendered)}'`]);
      const renderedHtml = await rendered.text();
      expect(new Set(inlineNonces(renderedHtml)), path).toEqual(new Set([policyNonce(rendered)]));
      expect(inlineNonces(renderedHtml, "style"), path).toEqual([policyNonce(rendered)]);
    }
  });

  it("never answers from the cache for a request with a session cookie, even one that is no longer valid", async () => {
    const guest = new BrowserSession(shop.url);
    await cachedGet(guest, "/shop/wax");
    const stale = await fetch(`${shop.url}/shop/wax`, { headers: { Cookie: `${SESSION_COOKIE}=not-a-session` } });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("etag")).toBeNull();
    expect(navOf(await stale.text())).toEqual(guestNav);
  });
});

/**
 * Stock and catalog changes made through one server process (or the import
 * command, or the expiry job's function) must show on the pages another
 * process serves from its cache. Each test uses its own product, last unit
 * in stock, and watches what a shopper can see of it: the product page's
 * 'Add to Cart' or 'Sorry, this item is out of stock!', the category page
 * (which lists only products in stock), the client-side navigation data and
 * the JSON catalog's stock.
 */
describe(`the page cache on ${testEngine} shows each stock and catalog change to the next shopper, with two server processes on one database`, () => {
  const products = { reserved: 1101, paid: 1102, expired: 1103, imported: 1104, partlySold: 1105 };
  let shop: Shop;
  let other: ServerProcess;
  beforeAll(async () => {
    shop = await openShop({
      Wax: Object.values(products).map((id) => ({
        id,
        stock: id === products.partlySold ? 2 : 1,
        name: `Candle ${id}`,
      })),
    });
    other = await startServerProcess({ ...shop.database.env, PAYMENT_ATTEMPTS_PER_IP: "100000" });
  });
  afterAll(async () => {
    await other?.stop();
    await shop?.close();
  });

  const viaOther = () => ({ url: other.url });

  /** What a guest on the first process sees of a product, each page answered from the cache. */
  async function seenOnFirstProcess(id: number) {
    const guest = new BrowserSession(shop.url);
    const productPage = (await cachedGet(guest, `/shop/wax/${id}/`)).html;
    const categoryPage = (await cachedGet(guest, "/shop/wax")).html;
    const navigationData = (await cachedGet(guest, `/shop/wax/${id}/_.data`)).html;
    // The JSON catalog is rendered every time: it has the stock count as it is.
    const catalog = JSON.parse((await guest.get("/api/catalog/wax")).html) as {
      items: { id: number; stock: number }[];
    };
    return {
      addToCart: productPage.includes(">Add to Cart<"),
      soldOut: productPage.includes("Sorry, this item is out of stock!"),
      listed: categoryPage.includes(`>Candle ${id}<`),
      // The product's stock as the turbo-stream data carries it: its key and value sit side by side.
      navigationData,
      stock: catalog.items.find((item) => item.id === id)?.stock,
    };
  }

  const inStock = { addToCart: true, soldOut: false, listed: true, stock: 1 };
  const soldOut = { addToCart: false, soldOut: true, listed: false, stock: 0 };
  const visible = ({ navigationData: _, ...rest }: Awaited<ReturnType<typeof seenOnFirstProcess>>) => rest;

  it("a checkout reservation on the other process", async () => {
    const before = await seenOnFirstProcess(products.reserved);
    expect(visible(before)).toEqual(inStock);

    await placePendingOrder(viaOther(), [{ id: products.reserved, quantity: 1 }]);

    const after = await seenOnFirstProcess(products.reserved);
    expect(visible(after)).toEqual(soldOut);
    expect(after.navigationData).not.toEqual(before.navigationData);
  });

  it("a paid order on the other process", async () => {
    expect(visible(await seenOnFirstProcess(products.paid))).toEqual(inStock);

    const order = await placePendingOrder(viaOther(), [{ id: products.paid, quantity: 1 }]);
    expect((await pay(viaOther(), order, cards.success)).status).toBe(200);
    expect(visible(await seenOnFirstProcess(products.paid))).toEqual(soldOut);

    // Paying changes no stock (the reservation took it), so the page stays as the reservation left it, and
    // stays so past the reservation's expiry: a paid order keeps its stock, unlike the expired one below.
    const paid = await orderByNumber(shop.db, order.number);
    const expired = await expireUnpaidOrders(shop.db, paid.expires_at + 1);
    expect(expired.map((row) => row.number)).not.toContain(order.number);
    expect(visible(await seenOnFirstProcess(products.paid))).toEqual(soldOut);
  });

  it("an order that expires unpaid", async () => {
    expect(visible(await seenOnFirstProcess(products.expired))).toEqual(inStock);

    const order = await placePendingOrder(viaOther(), [{ id: products.expired, quantity: 1 }]);
    expect(visible(await seenOnFirstProcess(products.expired))).toEqual(soldOut);

    const pending = await orderByNumber(shop.db, order.number);
    const expired = await expireUnpaidOrders(shop.db, pending.expires_at);
    expect(expired.map((row) => row.number)).toContain(order.number);

    expect(visible(await seenOnFirstProcess(products.expired))).toEqual(inStock);
  });

  it("a catalog import", async () => {
    expect(visible(await seenOnFirstProcess(products.imported))).toEqual(inStock);

    const file = catalogFile({ Wax: [{ id: products.imported, stock: 0, name: `Candle ${products.imported}` }] });
    // As `npm run catalog:import` would from its own process: the same domain call, from the test's process.
    await importCatalog(shop.db, parseCatalogFile(file), { replace: false });

    expect(visible(await seenOnFirstProcess(products.imported))).toEqual(soldOut);
    const renamed = catalogFile({ Wax: [{ id: products.imported, stock: 3, name: "Midnight Fig" }] });
    await importCatalog(shop.db, parseCatalogFile(renamed), { replace: false });
    const guest = new BrowserSession(shop.url);
    expect((await cachedGet(guest, `/shop/wax/${products.imported}/`)).html).toContain("Midnight Fig");
    expect((await cachedGet(guest, "/shop/wax")).html).toContain(">Midnight Fig<");
  });

  it("a sale that leaves stock keeps the kept pages, the sale that empties it changes them, and an expiry that refills it changes them back", async () => {
    const id = products.partlySold;
    const productPage = `/shop/wax/${id}/`;
    const guest = new BrowserSession(shop.url);
    expect(visible(await seenOnFirstProcess(id))).toEqual({ ...inStock, stock: 2 });
    const keptEtag = (await cachedGet(guest, productPage)).headers.get("etag");

    const first = await placePendingOrder(viaOther(), [{ id, quantity: 1 }]);
    // Still in stock: what the pages show has not changed, so they are the same kept copies (same ETag, not rendered
    // again); the JSON catalog, rendered for every request, has the count.
    expect(visible(await seenOnFirstProcess(id))).toEqual({ ...inStock, stock: 1 });
    expect((await cachedGet(guest, productPage)).headers.get("etag")).toBe(keptEtag);

    const last = await placePendingOrder(viaOther(), [{ id, quantity: 1 }]);
    expect(visible(await seenOnFirstProcess(id))).toEqual(soldOut);
    expect((await cachedGet(guest, productPage)).headers.get("etag")).not.toBe(keptEtag);

    const expired = await expireUnpaidOrders(shop.db, (await orderByNumber(shop.db, last.number)).expires_at);
    expect(expired.map((row) => row.number)).toEqual(expect.arrayContaining([first.number, last.number]));
    expect(visible(await seenOnFirstProcess(id))).toEqual({ ...inStock, stock: 2 });
  });
});
