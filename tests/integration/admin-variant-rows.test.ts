import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { productEditForm } from "../helpers/owner";
import {
  expectInvariant,
  lastActivity,
  saveOptions,
  saveVariantRow,
  textOf,
  variantId,
  variantsOf,
} from "../helpers/owner-variants";
import { addRate, addZone, bumpPricingVersion } from "../helpers/pricing-setup";
import { openProductsShop } from "../helpers/product-form";
import type { Shop } from "../helpers/shop-api";
import { stockByVariant } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

/**
 * A variant's row on its product's back-office page: Price, SKU, Weight
 * (oz), Photo and Available, and its stock; a product without options keeps
 * its one Price, Weight and Stock.
 */
describe(`a variant's row and stock in the back office, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    // Fig Leaf (1001, $24, 6 in stock) and Sea Glass (3001, $18, 2 in stock), one variant each.
    ({ shop, owner } = await openProductsShop());
    // Fig Leaf in two sizes: its variant stays as 8 oz with its stock, 12 oz joins with none.
    expect((await saveOptions(owner, 1001, [["Size", "8 oz, 12 oz"]])).status).toBe(200);
  });
  afterAll(() => shop.close());

  it("saves a variant's Price, SKU, Weight (oz), Photo and Available, and refuses a SKU another variant has", async () => {
    const twelve = await variantId(shop.db, 1001, ["12 oz"]);
    const post = (fields: Record<string, string | undefined>) =>
      saveVariantRow(owner, 1001, { variant: String(twelve), price: "28", sku: "FIG-12", weight: "14.5", ...fields });
    const saved = await post({});
    expect(saved.status).toBe(200);
    expect(textOf(saved.html)).toContain("Saved 12 oz.");
    expect((await variantsOf(shop.db, 1001))[1]).toMatchObject({
      price_cents: 2800,
      sku: "FIG-12",
      weight: 1450,
      image: null,
    });
    expect(await lastActivity(shop.db)).toEqual({
      action: "product.variant",
      before: JSON.stringify({ priceCents: 2400, sku: null, weightOz: null }),
      after: JSON.stringify({ variant: "12 oz", priceCents: 2800, sku: "FIG-12", weightOz: "14.5" }),
    });

    const duplicate = await saveVariantRow(owner, 1001, { variant: "1001", price: "24", sku: "FIG-12", weight: "" });
    expect(duplicate.status).toBe(400);
    expect(textOf(duplicate.html)).toContain("Another variant has the SKU FIG-12.");
    expect(duplicate.html).toMatch(/aria-invalid="true"[^>]*name="sku"|name="sku"[^>]*aria-invalid="true"/);
    expect((await variantsOf(shop.db, 1001))[0]!.sku).toBeNull();

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
    expect((await variantsOf(shop.db, 1001))[1]!.available).toBe(0);
    expect((await post({})).status).toBe(200);
  });

  it("adds and sets stock per variant, each answer beside its own variant", async () => {
    const eight = await variantId(shop.db, 1001, ["8 oz"]);
    const twelve = await variantId(shop.db, 1001, ["12 oz"]);
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
    expect(await lastActivity(shop.db)).toMatchObject({ action: "product.stock" });
    expect(JSON.parse((await lastActivity(shop.db)).after!)).toMatchObject({ stock: 8, variant: "8 oz" });
    await expectInvariant(shop.db);
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
    expect(await variantsOf(shop.db, 3001)).toMatchObject([
      { id: 3001, option_values: "[]", price_cents: 1900, stock: 2 },
    ]);
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
    await saveOptions(owner, 3001, [["Size", "4 oz, 8 oz"]]);
    const zone = await addZone(shop.db, "By weight", ["OR"]);
    await addRate(shop.db, zone, { name: "Parcel", priceCents: 895, condition: "weight", from: 0, to: 3200 });
    try {
      const details = await owner.postMultipart("/admin/products/3001", await productEditForm(shop.db, 3001));
      expect(details.status).toBe(400);
      expect(textOf(details.html)).toContain("Enter a Weight (oz) for every variant first");
      const row = { variant: String(await variantId(shop.db, 3001, ["4 oz"])), price: "18", sku: "" };
      const blank = await saveVariantRow(owner, 3001, { ...row, weight: "" });
      expect(blank.status).toBe(400);
      expect(textOf(blank.html)).toContain(
        "Enter a weight: a visible product needs one while rates by weight are set up.",
      );
      expect((await saveVariantRow(owner, 3001, { ...row, weight: "6" })).status).toBe(200);
    } finally {
      await shop.db.deleteFrom("shipping_zones").execute();
      await bumpPricingVersion(shop.db);
    }
  });
});
