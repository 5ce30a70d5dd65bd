import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { catalogFile, type TestItem, writeJsonFile } from "../helpers/catalog-files";
import { productEditForm, signedInOwner } from "../helpers/owner";
import { bumpPricingVersion } from "../helpers/pricing-setup";
import { runScript } from "../helpers/run-script";
import { type Shop, openShop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
const WEIGHT_NEEDED = "Enter a weight: a visible product needs one while rates by weight are set up.";

/** Product weights (issue #31): the form, the catalog file, the products CSV, and the rule while rates go by weight. */
describe(`product weights, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({
      Wax: [
        { id: 1001, name: "Fig Leaf", price: 24, stock: 6 },
        { id: 1002, name: "Amber", stock: 3 },
      ],
      Jelly: [{ id: 3001, name: "Sea Glass", price: 18, stock: 2 }],
    });
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop.close());

  const weights = async () =>
    Object.fromEntries(
      (await shop.db.selectFrom("variants").select(["product_id", "weight"]).orderBy("product_id").execute()).map(
        (row) => [row.product_id, row.weight],
      ),
    );
  const save = async (id: number, changes: Record<string, string>) =>
    owner.postMultipart(`/admin/products/${id}`, await productEditForm(shop.db, id, changes));
  const importScreen = (file: unknown) => {
    const form = new FormData();
    form.append("intent", "import");
    form.append("catalog", JSON.stringify(file));
    return owner.postMultipart("/admin/import", form);
  };
  const importCommand = (file: unknown) =>
    runScript("scripts/catalog-import.ts", [writeJsonFile(file)], shop.database.env);
  /** The catalog as the shop holds it, for a file that changes only what a test says. */
  const fileOf = (changes: Record<number, Partial<TestItem>> = {}) =>
    catalogFile({
      Wax: [
        { id: 1001, name: "Fig Leaf", price: 24, stock: 6, ...changes[1001] },
        { id: 1002, name: "Amber", stock: 3, ...changes[1002] },
      ],
      Jelly: [{ id: 3001, name: "Sea Glass", price: 18, stock: 2, ...changes[3001] }],
    });
  /** A zone with one rate of the given condition, as the shipping screen would leave it. */
  async function addRate(condition: "weight" | "subtotal") {
    const zone = await shop.db
      .insertInto("shipping_zones")
      .values({ name: `Zone for ${condition}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    await shop.db
      .insertInto("shipping_rates")
      .values({
        zone_id: zone.id,
        name: condition === "weight" ? "Parcel up to 2 lb" : "Free over $75",
        price_cents: condition === "weight" ? 895 : 0,
        estimate: null,
        condition,
        range_from: condition === "weight" ? 0 : 7500,
        range_to: condition === "weight" ? 3200 : null,
      })
      .execute();
    await bumpPricingVersion(shop.db);
  }
  const removeRates = () => shop.db.deleteFrom("shipping_zones").execute();

  it("saves the weight typed on the form, shows it back, logs it, and clears it when the field is emptied", async () => {
    expect((await save(1001, { weight: "8.5" })).status).toBe(200);
    expect((await weights())[1001]).toBe(850);
    const page = await owner.get("/admin/products/1001");
    expect(textOf(page.html)).toContain("Weight (oz)");
    expect(page.html).toMatch(/name="weight"[^>]*value="8.5"|value="8.5"[^>]*name="weight"/);
    const entry = await shop.db
      .selectFrom("activity")
      .select(["before", "after"])
      .where("action", "=", "product.edited")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toEqual({ weightOz: null });
    expect(JSON.parse(entry.after!)).toEqual({ weightOz: "8.5" });

    expect((await save(1001, { weight: "12.25" })).status).toBe(200);
    expect((await weights())[1001]).toBe(1225);
    expect((await save(1001, { weight: "" })).status).toBe(200);
    expect((await weights())[1001]).toBeNull();
  });

  it("refuses a weight that is not ounces above 0 with two decimals at most, beside the field, changing nothing", async () => {
    expect((await save(1001, { weight: "8" })).status).toBe(200);
    for (const weight of ["0", "0.00", "-1", "8.555", "eight", "10000.01", "1e3"]) {
      const answer = await save(1001, { weight, name: "Renamed" });
      expect(answer.status, weight).toBe(400);
      expect(textOf(answer.html)).toContain("Enter the weight in ounces, like 8.5 (at most 10000).");
      expect(answer.html).toContain(`value="${weight}"`);
    }
    expect((await save(1001, { weight: "10000" })).status).toBe(200);
    expect((await weights())[1001]).toBe(1_000_000);
    expect((await save(1001, { weight: "8" })).status).toBe(200);
    const product = await shop.db
      .selectFrom("products")
      .innerJoin("variants", "variants.product_id", "products.id")
      .select(["products.name", "variants.weight"])
      .where("products.id", "=", 1001)
      .execute();
    expect(product).toEqual([{ name: "Fig Leaf", weight: 800 }]);
  });

  it("imports weights in ounces, keeps a weight the file leaves out, previews the change, and names a bad weight", async () => {
    const imported = await importCommand(fileOf({ 1002: { weight: 12.25 }, 3001: { weight: 6 } }));
    expect(imported.stderr).toBe("");
    expect(imported.code).toBe(0);
    // Fig Leaf's 8 oz from the form stays: the file gives no weight for it.
    expect(await weights()).toEqual({ 1001: 800, 1002: 1225, 3001: 600 });

    const preview = new FormData();
    preview.append("intent", "preview");
    preview.append("catalog", JSON.stringify(fileOf({ 1002: { weight: 12.5 } })));
    const previewed = textOf((await owner.postMultipart("/admin/import", preview)).html);
    expect(previewed).toContain("Amber (1002): weight");
    expect(previewed).not.toContain("Fig Leaf (1001)");
    expect(previewed).not.toContain("Sea Glass (3001)");

    const named = 'Nothing was imported: category 1 ("Wax"), item 2 (id 1002), field "weight": ';
    for (const weight of [0, -2, 8.555, 10_000.5, "8.5"]) {
      const screen = textOf((await importScreen(fileOf({ 1002: { weight } }))).html);
      expect(screen, String(weight)).toContain(named);
    }
    for (const weight of [0, 8.555]) {
      const refused = await importCommand(fileOf({ 1002: { weight } }));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(named);
    }
    expect(await weights()).toEqual({ 1001: 800, 1002: 1225, 3001: 600 });
  });

  it("adds a Weight (oz) column to the products CSV, and weights to the catalog download, for the products with one", async () => {
    await shop.db.updateTable("variants").set({ weight: null }).where("product_id", "=", 3001).execute();
    const csv = (await owner.get("/admin/products.csv")).html.split("\r\n");
    expect(csv[0]!.split(",").at(-1)).toBe("Weight (oz)");
    const weightOf = (id: number) =>
      csv
        .find((line) => line.startsWith(`${id},`))!
        .split(",")
        .at(-1);
    expect([weightOf(1001), weightOf(1002), weightOf(3001)]).toEqual(["8", "12.25", ""]);
    const download = JSON.parse((await owner.get("/admin/catalog.json")).html) as {
      items: { id: number; weight?: number }[];
    }[];
    const items = download.flatMap((category) => category.items);
    expect(items.map((item) => [item.id, item.weight])).toEqual([
      [1001, 8],
      [1002, 12.25],
      [3001, undefined],
    ]);
    // The download imports back as it is.
    expect((await importCommand(download)).code).toBe(0);
    expect(await weights()).toEqual({ 1001: 800, 1002: 1225, 3001: null });
  });

  it("requires nothing without a rate by weight, even with other rates set up", async () => {
    await addRate("subtotal");
    expect((await save(3001, { name: "Sea Glass", weight: "" })).status).toBe(200);
    expect((await importCommand(fileOf({ 3001: { name: "Sea Glass" } }))).code).toBe(0);
    expect((await weights())[3001]).toBeNull();
    await removeRates();
  });

  it("while a rate goes by weight, refuses to save a visible product without one, and to show a hidden one again", async () => {
    await addRate("weight");
    const refused = await save(3001, { name: "Sea Glass Blue" });
    expect(refused.status).toBe(400);
    expect(textOf(refused.html)).toContain(WEIGHT_NEEDED);
    expect(await shop.db.selectFrom("products").select("name").where("id", "=", 3001).execute()).toEqual([
      { name: "Sea Glass" },
    ]);
    // A new product needs one too, and nothing of it is kept.
    const newProduct = await owner.postMultipart(
      "/admin/products/new",
      await productEditForm(shop.db, 1002, { weight: "" }),
    );
    expect(textOf(newProduct.html)).toContain(WEIGHT_NEEDED);

    // Hidden, it may go without; shown again, it needs one.
    expect((await save(3001, { visible: "" })).status).toBe(200);
    const shown = await save(3001, { visible: "on" });
    expect(shown.status).toBe(400);
    expect(textOf(shown.html)).toContain(WEIGHT_NEEDED);
    expect(
      (await shop.db.selectFrom("products").select("visible").where("id", "=", 3001).executeTakeFirstOrThrow()).visible,
    ).toBe(0);
    expect((await save(3001, { visible: "on", weight: "9.75" })).status).toBe(200);
    expect(
      await shop.db
        .selectFrom("products")
        .innerJoin("variants", "variants.product_id", "products.id")
        .select(["products.visible", "variants.weight"])
        .where("products.id", "=", 3001)
        .execute(),
    ).toEqual([{ visible: 1, weight: 975 }]);
    expect(await weights()).toEqual({ 1001: 800, 1002: 1225, 3001: 975 });
  });

  it("while a rate goes by weight, refuses an import that leaves a visible product without one, naming it", async () => {
    await shop.db.updateTable("variants").set({ weight: null }).where("product_id", "in", [1002, 3001]).execute();
    await shop.db.updateTable("products").set({ visible: 0 }).where("id", "=", 3001).execute();
    // Amber is visible with no weight and the file gives none; a new product would be visible with none.
    const file = [
      ...fileOf({ 1001: { name: "Fig Leaf Renamed" } }),
      ...catalogFile({ Soy: [{ id: 5001, name: "Oat Milk" }] }),
    ];
    const screen = await importScreen(file);
    expect(screen.status).toBe(409);
    expect(textOf(screen.html)).toContain(
      'Nothing was imported: rates by weight are set up, so every visible product needs a weight ("weight", in ounces); the file gives none for Amber (1002), Oat Milk (5001).',
    );
    const command = await importCommand(file);
    expect(command.code).toBe(1);
    expect(command.stderr).toContain("the file gives none for Amber (1002), Oat Milk (5001).");
    expect(await shop.db.selectFrom("products").select("name").where("id", "=", 1001).execute()).toEqual([
      { name: "Fig Leaf" },
    ]);
    expect(await shop.db.selectFrom("categories").select("id").where("slug", "=", "soy").execute()).toEqual([]);

    // Given weights (or already weighed, or hidden as Sea Glass is), the same products import.
    const weighed = [
      ...fileOf({ 1001: { name: "Fig Leaf Renamed" }, 1002: { weight: 4 } }),
      ...catalogFile({ Soy: [{ id: 5001, name: "Oat Milk", weight: 10 }] }),
    ];
    expect(textOf((await importScreen(weighed)).html)).toContain("Imported 3 categories and 4 products.");
    expect(await weights()).toEqual({ 1001: 800, 1002: 400, 3001: null, 5001: 1000 });
    await removeRates();
  });
});
