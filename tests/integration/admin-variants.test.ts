import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { productEditForm } from "../helpers/owner";
import { addRate, addZone, bumpPricingVersion } from "../helpers/pricing-setup";
import { openProductsShop } from "../helpers/product-form";
import type { Shop } from "../helpers/shop-api";
import { accountedStock, adjustedStock, stockByVariant } from "../helpers/shop-db";
import { placePaidOrder } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/**
 * A product's sizes and scents in the back office (issue #44): its Options,
 * a row per variant, one price per value, stock per variant, and orders
 * that keep what they sold when the options change.
 */
describe(`the owner's variants, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    // Fig Leaf (1001, $24, 6 in stock) and Sea Glass (3001, $18, 2 in stock), one variant each.
    ({ shop, owner } = await openProductsShop());
  });
  afterAll(() => shop.close());

  const variantsOf = (productId: number) =>
    shop.db
      .selectFrom("variants")
      .select(["id", "option_values", "price_cents", "stock", "sku", "weight", "image", "available", "archived"])
      .where("product_id", "=", productId)
      .orderBy("archived")
      .orderBy("position")
      .orderBy("id")
      .execute();
  const variantId = async (productId: number, values: string[]) =>
    (await variantsOf(productId)).find((row) => row.archived === 0 && row.option_values === JSON.stringify(values))!.id;
  const saveOptions = (productId: number, slots: [string, string][]) => {
    const form = new URLSearchParams({ intent: "options" });
    for (const [name, values] of [...slots, ["", ""], ["", ""], ["", ""]].slice(0, 3) as [string, string][]) {
      form.append("optionName", name);
      form.append("optionValues", values);
    }
    // Three slots with the same names, as the page posts them: postForm takes one value a name.
    return owner.send(`/admin/products/${productId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
  };
  const lastActivity = () =>
    shop.db
      .selectFrom("activity")
      .select(["action", "before", "after"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
  const catalogVersion = async () =>
    (await shop.db.selectFrom("catalog_version").select("version").execute()).reduce(
      (sum, row) => sum + row.version,
      0,
    );
  /** DESIGN's invariant, per variant: variants at 0 on both sides are left out. */
  const expectInvariant = async () => {
    const held = (stock: Record<number, number>) =>
      Object.fromEntries(Object.entries(stock).filter(([, units]) => units !== 0));
    expect(held(await accountedStock(shop.db))).toEqual(held(await adjustedStock(shop.db)));
  };

  it("adds Size: the one variant stays as 8 oz with its stock, and 12 oz joins at the same price with none", async () => {
    const version = await catalogVersion();
    const saved = await saveOptions(1001, [["Size", "8 oz, 12 oz"]]);
    expect(saved.status).toBe(200);
    expect(textOf(saved.html)).toContain("Options saved: 2 variants.");
    const [eight, twelve] = await variantsOf(1001);
    expect(eight).toMatchObject({ id: 1001, option_values: '["8 oz"]', price_cents: 2400, stock: 6, archived: 0 });
    expect(twelve).toMatchObject({
      option_values: '["12 oz"]',
      price_cents: 2400,
      stock: 0,
      available: 1,
      archived: 0,
    });
    const product = await shop.db.selectFrom("products").select("options").where("id", "=", 1001).executeTakeFirst();
    expect(JSON.parse(product!.options)).toEqual([{ name: "Size", values: ["8 oz", "12 oz"] }]);
    expect(await lastActivity()).toEqual({
      action: "product.options",
      before: JSON.stringify({ options: null }),
      after: JSON.stringify({ options: "Size: 8 oz, 12 oz" }),
    });
    expect(await catalogVersion()).toBeGreaterThan(version);

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
    expect((await variantsOf(1001)).map((row) => row.price_cents)).toEqual([2400, 2400]);
    await expectInvariant();
  });

  it("saves a variant's Price, SKU, Weight (oz), Photo and Available, and refuses a SKU another variant has", async () => {
    const twelve = await variantId(1001, ["12 oz"]);
    // An unticked box is not sent at all: `available: undefined`.
    const post = (fields: Record<string, string | undefined>) => {
      const all = {
        intent: "variant",
        variant: String(twelve),
        price: "28",
        sku: "FIG-12",
        weight: "14.5",
        image: "",
        available: "on",
        ...fields,
      };
      return owner.postForm(
        "/admin/products/1001",
        Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined)),
      );
    };
    const saved = await post({});
    expect(saved.status).toBe(200);
    expect(textOf(saved.html)).toContain("Saved 12 oz.");
    expect((await variantsOf(1001))[1]).toMatchObject({ price_cents: 2800, sku: "FIG-12", weight: 1450, image: null });
    expect(await lastActivity()).toEqual({
      action: "product.variant",
      before: JSON.stringify({ priceCents: 2400, sku: null, weightOz: null }),
      after: JSON.stringify({ variant: "12 oz", priceCents: 2800, sku: "FIG-12", weightOz: "14.5" }),
    });

    const duplicate = await owner.postForm("/admin/products/1001", {
      intent: "variant",
      variant: "1001",
      price: "24",
      sku: "FIG-12",
      weight: "",
      image: "",
      available: "on",
    });
    expect(duplicate.status).toBe(400);
    expect(textOf(duplicate.html)).toContain("Another variant has the SKU FIG-12.");
    expect(duplicate.html).toMatch(/aria-invalid="true"[^>]*name="sku"|name="sku"[^>]*aria-invalid="true"/);
    expect((await variantsOf(1001))[0]!.sku).toBeNull();

    const refusals: [Record<string, string>, string][] = [
      [{ price: "0" }, "Enter the price in dollars, like 12.34."],
      [{ weight: "heavy" }, "Enter the weight in ounces, like 8.5 (at most 10000)."],
      [{ image: "4" }, "Choose one of the product's photos."],
    ];
    for (const [fields, sentence] of refusals) {
      const refused = await post(fields);
      expect(refused.status).toBe(400);
      expect(textOf(refused.html)).toContain(sentence);
    }
    // Not for sale: kept, but the shop cannot sell it.
    expect((await post({ available: undefined })).status).toBe(200);
    expect((await variantsOf(1001))[1]!.available).toBe(0);
    expect((await post({})).status).toBe(200);
  });

  it("adds and sets stock per variant, each answer beside its own variant", async () => {
    const eight = await variantId(1001, ["8 oz"]);
    const twelve = await variantId(1001, ["12 oz"]);
    const edit = (fields: Record<string, string>) => owner.postForm("/admin/products/1001", fields);
    const added = await edit({ intent: "add", variant: String(twelve), delta: "5", reason: "poured 5" });
    expect(added.status).toBe(200);
    expect(textOf(added.html)).toContain("Stock is now 5.");
    const stale = await edit({ intent: "set", variant: String(eight), stock: "9", expected: "4" });
    expect(stale.status).toBe(409);
    expect(textOf(stale.html)).toContain("Nothing changed: the stock changed while you were editing. It is now 6.");
    expect((await stockByVariant(shop.db))[eight]).toBe(6);
    expect((await stockByVariant(shop.db))[twelve]).toBe(5);
    const set = await edit({ intent: "set", variant: String(eight), stock: "8", expected: "6" });
    expect(textOf(set.html)).toContain("Stock is now 8.");
    expect(await lastActivity()).toMatchObject({ action: "product.stock" });
    expect(JSON.parse((await lastActivity()).after!)).toMatchObject({ stock: 8, variant: "8 oz" });
    await expectInvariant();
  });

  it("sets the price of every 12 oz in one step, across the scents", async () => {
    const saved = await saveOptions(1001, [
      ["Size", "8 oz, 12 oz"],
      ["Scent", "Fig, Moss"],
    ]);
    expect(textOf(saved.html)).toContain("Options saved: 4 variants.");
    expect((await variantsOf(1001)).map((row) => [row.option_values, row.price_cents, row.stock])).toEqual([
      ['["8 oz","Fig"]', 2400, 8],
      ['["8 oz","Moss"]', 2400, 0],
      ['["12 oz","Fig"]', 2800, 5],
      ['["12 oz","Moss"]', 2400, 0],
    ]);
    const set = await owner.postForm("/admin/products/1001", { intent: "value-price", value: "0:12 oz", price: "30" });
    expect(set.status).toBe(200);
    expect(textOf(set.html)).toContain("Every 12 oz now costs $30.00 (2 variants).");
    expect((await variantsOf(1001)).map((row) => row.price_cents)).toEqual([2400, 2400, 3000, 3000]);
    // The products list, like the shop's cards, gives the lowest price "From".
    expect(textOf((await owner.get("/admin/products?q=1001")).html)).toContain("From $24.00");
    expect(await lastActivity()).toEqual({
      action: "product.value_price",
      before: JSON.stringify({ value: "Size 12 oz", price: "$28.00, $24.00" }),
      after: JSON.stringify({ value: "Size 12 oz", price: "$30.00", variants: 2 }),
    });
    const gone = await owner.postForm("/admin/products/1001", { intent: "value-price", value: "0:16 oz", price: "30" });
    expect(gone.status).toBe(400);
    expect(textOf(gone.html)).toContain("Choose a value from the list: the options have changed.");

    // Back to Size alone: each size keeps its Fig variant; the Moss ones are archived.
    const back = await saveOptions(1001, [["Size", "8 oz, 12 oz"]]);
    expect(textOf(back.html)).toContain(
      "Options saved: 2 variants. Archived, with their stock: 8 oz / Moss, 12 oz / Moss.",
    );
    await expectInvariant();
  });

  it("removing a sold size archives it: the order still reads '— 12 oz', and the invariant holds per variant", async () => {
    const twelve = await variantId(1001, ["12 oz"]);
    const order = await placePaidOrder(shop, [{ id: 1001, variant: twelve, quantity: 2 }]);
    expect(order.items).toMatchObject([{ variant_id: twelve, variant: "12 oz", quantity: 2 }]);
    await expectInvariant();

    const saved = await saveOptions(1001, [["Size", "8 oz, 16 oz"]]);
    // Two values before and after: 16 oz takes 12 oz's place (a rename) and keeps its variant.
    expect(textOf(saved.html)).toContain("Options saved: 2 variants.");
    expect((await variantsOf(1001))[1]).toMatchObject({ id: twelve, option_values: '["16 oz"]', stock: 3 });

    const removed = await saveOptions(1001, [["Size", "8 oz"]]);
    expect(textOf(removed.html)).toContain("Options saved: 1 variant. Archived, with their stock: 16 oz.");
    const archived = (await variantsOf(1001)).find((row) => row.id === twelve);
    expect(archived).toMatchObject({ archived: 1, stock: 0, sku: null });
    const adjustment = await shop.db
      .selectFrom("stock_adjustments")
      .select(["delta", "reason"])
      .where("variant_id", "=", twelve)
      .orderBy("id", "desc")
      .executeTakeFirst();
    expect(adjustment).toEqual({ delta: -3, reason: "options changed" });
    await expectInvariant();

    // The order kept its line as sold, on its page and in the CSV; the freed SKU can be given again.
    const orderPage = textOf((await owner.get(`/admin/orders/${order.number}`)).html);
    expect(orderPage).toContain("Fig Leaf — 12 oz");
    const csv = textOf((await owner.get(`/admin/orders.csv?q=${order.number}`)).html);
    expect(csv).toContain("Fig Leaf — 12 oz");
    const eight = await variantId(1001, ["8 oz"]);
    const reused = await owner.postForm("/admin/products/1001", {
      intent: "variant",
      variant: String(eight),
      price: "24",
      sku: "FIG-12",
      image: "",
      available: "on",
    });
    expect(reused.status).toBe(200);
    expect(await lastActivity()).toMatchObject({ action: "product.variant" });
  });

  it("refuses options it cannot make with a sentence beside the field, changing nothing", async () => {
    const before = await variantsOf(1001);
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
      const refused = await saveOptions(1001, slots);
      expect(refused.status).toBe(400);
      expect(textOf(refused.html)).toContain(sentence);
      // What she typed stays in the form.
      expect(textOf(refused.html)).toContain(`value="${slots[0]![1]}"`);
    }
    expect(await variantsOf(1001)).toEqual(before);
  });

  it("removing every option goes back to one variant: the first, with the product's Price and Weight again", async () => {
    const eight = await variantId(1001, ["8 oz"]);
    const saved = await saveOptions(1001, []);
    expect(textOf(saved.html)).toContain("Options saved: 1 variant.");
    const live = (await variantsOf(1001)).filter((row) => row.archived === 0);
    expect(live).toMatchObject([{ id: eight, option_values: "[]", stock: 8 }]);
    const page = textOf((await owner.get("/admin/products/1001")).html);
    expect(page).toContain('<h2 id="stock-title"');
    expect(page).toContain("Packed for shipping");
    await expectInvariant();
  });

  it("keeps a product without options as it was: one Price, one Weight, one Stock section", async () => {
    const page = textOf((await owner.get("/admin/products/3001")).html);
    expect(page).toContain('<h2 id="stock-title"');
    expect(page).not.toContain('id="variants-title"');
    expect(page).not.toContain('id="value-price-title"');
    const saved = await owner.postMultipart(
      "/admin/products/3001",
      await productEditForm(shop.db, 3001, { price: "19" }),
    );
    expect(textOf(saved.html)).toContain("Saved. The shop shows the change now.");
    expect(await variantsOf(3001)).toMatchObject([{ id: 3001, option_values: "[]", price_cents: 1900, stock: 2 }]);
    const noPrice = await owner.postMultipart(
      "/admin/products/3001",
      await productEditForm(shop.db, 3001, { price: "" }),
    );
    expect(noPrice.status).toBe(400);
    expect(textOf(noPrice.html)).toContain("Enter the price in dollars, like 12.34.");
    const added = await owner.postForm("/admin/products/3001", { intent: "add", delta: "1", reason: "found one" });
    expect(textOf(added.html)).toContain("Stock is now 3.");
  });

  it("while rates go by weight, a visible product's variants each need a Weight (oz)", async () => {
    await saveOptions(3001, [["Size", "4 oz, 8 oz"]]);
    const zone = await addZone(shop.db, "By weight", ["OR"]);
    await addRate(shop.db, zone, { name: "Parcel", priceCents: 895, condition: "weight", from: 0, to: 3200 });
    try {
      const details = await owner.postMultipart("/admin/products/3001", await productEditForm(shop.db, 3001));
      expect(details.status).toBe(400);
      expect(textOf(details.html)).toContain("Enter a Weight (oz) for every variant first");
      const four = await variantId(3001, ["4 oz"]);
      const row = { intent: "variant", variant: String(four), price: "18", sku: "", image: "", available: "on" };
      const blank = await owner.postForm("/admin/products/3001", { ...row, weight: "" });
      expect(blank.status).toBe(400);
      expect(textOf(blank.html)).toContain(
        "Enter a weight: a visible product needs one while rates by weight are set up.",
      );
      expect((await owner.postForm("/admin/products/3001", { ...row, weight: "6" })).status).toBe(200);
    } finally {
      await shop.db.deleteFrom("shipping_zones").execute();
      await bumpPricingVersion(shop.db);
    }
  });
});
