import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { catalogFile } from "../helpers/catalog-files";
import { productEditForm, signedInOwner } from "../helpers/owner";
import { plainPhoto } from "../helpers/photos";
import { type Shop, openShop } from "../helpers/shop-api";
import { stockById } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

describe(`importing the catalog from the back office, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({
      Wax: [
        { id: 1001, name: "Fig Leaf", price: 24, stock: 5 },
        { id: 1002, name: "Amber", stock: 3 },
      ],
      Jelly: [{ id: 3001, name: "Sea Glass" }],
    });
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop.close());

  const send = (fields: Record<string, string>, file?: unknown) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file !== undefined)
      form.append(
        "file",
        new Blob([typeof file === "string" ? file : JSON.stringify(file)], { type: "application/json" }),
        "catalog.json",
      );
    return owner.postMultipart("/admin/import", form);
  };
  const nextCatalog = catalogFile({
    Wax: [
      { id: 1001, name: "Fig Leaf", price: 26, stock: 5 },
      { id: 1002, name: "Amber", stock: 3 },
      { id: 1003, name: "Smoked Cedar", stock: 9 },
    ],
    Soy: [{ id: 5001, name: "Oat Milk" }],
  });

  it("previews what a file changes, changing nothing, then imports exactly that and logs it", async () => {
    // Sea Glass gets an uploaded photo; the import removes Sea Glass, and the photo must go with it.
    const withPhoto = await productEditForm(shop.db, 3001);
    withPhoto.append(
      "photos",
      new Blob([new Uint8Array(await plainPhoto("#3080a0"))], { type: "image/png" }),
      "sea-glass.png",
    );
    expect((await owner.postMultipart("/admin/products/3001", withPhoto)).status).toBe(200);
    const photo = (
      JSON.parse(
        (await shop.db.selectFrom("products").select("images").where("id", "=", 3001).executeTakeFirstOrThrow()).images,
      ) as string[]
    ).at(-1)!;
    expect((await fetch(new URL(photo, shop.url))).status).toBe(200);

    const before = await stockById(shop.db);
    const preview = await send({ intent: "preview", replace: "on" }, nextCatalog);
    expect(preview.status).toBe(200);
    const text = textOf(preview.html);
    for (const line of [
      "New categories (1)",
      "Soy",
      "Removed categories (1)",
      "Jelly",
      "New products (2)",
      "Smoked Cedar (1003)",
      "Oat Milk (5001)",
      "Changed products (1)",
      "Fig Leaf (1001): price",
      "Removed products (1)",
      "Sea Glass (3001)",
      "1 product stays as they are.",
    ]) {
      expect(text).toContain(line);
    }
    expect(await stockById(shop.db)).toEqual(before);

    const catalog = /name="catalog" value="([^"]*)"/.exec(preview.html)![1]!;
    const imported = await send({
      intent: "import",
      replace: "on",
      catalog: catalog.replaceAll("&quot;", '"').replaceAll("&amp;", "&"),
    });
    expect(textOf(imported.html)).toContain(
      "Imported 2 categories and 4 products. Removed 1 categories and 1 products.",
    );
    expect((await fetch(new URL(photo, shop.url))).status).toBe(404);
    expect(await stockById(shop.db)).toEqual({ 1001: 5, 1002: 3, 1003: 9, 5001: 5 });
    expect((await fetch(new URL("/shop/soy/5001", shop.url))).status).toBe(200);
    expect(textOf((await send({ intent: "preview" }, nextCatalog)).html)).toContain(
      "Nothing would change: the shop already holds this file.",
    );
    const [entry] = await shop.db.selectFrom("activity").selectAll().where("action", "=", "catalog.imported").execute();
    expect(JSON.parse(entry!.after!)).toEqual({
      categories: 2,
      products: 4,
      removedCategories: 1,
      removedProducts: 1,
      replace: true,
    });
  });

  it("refuses a bad file whole, naming the category, the item and the field", async () => {
    const before = await stockById(shop.db);
    const broken = catalogFile({
      Wax: [
        { id: 1001, stock: 50 },
        { id: 1002, price: "twelve" },
      ],
    });
    const refused = await send({ intent: "preview" }, broken);
    expect(refused.status).toBe(400);
    expect(textOf(refused.html)).toContain(
      'Nothing was imported: category 1 ("Wax"), item 2 (id 1002), field "price": must be an amount of dollars',
    );
    const notJson = await send({ intent: "import", catalog: "{ not json" });
    expect(textOf(notJson.html)).toContain("Nothing was imported: the file is not valid JSON");
    expect(textOf((await send({ intent: "preview" })).html)).toContain("Choose the catalog file (JSON) to import.");
    expect(await stockById(shop.db)).toEqual(before);
  });

  it("previews a product gaining sizes as changed, and refuses another product's variant id whole", async () => {
    const sizes = [{ name: "Size", values: ["8 oz", "12 oz"] }];
    const figLeaf = {
      id: 1001,
      name: "Fig Leaf",
      price: 26,
      stock: 5,
      options: sizes,
      variants: [
        { id: 1001, options: ["8 oz"], price: 26, stock: 5 },
        { id: 7001, options: ["12 oz"], price: 30, stock: 1 },
      ],
    };
    const preview = await send({ intent: "preview" }, catalogFile({ Wax: [figLeaf] }));
    expect(preview.status).toBe(200);
    expect(textOf(preview.html)).toContain("Fig Leaf (1001): options, variants");

    const before = await stockById(shop.db);
    const takesAmber = catalogFile({
      Wax: [figLeaf],
      Jelly: [
        { ...figLeaf, id: 3002, name: "Sea Glass", variants: [{ id: 1002, options: ["8 oz"], price: 9, stock: 1 }] },
      ],
    });
    for (const intent of ["preview", "import"]) {
      const refused = await send(
        { intent, ...(intent === "import" ? { catalog: JSON.stringify(takesAmber) } : {}) },
        intent === "preview" ? takesAmber : undefined,
      );
      expect(refused.status).toBe(400);
      expect(textOf(refused.html)).toContain(
        'Nothing was imported: category 2 ("Jelly"), item 1 (id 3002), variant "8 oz": field "id": the variant id 1002 is product 1002\'s in the shop',
      );
    }
    expect(await stockById(shop.db)).toEqual(before);
  });
});
