import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openShop, type Shop } from "../helpers/shop-api";
import { giveOptions } from "../helpers/variants";

/**
 * What a phone on a slow link asks for first (docs/decisions/010-first-paint.md):
 * each browsing page's HTML preloads the photo it opens on, at high priority,
 * in its head, before any script the browser would fetch beside it (a
 * module preload, a script's `src`, a module script's imports).
 */
const PHOTO_PRELOAD = /<link rel="preload" as="image"[^>]*\bfetchPriority="high"[^>]*>/;
const SCRIPT_REQUEST = /<link\b[^>]*\brel="modulepreload"|<script\b[^>]*(?:\bsrc=|\btype="module")/;

const positionOf = (html: string, pattern: RegExp) => pattern.exec(html)?.index ?? -1;

describe("the order of a browsing page's first requests", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001 }, { id: 1002 }] });
    await shop.db
      .updateTable("products")
      .set({ images: JSON.stringify(["/images/products/a-800.webp", "/images/products/b-800.webp"]) })
      .where("id", "=", 1002)
      .execute();
    await giveOptions(
      shop.db,
      1002,
      [{ name: "Size", values: ["8 oz", "12 oz"] }],
      [
        { id: 2001, values: ["8 oz"], priceCents: 1800, stock: 3 },
        { id: 2002, values: ["12 oz"], priceCents: 2400, stock: 3, image: 1 },
      ],
    );
  });
  afterAll(() => shop?.close());

  it.each([
    ["/", "/images/categories/wax-800.webp"],
    ["/shop/wax", "/images/products/candle-1001-800.webp"],
    ["/shop/wax/1001", "/images/products/candle-1001-800.webp"],
    // A shared link to a variant opens on that variant's photo, so that is the one to fetch first.
    ["/shop/wax/1002?variant=2002", "/images/products/b-800.webp"],
  ])("%s preloads %s before any script", async (path, photo) => {
    const answer = await fetch(`${shop.url}${path}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    const preload = PHOTO_PRELOAD.exec(html)?.[0];
    expect(preload, `${path} has no photo preloaded at high priority`).toContain(photo);
    const scripts = positionOf(html, SCRIPT_REQUEST);
    expect(scripts, `${path} loads no script`).toBeGreaterThan(-1);
    expect(positionOf(html, PHOTO_PRELOAD)).toBeLessThan(scripts);
  });
});
