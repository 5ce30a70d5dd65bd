import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { pixelAt, plainPhoto, pngBomb, sidewaysPhonePhoto } from "../helpers/photos";
import { openProductsShop, productForm } from "../helpers/product-form";
import type { Shop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

/** The owner's product form: creating and editing a product, its photos, and what it refuses. */
describe(`the owner's product form, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    ({ shop, owner } = await openProductsShop());
  });
  afterAll(() => shop.close());

  const photoRows = () =>
    shop.db.selectFrom("photos").select(["hash", "width", "height"]).orderBy("hash").orderBy("width").execute();
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
      scent: "Cedar & smoke",
      visible: 1,
      low_stock_at: 4,
      options: "[]",
    });
    // Without options it is one variant, with the product's number, its price and no stock yet.
    expect(await shop.db.selectFrom("variants").selectAll().where("product_id", "=", 1002).execute()).toMatchObject([
      { id: 1002, option_values: "[]", price_cents: 1234, stock: 0, available: 1, archived: 0 },
    ]);
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

  it("keeps an alt text per photo, which the storefront's photo says; an empty one says the name and place", async () => {
    const imagesOf3001 = async () =>
      JSON.parse(
        (await shop.db.selectFrom("products").select("images").where("id", "=", 3001).executeTakeFirstOrThrow()).images,
      ) as string[];
    const storefrontAlts = async () => {
      const html = textOf(await (await fetch(new URL("/shop/jelly/3001/", shop.url))).text());
      return [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map(([, alt]) => alt);
    };
    const [first] = await imagesOf3001();
    const form = productForm(
      { name: "Sea Glass", price: "18", category: "jelly", photoUrl: first!, photoPosition: "1" },
      [{ name: "lit.png", type: "image/png", bytes: await plainPhoto("#2222aa") }],
    );
    form.append("photoAlt", "  A sea-green jelly candle\n in a glass tumbler ");
    expect(textOf((await owner.postMultipart("/admin/products/3001", form)).html)).toContain(
      "Saved. The shop shows the change now.",
    );
    expect(await storefrontAlts()).toEqual(["A sea-green jelly candle in a glass tumbler", "Sea Glass, photo 2 of 2"]);
    const page = textOf((await owner.get("/admin/products/3001")).html);
    expect(page).toContain(">A sea-green jelly candle in a glass tumbler</textarea>");
    expect(page).toContain('placeholder="Sea Glass, photo 2 of 2"');

    // Each text stays with its photo when they swap places; an emptied one is the default again.
    const images = await imagesOf3001();
    const swap = productForm({ name: "Sea Glass", price: "18", category: "jelly" });
    for (const [index, url] of images.entries()) {
      swap.append("photoUrl", url);
      swap.append("photoPosition", String(2 - index));
      swap.append("photoAlt", ["", "The same candle, lit"][index]!);
    }
    await owner.postMultipart("/admin/products/3001", swap);
    expect(await storefrontAlts()).toEqual(["The same candle, lit", "Sea Glass, photo 2 of 2"]);
    const [entry] = await shop.db
      .selectFrom("activity")
      .selectAll()
      .where("action", "=", "product.edited")
      .where("subject", "=", "3001")
      .orderBy("id", "desc")
      .execute();
    expect(JSON.parse(entry!.before!)).toEqual({
      photos: 2,
      altTexts: ["A sea-green jelly candle in a glass tumbler"],
    });
    expect(JSON.parse(entry!.after!)).toEqual({ photos: 2, altTexts: ["The same candle, lit"] });

    const tooLong = productForm({ name: "Sea Glass", price: "18", category: "jelly", photoUrl: images[0]! });
    tooLong.append("photoAlt", "a".repeat(251));
    const refused = await owner.postMultipart("/admin/products/3001", tooLong);
    expect(refused.status).toBe(400);
    expect(textOf(refused.html)).toContain("An alt text has at most 250 characters.");
  });
});
