import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES_PER_PAGE } from "~/routes/shop";
import { PRODUCTS_PER_PAGE } from "~/routes/category";
import { openShop, type Shop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

const NOT_FOUND = "Oops! Looks like this page doesn&#x27;t exist. Try heading back";

/** The names on a page's product cards, in order. */
const cardNames = (html: string) =>
  [...html.matchAll(/class="product-card__name"[^>]*>([^<]*)</g)].map((match) => match[1]);
const sectionTitles = (html: string) =>
  [...html.matchAll(/class="shop-section__title"[^>]*><a[^>]*>([^<]*)</g)].map((match) => match[1]);
const pageLinkTargets = (html: string) =>
  [...html.matchAll(/<a[^>]*class="pagination__link"[^>]*href="([^"]*)"/g)].map((match) => match[1]);

async function page(shop: Shop, path: string) {
  const response = await fetch(shop.url + path);
  return { status: response.status, html: await response.text() };
}

describe(`long lists on ${testEngine} come in pages`, () => {
  // 30 in stock in one category, with two sold out among them that are never listed.
  const big = Array.from({ length: 32 }, (_, i) => ({ id: 5001 + i, stock: i === 0 || i === 10 ? 0 : 3 }));
  const inStockNames = big.filter((item) => item.stock > 0).map((item) => `Candle ${item.id}`);
  const categories = Array.from({ length: CATEGORIES_PER_PAGE + 2 }, (_, i) => `Extra${i + 1}`);
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({
      Big: big,
      ...Object.fromEntries(categories.map((title, i) => [title, [{ id: 7001 + i }]])),
    });
  });
  afterAll(() => shop?.close());

  it(`a category page shows ${PRODUCTS_PER_PAGE} products in stock, and links the pages`, async () => {
    const first = await page(shop, "/shop/big");
    expect(first.status).toBe(200);
    expect(cardNames(first.html)).toEqual(inStockNames.slice(0, PRODUCTS_PER_PAGE));
    expect(first.html).toContain('aria-label="Pages of Big candles"');
    expect(pageLinkTargets(first.html)).toEqual(["/shop/big", "/shop/big?page=2", "/shop/big?page=2"]);
    expect(first.html).toContain('rel="next"');

    const second = await page(shop, "/shop/big?page=2");
    expect(cardNames(second.html)).toEqual(inStockNames.slice(PRODUCTS_PER_PAGE));
    expect(second.html).toContain("<title>Big candles, page 2 · Wickshop</title>");
    expect(second.html).toMatch(/rel="canonical" href="[^"]*\/shop\/big\?page=2"/);
    expect(pageLinkTargets(second.html)).toEqual(["/shop/big", "/shop/big", "/shop/big?page=2"]);

    for (const path of ["/shop/big?page=3", "/shop/big?page=0", "/shop/big?page=two", "/shop/nothing?page=1"]) {
      const missing = await page(shop, path);
      expect(missing.status, path).toBe(404);
      expect(missing.html, path).toContain(NOT_FOUND);
    }
  });

  it("a category with few products has no page links", async () => {
    const small = await page(shop, "/shop/extra1");
    expect(cardNames(small.html)).toEqual(["Candle 7001"]);
    expect(small.html).not.toContain('class="pagination"');
  });

  it(`the overview shows ${CATEGORIES_PER_PAGE} categories a page, each with its first 3 in stock`, async () => {
    const first = await page(shop, "/shop");
    expect(sectionTitles(first.html)).toEqual(["Big", ...categories.slice(0, CATEGORIES_PER_PAGE - 1)]);
    expect(cardNames(first.html).slice(0, 3)).toEqual(inStockNames.slice(0, 3));
    expect(pageLinkTargets(first.html)).toEqual(["/shop", "/shop?page=2", "/shop?page=2"]);

    const second = await page(shop, "/shop?page=2");
    expect(sectionTitles(second.html)).toEqual(categories.slice(CATEGORIES_PER_PAGE - 1));
    expect((await page(shop, "/shop?page=3")).status).toBe(404);
  });

  it("home shows every category", async () => {
    const home = await page(shop, "/");
    for (const title of ["Big", ...categories]) expect(home.html).toContain(`>${title}</span>`);
  });
});
