import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession } from "../helpers/browser-session";
import { productEditForm, signedInOwner } from "../helpers/owner";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { openShop, type Shop } from "../helpers/shop-api";
import { cachedGet } from "../helpers/page-cache";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

/**
 * The owner edits on one server process; a guest browses another, whose
 * pages come from its page cache. The cache keys on the catalog version in
 * the database, so the guest's very next request after the edit (not one
 * some time later) must show it.
 */
describe(`the owner's edits on one server process, seen by a shopper on another, on ${testEngine}`, () => {
  const products = { backSoon: 1701, hidden: 1702, repriced: 1703 };
  let shop: Shop;
  let other: ServerProcess;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({
      Wax: [
        { id: products.backSoon, name: "Back Soon", price: 15, stock: 0 },
        { id: products.hidden, name: "Hidden Fig", price: 18, stock: 5 },
        { id: products.repriced, name: "Repriced Cedar", price: 24, stock: 5 },
      ],
    });
    other = await startServerProcess(shop.database.env);
    owner = await signedInOwner(shop);
  });
  afterAll(async () => {
    await other?.stop();
    await shop?.close();
  });

  /** What a guest on the other process sees of one product, one request per page. */
  async function seenOnOtherProcess(
    id: number,
    get: (browser: BrowserSession, path: string) => Promise<{ status: number; html: string }>,
  ) {
    const guest = new BrowserSession(other.url);
    const productPage = await get(guest, `/shop/wax/${id}/`);
    const categoryPage = textOf((await get(guest, "/shop/wax")).html);
    // The JSON catalog is never cached: its stock counts change with every sale.
    const catalog = JSON.parse((await guest.get("/api/catalog/wax")).html) as {
      items: { id: number; stock: number; price: number }[];
    };
    const item = catalog.items.find((entry) => entry.id === id);
    return {
      productPage: productPage.status,
      addToCart: productPage.html.includes(">Add to Cart<"),
      soldOut: productPage.html.includes("Sorry, this item is out of stock!"),
      price: /Price: \$([\d.]+)/.exec(textOf(productPage.html))?.[1],
      listed: categoryPage.includes(`/shop/wax/${id}`),
      catalog: item && { stock: item.stock, price: item.price },
    };
  }
  /** Each page as the cache holds it before the edit, so the edit has a cached page to replace. */
  const fromCache = (id: number) => seenOnOtherProcess(id, cachedGet);
  /** The guest's very next request for each page: no waiting, no retry. */
  const nextRequest = (id: number) => seenOnOtherProcess(id, (browser, path) => browser.get(path));

  it("stock added to a sold-out candle puts it back on sale on the other process's next page", async () => {
    expect(await fromCache(products.backSoon)).toEqual({
      productPage: 200,
      addToCart: false,
      soldOut: true,
      price: "15.00",
      listed: false,
      catalog: { stock: 0, price: 15 },
    });

    const added = await owner.postForm(`/admin/products/${products.backSoon}`, {
      intent: "add",
      delta: "4",
      reason: "poured 4",
    });
    expect(textOf(added.html)).toContain("Stock is now 4.");

    expect(await nextRequest(products.backSoon)).toEqual({
      productPage: 200,
      addToCart: true,
      soldOut: false,
      price: "15.00",
      listed: true,
      catalog: { stock: 4, price: 15 },
    });
  });

  it("a hidden candle is gone from the other process's next page", async () => {
    expect(await fromCache(products.hidden)).toEqual({
      productPage: 200,
      addToCart: true,
      soldOut: false,
      price: "18.00",
      listed: true,
      catalog: { stock: 5, price: 18 },
    });

    const hidden = await owner.postMultipart(
      `/admin/products/${products.hidden}`,
      await productEditForm(shop.db, products.hidden, { visible: "" }),
    );
    expect(hidden.status).toBe(200);
    expect(textOf(hidden.html)).toContain("Hidden from the shop");

    expect(await nextRequest(products.hidden)).toEqual({
      productPage: 404,
      addToCart: false,
      soldOut: false,
      price: undefined,
      listed: false,
      catalog: undefined,
    });
  });

  it("a new price shows on the other process's next page, photos kept", async () => {
    expect(await fromCache(products.repriced)).toEqual({
      productPage: 200,
      addToCart: true,
      soldOut: false,
      price: "24.00",
      listed: true,
      catalog: { stock: 5, price: 24 },
    });
    const photosBefore = (
      await shop.db
        .selectFrom("products")
        .select("images")
        .where("id", "=", products.repriced)
        .executeTakeFirstOrThrow()
    ).images;

    const saved = await owner.postMultipart(
      `/admin/products/${products.repriced}`,
      await productEditForm(shop.db, products.repriced, { price: "19.50" }),
    );
    expect(saved.status).toBe(200);
    expect(textOf(saved.html)).toContain("Saved. The shop shows the change now.");

    expect(await nextRequest(products.repriced)).toEqual({
      productPage: 200,
      addToCart: true,
      soldOut: false,
      price: "19.50",
      listed: true,
      catalog: { stock: 5, price: 19.5 },
    });
    const product = await shop.db
      .selectFrom("products")
      .innerJoin("variants", "variants.product_id", "products.id")
      .select(["variants.price_cents", "products.images"])
      .where("products.id", "=", products.repriced)
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ price_cents: 1950, images: photosBefore });
  });
});
