import { expect, test } from "./support/test";

test("GET /api/catalog returns every category in the import shape, prices in dollars", async ({ request }) => {
  const response = await request.get("/api/catalog");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const catalog = await response.json();
  expect(catalog.map((category: { title: string }) => category.title)).toEqual([
    "Wax",
    "Seasonal",
    "Jelly",
    "Woodwick",
  ]);
  expect(catalog[0]).toMatchObject({ title: "Wax", route: "shop/wax", imageUrl: "/images/categories/wax-800.webp" });
  expect(Object.keys(catalog[0]).sort()).toEqual(["imageUrl", "items", "route", "title"]);
  expect(catalog[0].items[0]).toEqual({
    id: 1001,
    name: "Lavender Fields",
    price: 19.99,
    images: [
      "/images/products/lavender-fields-1-800.webp",
      "/images/products/lavender-fields-2-800.webp",
      "/images/products/lavender-fields-3-800.webp",
    ],
    stock: 12,
    scent: "Lavender & chamomile",
    description: expect.stringMatching(/^A calming soy candle/),
    itemCategoy: "Wax",
  });
  // Out-of-stock items are part of the catalog; pages decide what to show.
  expect(catalog[0].items.find((item: { id: number }) => item.id === 1005).stock).toBe(0);
});

test("GET /api/catalog/{category} returns one category, or a JSON 404", async ({ request }) => {
  const jelly = await request.get("/api/catalog/jelly");
  expect(jelly.status()).toBe(200);
  expect((await jelly.json()).items.map((item: { id: number }) => item.id)).toEqual([3001, 3002, 3003, 3004, 3005]);

  const missing = await request.get("/api/catalog/candles");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: { code: "not_found", message: 'There is no category "candles".' } });
});

test("GET /healthz answers once the database does", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("the sitemap lists every page, category and product; robots.txt points to it", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(baseURL!, ""));
  expect(urls).toEqual(
    expect.arrayContaining([
      "/",
      "/shop",
      "/contact",
      "/about",
      "/shop/wax",
      "/shop/woodwick",
      "/shop/wax/1001/",
      "/shop/woodwick/4006/",
    ]),
  );
  expect(urls).toHaveLength(4 + 4 + 22);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("hashed assets are cached for good, pages are compressed", async ({ page, request }) => {
  // A browsing page asks for its scripts once its photos are on screen, which can be after its load event.
  const script = page.waitForResponse((response) => /\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname));
  await page.goto("/shop");
  const asset = await request.get((await script).url());
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const html = await request.get("/shop", { headers: { "Accept-Encoding": "gzip" } });
  expect(html.headers()["content-encoding"]).toBe("gzip");

  const image = await request.get("/images/products/lavender-fields-1-400.webp");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toBe("public, max-age=86400");
});
