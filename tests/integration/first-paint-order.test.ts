import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openShop, type Shop } from "../helpers/shop-api";
import { giveOptions } from "../helpers/variants";

/**
 * What a phone on a slow link asks for first (docs/decisions/010-first-paint.md):
 * each browsing page's HTML preloads the photo it opens on, at high priority,
 * in its head, and asks for no script beside it (no module preload, no
 * script's `src`, no module script's imports): one inline script in the head
 * starts them all once the photo is on screen (app/.server/render/photo-first.ts).
 */
const PHOTO_PRELOAD = /<link rel="preload" as="image"[^>]*\bfetchPriority="high"[^>]*>/;
const SCRIPT_REQUEST = /<link\b[^>]*\brel="modulepreload"|<script\b[^>]*(?:\bsrc=|\btype="module")/;

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"/g;
const STARTER =
  /<script nonce="[^"]+">\(function startScriptsAfterPhoto[\s\S]*?\}\)\((\[[^\]]*\]),\d+,"([^"]+)"\)<\/script>/;

const positionOf = (html: string, pattern: RegExp) => pattern.exec(html)?.index ?? -1;
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

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
    expect(html, `${path} asks for a script beside its photo`).not.toMatch(SCRIPT_REQUEST);
    const starter = STARTER.exec(headOf(html));
    expect(starter, `${path} has no script to start its modules`).not.toBeNull();
    expect(positionOf(html, PHOTO_PRELOAD)).toBeLessThan(starter!.index);
    const [, hrefs = "[]", inertType] = starter!;
    // React Router's module script waits, inert, for the starter; and every module it hints is served.
    expect(html).toMatch(new RegExp(`<script nonce="[^"]+" type="${inertType}">[^<]*\\bimport\\b`));
    const modules = JSON.parse(hrefs) as string[];
    expect(modules.some((href) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of modules) expect((await fetch(`${shop.url}${href}`)).status, href).toBe(200);
  });

  it.each(["/about", "/checkout"])(
    "%s, with no photo to wait for, hints its modules in its head as before",
    async (path) => {
      const html = await (await fetch(`${shop.url}${path}`)).text();
      const head = headOf(html);
      expect(head).not.toMatch(PHOTO_PRELOAD);
      expect([...head.matchAll(MODULE_PRELOAD)].length).toBeGreaterThan(1);
      expect(head).not.toMatch(STARTER);
      expect(html).toMatch(/<script nonce="[^"]+" type="module" async="">[^<]*\bimport\b/);
    },
  );
});
