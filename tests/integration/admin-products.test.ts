import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { plainPhoto } from "../helpers/photos";
import { openProductsShop, productForm } from "../helpers/product-form";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import { type Shop, checkout, placePendingOrder } from "../helpers/shop-api";
import { accountedStock, adjustedStock, orderByNumber, stockOf } from "../helpers/shop-db";
import { placePaidOrder } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

/** The owner's products once made: stock, the lists, hiding, the exports, and deleting. */
describe(`the owner's products, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    ({ shop, owner } = await openProductsShop());
    // The catalog the product form leaves (admin-product-form.test.ts): a new candle,
    // Smoked Cedar (1002, low at 4), and Fig Leaf moved to Jelly, each with an uploaded photo.
    const photo = async (colour: string) => [{ name: "p.png", type: "image/png", bytes: await plainPhoto(colour) }];
    const created = await owner.postMultipart("/admin/products/new", productForm({}, await photo("#c08040")));
    expect(created.location).toBe("/admin/products/1002?created");
    const moved = await owner.postMultipart(
      "/admin/products/1001",
      productForm({ name: "Fig Leaf", price: "24", category: "jelly" }, await photo("#22aa22")),
    );
    expect(textOf(moved.html)).toContain("Saved. The shop shows the change now.");
  });
  afterAll(() => shop.close());

  /** DESIGN's stock invariant; a new product starts at 0 with no adjustment, so products at 0 on both sides are left out. */
  const expectInvariant = async () => {
    const held = (stock: Record<number, number>) =>
      Object.fromEntries(Object.entries(stock).filter(([, units]) => units !== 0));
    expect(held(await accountedStock(shop.db))).toEqual(held(await adjustedStock(shop.db)));
  };

  it("adds stock as a delta that never goes below zero, and sets it only from the number the page showed", async () => {
    const post = (fields: Record<string, string>) => owner.postForm("/admin/products/3001", fields);
    const added = await post({ intent: "add", delta: "12", reason: "poured 12" });
    expect(added.status).toBe(200);
    expect(textOf(added.html)).toContain("Stock is now 14.");

    const tooMany = await post({ intent: "add", delta: "-15", reason: "broken in the studio" });
    expect(tooMany.status).toBe(409);
    expect(textOf(tooMany.html)).toContain(
      "Nothing changed: there are only 14 in stock, so the stock cannot go below zero.",
    );

    // A shopper buys one while the owner looks at "14".
    expect((await checkout(shop, [{ id: 3001, quantity: 1 }])).status).toBe(201);
    const stale = await post({ intent: "set", stock: "20", expected: "14" });
    expect(stale.status).toBe(409);
    expect(textOf(stale.html)).toContain("Nothing changed: the stock changed while you were editing. It is now 13.");
    expect(await stockOf(shop.db, 3001)).toBe(13);

    expect(textOf((await post({ intent: "set", stock: "20", expected: "13" })).html)).toContain("Stock is now 20.");
    const bad: Record<string, string>[] = [
      { intent: "add", delta: "1.5", reason: "x" },
      { intent: "add", delta: "3", reason: " " },
      { intent: "add", delta: "0", reason: "x" },
      { intent: "set", stock: "-1", expected: "20" },
    ];
    for (const fields of bad) {
      expect((await post(fields)).status).toBe(400);
    }
    expect(await stockOf(shop.db, 3001)).toBe(20);

    const adjustments = await shop.db
      .selectFrom("stock_adjustments")
      .select(["delta", "reason"])
      .where("product_id", "=", 3001)
      .orderBy("id")
      .execute();
    expect(adjustments.slice(-2)).toEqual([
      { delta: 12, reason: "poured 12" },
      { delta: 7, reason: "counted" },
    ]);
    await expectInvariant();
  });

  it("lists low stock on Today and in the list, and finds products by name or number", async () => {
    await owner.postForm("/admin/products/1002", { intent: "add", delta: "2", reason: "first pour" });
    const today = textOf((await owner.get("/admin")).html);
    expect(today).toContain("Low stock");
    expect(today).toContain("Smoked Cedar");
    expect(today).toContain("2 left");
    expect(today).not.toContain("Sea Glass");

    const list = textOf((await owner.get("/admin/products?q=cedar")).html);
    expect(list).toContain("1 product");
    expect(list).toContain("Smoked Cedar");
    expect(list).toContain("Low stock");
    expect(textOf((await owner.get("/admin/products?q=3001")).html)).toContain("Sea Glass");
  });

  it("hides a product from every storefront page, the catalog API, the sitemap and checkout, and shows it again", async () => {
    const publicSurfaces = async () => {
      const [category, product, overview, api, apiCategory, cartApi, sitemap] = await Promise.all(
        [
          "/shop/wax",
          "/shop/wax/1002",
          "/shop",
          "/api/catalog",
          "/api/catalog/wax",
          "/api/products?ids=1002",
          "/sitemap.xml",
        ].map((path) => fetch(new URL(path, shop.url))),
      );
      return {
        category: (await category!.text()).includes("Smoked Cedar"),
        productStatus: product!.status,
        overview: (await overview!.text()).includes("Smoked Cedar"),
        api: (await api!.text()).includes("Smoked Cedar"),
        apiCategory: (await apiCategory!.text()).includes("Smoked Cedar"),
        cartApi: (await cartApi!.text()).includes("Smoked Cedar"),
        sitemap: (await sitemap!.text()).includes("/shop/wax/1002"),
      };
    };
    const shown = {
      category: true,
      productStatus: 200,
      overview: true,
      api: true,
      apiCategory: true,
      cartApi: true,
      sitemap: true,
    };
    expect(await publicSurfaces()).toEqual(shown);

    const [photoUrl] = JSON.parse(
      (await shop.db.selectFrom("products").select("images").where("id", "=", 1002).executeTakeFirstOrThrow()).images,
    ) as string[];
    const hide = await owner.postMultipart("/admin/products/1002", productForm({ visible: "", photoUrl: photoUrl! }));
    expect(textOf(hide.html)).toContain("Hidden from the shop");
    expect(await publicSurfaces()).toEqual({
      category: false,
      productStatus: 404,
      overview: false,
      api: false,
      apiCategory: false,
      cartApi: false,
      sitemap: false,
    });
    const refused = await checkout(shop, [{ id: 1002, quantity: 1 }]);
    expect(refused.status).toBe(409);
    expect(refused.body.adjustments).toEqual([{ id: 1002, available: 0 }]);
    expect(textOf((await owner.get("/admin/products?q=cedar")).html)).toContain("Hidden");

    await owner.postMultipart("/admin/products/1002", productForm({ photoUrl: photoUrl! }));
    expect(await publicSurfaces()).toEqual(shown);
    await owner.postMultipart("/admin/products/1002", productForm({ visible: "", photoUrl: photoUrl! }));
  });

  it("exports the catalog as the import file's JSON and the products as CSV, hidden products included", async () => {
    const json = await owner.get("/admin/catalog.json");
    expect(json.headers.get("content-disposition")).toMatch(/^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.json"$/);
    const catalog = JSON.parse(json.html) as { title: string; items: { id: number; price: number }[] }[];
    expect(catalog.map((category) => [category.title, category.items.map((item) => item.id)])).toEqual([
      ["Wax", [1002]],
      ["Jelly", [3001, 1001]],
    ]);
    // A scent a spreadsheet would run as a formula (CWE-1236) comes out defused, as in the orders' CSV.
    await shop.db.updateTable("products").set({ scent: '=HYPERLINK("http://evil")' }).where("id", "=", 3001).execute();
    const csv = await owner.get("/admin/products.csv");
    expect(csv.html).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(csv.html.split("\r\n")[0]).toBe(
      "Id,Name,Variant,SKU,Category,Price,Stock,Low-stock alert at,Visible in the shop,Scent,Description,Photos,Weight (oz)",
    );
    // A product without options is one row, its Variant and SKU empty.
    expect(csv.html).toContain("1002,Smoked Cedar,,,Wax,12.34,2,4,no,Cedar & smoke,Poured in small batches.,/photos/");
  });

  it("deletes a product once no unpaid order holds it; past orders keep what they bought, and its photos go", async () => {
    const paid = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }]);
    const pending = await placePendingOrder(shop, [{ id: 1001, quantity: 1 }]);
    const remove = (fields: Record<string, string>) =>
      owner.postForm("/admin/products/1001", { intent: "delete", ...fields });
    expect(textOf((await remove({})).html)).toContain("Tick the box to confirm, then Delete.");
    const held = await remove({ confirm: "on" });
    expect(held.status).toBe(409);
    expect(textOf(held.html)).toContain(`Order ${pending.number} is waiting for its payment with this product in it`);

    const { images } = await shop.db
      .selectFrom("products")
      .select("images")
      .where("id", "=", 1001)
      .executeTakeFirstOrThrow();
    await expireUnpaidOrders(shop.db, Date.now() + 24 * 60 * 60_000);
    const deleted = await remove({ confirm: "on" });
    expect(deleted.location).toBe("/admin/products?deleted=1001");
    expect(textOf((await owner.get(deleted.location!)).html)).toContain("Product 1001 is deleted.");
    expect(textOf((await owner.get("/admin/products?deleted=Your%20shop%20is%20closed")).html)).not.toContain(
      "Your shop is closed",
    );
    expect(await shop.db.selectFrom("products").select("id").where("id", "=", 1001).execute()).toEqual([]);
    expect((await fetch(new URL("/shop/jelly/1001", shop.url))).status).toBe(404);
    for (const url of JSON.parse(images) as string[]) expect((await fetch(new URL(url, shop.url))).status).toBe(404);
    expect((await orderByNumber(shop.db, paid.number)).items).toMatchObject([
      { product_id: 1001, name: "Fig Leaf", quantity: 1, price_cents: 2400 },
    ]);
    await expectInvariant();
    expect((await owner.postForm("/admin/products/1001", { intent: "delete", confirm: "on" })).status).toBe(404);

    // A deleted product's number is never given again: its orders and stock records still name it,
    // and a refund's restock must not reach a new candle.
    const photo = [{ name: "p.png", type: "image/png", bytes: await plainPhoto("#a0a0a0") }];
    const create = async (name: string) => {
      const created = await owner.postMultipart("/admin/products/new", productForm({ name, category: "jelly" }, photo));
      return Number(/^\/admin\/products\/(\d+)\?created$/.exec(created.location ?? "")?.[1]);
    };
    const first = await create("Newcomer");
    expect(first).toBe(3002);
    await owner.postForm(`/admin/products/${first}`, { intent: "add", delta: "4", reason: "poured 4" });
    expect((await owner.postForm(`/admin/products/${first}`, { intent: "delete", confirm: "on" })).status).toBe(302);
    const second = await create("Second newcomer");
    expect(second).toBeGreaterThan(first);
    for (const path of ["/admin/products/2147483648", "/admin/products/9999999999", "/admin/products/abc"])
      expect((await owner.get(path)).status, path).toBe(404);
  });
});
