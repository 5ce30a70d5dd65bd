import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import type { BrowserSession } from "../helpers/browser-session";
import { catalogFile } from "../helpers/catalog-files";
import { productEditForm } from "../helpers/owner";
import {
  catalogVersion,
  expectInvariant,
  lastActivity,
  saveOptions,
  saveVariantRow,
  textOf,
  variantId,
  variantsOf,
} from "../helpers/owner-variants";
import { openProductsShop } from "../helpers/product-form";
import type { Shop } from "../helpers/shop-api";
import { placePaidOrder } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";
import { setVariantStock } from "../helpers/variants";

/**
 * A product's Options in the back office: the variants each save makes and
 * keeps, one price per value, and orders that keep what they sold when the
 * options change.
 */
describe(`the owner's Options, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    // Fig Leaf (1001, $24, 6 in stock) and Sea Glass (3001, $18, 2 in stock), one variant each.
    ({ shop, owner } = await openProductsShop());
  });
  afterAll(() => shop.close());

  it("adds Size: the one variant stays as 8 oz with its stock, and 12 oz joins at the same price with none", async () => {
    const version = await catalogVersion(shop.db);
    const saved = await saveOptions(owner, 1001, [["Size", "8 oz, 12 oz"]]);
    expect(saved.status).toBe(200);
    expect(textOf(saved.html)).toContain("Options saved: 2 variants.");
    const [eight, twelve] = await variantsOf(shop.db, 1001);
    expect(eight).toMatchObject({ id: 1001, option_values: '["8 oz"]', price_cents: 2400, stock: 6, archived: 0 });
    // 1001, the product's own number, is its 8 oz's: 12 oz takes the next above every variant's.
    expect(twelve).toMatchObject({
      id: 3002,
      option_values: '["12 oz"]',
      price_cents: 2400,
      stock: 0,
      available: 1,
      archived: 0,
    });
    const product = await shop.db.selectFrom("products").select("options").where("id", "=", 1001).executeTakeFirst();
    expect(JSON.parse(product!.options)).toEqual([{ name: "Size", values: ["8 oz", "12 oz"] }]);
    expect(await lastActivity(shop.db)).toEqual({
      action: "product.options",
      before: JSON.stringify({ options: null }),
      after: JSON.stringify({ options: "Size: 8 oz, 12 oz" }),
    });
    expect(await catalogVersion(shop.db)).toBeGreaterThan(version);

    const page = textOf((await owner.get("/admin/products/1001")).html);
    expect(page).toContain('<h2 id="variants-title"');
    expect(page).toContain(">12 oz</h3>");
    expect(page).toContain("<legend>Option 1</legend>");
    // Details has no Price or Weight: each variant has its own.
    expect(page).not.toContain("Packed for shipping");
    const details = await owner.postMultipart(
      "/admin/products/1001",
      await productEditForm(shop.db, 1001, { price: "", weight: "", scent: "Fig & cedar" }),
    );
    expect(textOf(details.html)).toContain("Saved. The shop shows the change now.");
    expect((await variantsOf(shop.db, 1001)).map((row) => row.price_cents)).toEqual([2400, 2400]);
    await expectInvariant(shop.db);
  });

  it("sets the price of every 12 oz in one step, across the scents", async () => {
    // The sizes' rows as the owner fills them in: 12 oz dearer and with a SKU, and stock poured for both.
    const eight = await variantId(shop.db, 1001, ["8 oz"]);
    const twelve = await variantId(shop.db, 1001, ["12 oz"]);
    expect((await saveVariantRow(owner, 1001, { variant: String(twelve), price: "28", sku: "FIG-12" })).status).toBe(
      200,
    );
    await setVariantStock(shop.db, eight, 8);
    await setVariantStock(shop.db, twelve, 5);

    const saved = await saveOptions(owner, 1001, [
      ["Size", "8 oz, 12 oz"],
      ["Scent", "Fig, Moss"],
    ]);
    expect(textOf(saved.html)).toContain("Options saved: 4 variants.");
    expect((await variantsOf(shop.db, 1001)).map((row) => [row.option_values, row.price_cents, row.stock])).toEqual([
      ['["8 oz","Fig"]', 2400, 8],
      ['["8 oz","Moss"]', 2400, 0],
      ['["12 oz","Fig"]', 2800, 5],
      ['["12 oz","Moss"]', 2400, 0],
    ]);
    const set = await owner.postForm("/admin/products/1001", { intent: "value-price", value: "0:12 oz", price: "30" });
    expect(set.status).toBe(200);
    expect(textOf(set.html)).toContain("Every 12 oz now costs $30.00 (2 variants).");
    expect((await variantsOf(shop.db, 1001)).map((row) => row.price_cents)).toEqual([2400, 2400, 3000, 3000]);
    // The products list, like the shop's cards, gives the lowest price "From".
    expect(textOf((await owner.get("/admin/products?q=1001")).html)).toContain("From $24.00");
    expect(await lastActivity(shop.db)).toEqual({
      action: "product.value_price",
      before: JSON.stringify({ value: "Size 12 oz", price: "$28.00, $24.00" }),
      after: JSON.stringify({ value: "Size 12 oz", price: "$30.00", variants: 2 }),
    });
    const gone = await owner.postForm("/admin/products/1001", { intent: "value-price", value: "0:16 oz", price: "30" });
    expect(gone.status).toBe(400);
    expect(textOf(gone.html)).toContain("Choose a value from the list: the options have changed.");

    // Back to Size alone: each size keeps its Fig variant; the Moss ones are archived.
    const back = await saveOptions(owner, 1001, [["Size", "8 oz, 12 oz"]]);
    expect(textOf(back.html)).toContain(
      "Options saved: 2 variants. Archived, with their stock: 8 oz / Moss, 12 oz / Moss.",
    );
    await expectInvariant(shop.db);
  });

  it("removing a sold size archives it: the order still reads '— 12 oz', and the invariant holds per variant", async () => {
    const twelve = await variantId(shop.db, 1001, ["12 oz"]);
    const order = await placePaidOrder(shop, [{ id: 1001, variant: twelve, quantity: 2 }]);
    expect(order.items).toMatchObject([{ variant_id: twelve, variant: "12 oz", quantity: 2 }]);
    await expectInvariant(shop.db);

    const saved = await saveOptions(owner, 1001, [["Size", "8 oz, 16 oz"]]);
    // Two values before and after: 16 oz takes 12 oz's place (a rename) and keeps its variant.
    expect(textOf(saved.html)).toContain("Options saved: 2 variants.");
    expect((await variantsOf(shop.db, 1001))[1]).toMatchObject({ id: twelve, option_values: '["16 oz"]', stock: 3 });

    const removed = await saveOptions(owner, 1001, [["Size", "8 oz"]]);
    expect(textOf(removed.html)).toContain("Options saved: 1 variant. Archived, with their stock: 16 oz.");
    const archived = (await variantsOf(shop.db, 1001)).find((row) => row.id === twelve);
    expect(archived).toMatchObject({ archived: 1, stock: 0, sku: null });
    const adjustment = await shop.db
      .selectFrom("stock_adjustments")
      .select(["delta", "reason"])
      .where("variant_id", "=", twelve)
      .orderBy("id", "desc")
      .executeTakeFirst();
    expect(adjustment).toEqual({ delta: -3, reason: "options changed" });
    await expectInvariant(shop.db);

    // The order kept its line as sold, on its page and in the CSV; the freed SKU can be given again.
    const orderPage = textOf((await owner.get(`/admin/orders/${order.number}`)).html);
    expect(orderPage).toContain("Fig Leaf — 12 oz");
    const csv = textOf((await owner.get(`/admin/orders.csv?q=${order.number}`)).html);
    expect(csv).toContain("Fig Leaf — 12 oz");
    const eight = await variantId(shop.db, 1001, ["8 oz"]);
    const reused = await saveVariantRow(owner, 1001, { variant: String(eight), price: "24", sku: "FIG-12" });
    expect(reused.status).toBe(200);
    expect(await lastActivity(shop.db)).toMatchObject({ action: "product.variant" });
  });

  it("refuses options it cannot make with a sentence beside the field, changing nothing", async () => {
    const before = await variantsOf(shop.db, 1001);
    const many = Array.from({ length: 11 }, (_, index) => `${index + 1} oz`).join(", ");
    const cases: [[string, string][], string][] = [
      [[["Size", "8 oz, 8 OZ"]], "Size has the value 8 OZ twice."],
      [
        [
          ["Size", "8 oz"],
          ["size", "Fig"],
        ],
        "The option size is there twice.",
      ],
      [[["", "8 oz"]], "Give each option a name, like Size."],
      [[["Size", " , "]], "Give Size at least one value, like 8 oz."],
      [[["Size", "x".repeat(51)]], "A value of Size has at most 50 characters."],
      [
        [
          ["Size", many],
          ["Scent", many],
        ],
        "These values make 121 variants; a product has at most 100.",
      ],
    ];
    for (const [slots, sentence] of cases) {
      const refused = await saveOptions(owner, 1001, slots);
      expect(refused.status).toBe(400);
      expect(textOf(refused.html)).toContain(sentence);
      // What she typed stays in the form.
      expect(textOf(refused.html)).toContain(`value="${slots[0]![1]}"`);
    }
    expect(await variantsOf(shop.db, 1001)).toEqual(before);
  });

  it("removing every option goes back to one variant: the first, with the product's Price and Weight again", async () => {
    const eight = await variantId(shop.db, 1001, ["8 oz"]);
    const saved = await saveOptions(owner, 1001, []);
    expect(textOf(saved.html)).toContain("Options saved: 1 variant.");
    const live = (await variantsOf(shop.db, 1001)).filter((row) => row.archived === 0);
    expect(live).toMatchObject([{ id: eight, option_values: "[]", stock: 8 }]);
    const page = textOf((await owner.get("/admin/products/1001")).html);
    expect(page).toContain('<h2 id="stock-title"');
    expect(page).toContain("Packed for shipping");
    await expectInvariant(shop.db);
  });

  it("gives new combinations the product's own number while no variant has it, then the next numbers above every variant's", async () => {
    // A candle whose catalog file numbered its four variants 4001–4004: 4005, its own number, is no variant's,
    // and is the next above every variant's too.
    const trio = { id: 4005, price: 20, stock: 3 };
    const sizes = [
      { name: "Size", values: ["8 oz", "12 oz"] },
      { name: "Scent", values: ["Fig", "Moss"] },
    ];
    const variants = [
      ["8 oz", "Fig"],
      ["8 oz", "Moss"],
      ["12 oz", "Fig"],
      ["12 oz", "Moss"],
    ].map((options, index) => ({ id: 4001 + index, options, price: trio.price, stock: trio.stock }));
    await importCatalog(shop.db, parseCatalogFile(catalogFile({ Pillar: [{ ...trio, options: sizes, variants }] })), {
      replace: false,
    });

    const saved = await saveOptions(owner, 4005, [
      ["Size", "8 oz, 12 oz, 16 oz"],
      ["Scent", "Fig, Moss"],
    ]);
    expect(saved.status).toBe(200);
    expect(textOf(saved.html)).toContain("Options saved: 6 variants.");
    expect((await variantsOf(shop.db, 4005)).map((row) => [row.id, row.option_values, row.archived])).toEqual([
      [4001, '["8 oz","Fig"]', 0],
      [4002, '["8 oz","Moss"]', 0],
      [4003, '["12 oz","Fig"]', 0],
      [4004, '["12 oz","Moss"]', 0],
      [4005, '["16 oz","Fig"]', 0],
      [4006, '["16 oz","Moss"]', 0],
    ]);
    await expectInvariant(shop.db);
  });
});
