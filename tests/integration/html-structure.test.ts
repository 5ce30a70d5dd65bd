import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openShop, type Shop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

const PAGES = [
  "/",
  "/shop",
  "/shop/wax",
  "/shop/wax/1001",
  "/about",
  "/contact",
  "/auth",
  "/checkout",
  "/no-such-page",
];

/** The levels of a page's headings, in document order. */
const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));

/** Elements that carry an aria-label but have no role for it to name (the W3C checker's error). */
const unnamedRoles = (html: string) =>
  [...html.matchAll(/<(div|span)\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /\saria-label=/.test(tag) && !/\srole=/.test(tag));

describe(`the storefront's HTML on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001 }, { id: 1002 }] });
  });
  afterAll(() => shop?.close());

  it.each(PAGES)("%s: headings never skip a level", async (path) => {
    const levels = headingLevels(await (await fetch(`${shop.url}${path}`)).text());
    expect(levels[0], path).toBe(1);
    for (const [index, level] of levels.entries()) {
      if (index > 0)
        expect(level, `${path}: h${levels[index - 1]} then h${level}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
    }
  });

  it.each(PAGES)("%s: every aria-label names an element with a role", async (path) => {
    expect(unnamedRoles(await (await fetch(`${shop.url}${path}`)).text()), path).toEqual([]);
  });
});
