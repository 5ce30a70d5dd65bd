import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { pixelAt, plainPhoto, pngBomb, sidewaysPhonePhoto } from "../helpers/photos";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import { type Shop, checkout, openShop, placePendingOrder } from "../helpers/shop-api";
import { accountedStock, adjustedStock, orderByNumber, stockOf } from "../helpers/shop-db";
import { placePaidOrder } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

/** The product form as a browser sends it: every field, and the chosen files under "photos". */
function productForm(fields: Record<string, string>, photos: { name: string; type: string; bytes: Buffer }[] = []) {
  const form = new FormData();
  const all = {
    intent: "save",
    name: "Smoked Cedar",
    price: "12.34",
    scent: "Cedar & smoke",
    description: "Poured in small batches.",
    category: "wax",
    lowStockAt: "4",
    visible: "on",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) if (value !== "") form.append(name, value);
  for (const photo of photos)
    form.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  if (photos.length === 0) form.append("photos", new Blob([], { type: "application/octet-stream" }), "");
  return form;
}

describe(`the owner's products, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({
      Wax: [{ id: 1001, name: "Fig Leaf", price: 24, stock: 6 }],
      Jelly: [{ id: 3001, name: "Sea Glass", price: 18, stock: 2 }],
    });
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop.close());

  const photoRows = () =>
    shop.db.selectFrom("photos").select(["hash", "width", "height"]).orderBy("hash").orderBy("width").execute();
  /** DESIGN's stock invariant; a new product starts at 0 with no adjustment, so products at 0 on both sides are left out. */
  const expectInvariant = async () => {
    const held = (stock: Record<number, number>) =>
      Object.fromEntries(Object.entries(stock).filter(([, units]) => units !== 0));
    expect(held(await accountedStock(shop.db))).toEqual(held(await adjustedStock(shop.db)));
  };
  const productCount = async () => (await shop.db.selectFrom("products").select("id").execute()).length;

  it("creates a product from a phone photo: upright, stripped, WebP at 800 and 400 px, numbered after its category", async () => {
    const created = await owner.postMultipart(
      "/admin/products/new",
      productForm({}, [{ name: "IMG_2041.jpg", type: "image/jpeg", bytes: await sidewaysPhonePhoto() }]),
    );
    expect(created.status).toBe(302);
    expect(created.location).toBe("/admin/products/1002?created");
    const page = await owner.get("/admin/products/1002?created");
    expect(textOf(page.html)).toContain("Product added. Add its stock below.");
    expect(textOf(page.html)).toContain("<strong>0</strong> in stock · low");

    const product = await shop.db.selectFrom("products").selectAll().where("id", "=", 1002).executeTakeFirstOrThrow();
    expect(product).toMatchObject({
      name: "Smoked Cedar",
      price_cents: 1234,
      scent: "Cedar & smoke",
      stock: 0,
      visible: 1,
      low_stock_at: 4,
    });
    const [url] = JSON.parse(product.images) as string[];
    expect(url).toMatch(/^\/photos\/[0-9a-f]{24}-800\.webp$/);
    expect((await photoRows()).map(({ width, height }) => [width, height])).toEqual([
      [400, 500],
      [800, 1000],
    ]);

    for (const width of [800, 400]) {
      const file = await fetch(new URL(url!.replace("-800.", `-${width}.`), shop.url));
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await file.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: "webp", width, height: width * 1.25 });
      expect([metadata.exif, metadata.xmp, metadata.icc, metadata.iptc, metadata.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      // Upright: red on top, blue below (stored sideways, it was red left and blue right).
      expect(await pixelAt(bytes, 5, 5)).toEqual([expect.closeTo(255, -1), 0, expect.closeTo(0, -1)]);
      expect(await pixelAt(bytes, 5, width * 1.25 - 6)).toEqual([expect.closeTo(0, -1), 0, expect.closeTo(255, -1)]);
      const again = await fetch(new URL(url!.replace("-800.", `-${width}.`), shop.url), {
        headers: { "If-None-Match": file.headers.get("etag")! },
      });
      expect(again.status).toBe(304);
    }
    expect((await fetch(new URL("/photos/000000000000000000000000-800.webp", shop.url))).status).toBe(404);

    const [entry] = await shop.db.selectFrom("activity").selectAll().where("action", "=", "product.created").execute();
    expect(entry).toMatchObject({ subject_type: "product", subject: "1002", actor_name: "Mara Wick" });
    expect(JSON.parse(entry!.after!)).toMatchObject({
      name: "Smoked Cedar",
      priceCents: 1234,
      category: "Wax",
      visible: true,
      photos: 1,
    });
  });

  it("refuses a text file named .jpg, a decompression bomb, and a product without a photo, and keeps nothing", async () => {
    const before = { photos: await photoRows(), products: await productCount() };
    const refusals = [
      [
        [{ name: "notes.jpg", type: "image/jpeg", bytes: Buffer.from("Shopping list: wicks, wax, jars") }],
        "notes.jpg is not a photo: use a JPEG, PNG, WebP or HEIC file.",
      ],
      [
        [
          { name: "good.png", type: "image/png", bytes: await plainPhoto("#c08040") },
          { name: "bomb.png", type: "image/png", bytes: pngBomb() },
        ],
        "bomb.png is larger than 40 megapixels: save it smaller and try again.",
      ],
      [[], "Add at least one photo."],
    ] as const;
    for (const [photos, message] of refusals) {
      const answer = await owner.postMultipart(
        "/admin/products/new",
        productForm({ name: "Should Not Exist" }, [...photos]),
      );
      expect(answer.status).toBe(400);
      expect(textOf(answer.html)).toContain(message);
      // What was typed stays in the form.
      expect(answer.html).toContain('value="Should Not Exist"');
    }
    expect({ photos: await photoRows(), products: await productCount() }).toEqual(before);
  });

  it("checks every field of the form, and names the field", async () => {
    const photo = [{ name: "p.png", type: "image/png", bytes: await plainPhoto("#806040") }];
    const cases = [
      [{ price: "12.345" }, "Enter the price in dollars, like 12.34."],
      [{ price: "free" }, "Enter the price in dollars, like 12.34."],
      [{ name: "  " }, "Give the product a name."],
      [{ category: "no-such" }, "Choose a category from the list."],
      [{ lowStockAt: "-1" }, "Enter a whole number from 0 up."],
    ] as const;
    const before = await productCount();
    for (const [fields, message] of cases) {
      const answer = await owner.postMultipart("/admin/products/new", productForm(fields, photo));
      expect(answer.status).toBe(400);
      expect(textOf(answer.html)).toContain(message);
    }
    expect(await productCount()).toBe(before);
  });

  it("edits a product: reorders and removes photos, moves it to another category, and logs before and after", async () => {
    const photos = await Promise.all(
      ["#aa2222", "#22aa22"].map(async (colour, index) => ({
        name: `p${index}.png`,
        type: "image/png",
        bytes: await plainPhoto(colour),
      })),
    );
    const answer = await owner.postMultipart(
      "/admin/products/1001",
      productForm(
        { name: "Fig Leaf", price: "24", photoUrl: "/images/products/candle-1001-800.webp", photoPosition: "3" },
        photos,
      ),
    );
    expect(answer.status).toBe(200);
    expect(textOf(answer.html)).toContain("Saved. The shop shows the change now.");
    const images = JSON.parse(
      (await shop.db.selectFrom("products").select("images").where("id", "=", 1001).executeTakeFirstOrThrow()).images,
    ) as string[];
    expect(images).toHaveLength(3);
    expect(images[0]).toBe("/images/products/candle-1001-800.webp");

    // The first uploaded photo moves to the front; the demo image is removed; the product moves to Jelly.
    const form = productForm({ name: "Fig Leaf", price: "24", category: "jelly" });
    for (const [index, url] of images.entries()) {
      form.append("photoUrl", url);
      form.append("photoPosition", String([3, 1, 2][index]));
    }
    form.append("removePhoto", images[0]!);
    const edited = await owner.postMultipart("/admin/products/1001", form);
    expect(textOf(edited.html)).toContain("Saved. The shop shows the change now.");
    const saved = await shop.db
      .selectFrom("products")
      .select(["images", "category_id"])
      .where("id", "=", 1001)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(saved.images)).toEqual([images[1], images[2]]);
    const storefront = await fetch(new URL("/shop/jelly/1001", shop.url));
    expect(storefront.status).toBe(200);
    expect(await storefront.text()).toContain(`${images[1]!.replace("-800.", "-400.")} 400w`);

    const entries = await shop.db
      .selectFrom("activity")
      .selectAll()
      .where("action", "=", "product.edited")
      .orderBy("id")
      .execute();
    expect(JSON.parse(entries.at(-1)!.before!)).toEqual({ category: "Wax", photos: 3 });
    expect(JSON.parse(entries.at(-1)!.after!)).toEqual({ category: "Jelly", photos: 2 });
  });

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
      "Id,Name,Category,Price,Stock,Low-stock alert at,Visible in the shop,Scent,Description,Photos",
    );
    expect(csv.html).toContain("1002,Smoked Cedar,Wax,12.34,2,4,no,Cedar & smoke,Poured in small batches.,/photos/");
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
