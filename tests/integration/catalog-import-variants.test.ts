import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { findProducts, getCatalog } from "~/.server/catalog/queries";
import { toCatalogDocument, toCatalogItem } from "~/lib/catalog-api";
import { catalogFile, runCatalogImport } from "../helpers/catalog-files";
import { images, lavender, sizes, variantRows } from "../helpers/lavender-variants";
import { insertOrders, orderRow } from "../helpers/order-rows";
import { accountedStock, adjustedStock, everyWrittenRow } from "../helpers/shop-db";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

describe(`importing sizes and scents on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.cleanup());

  const importFile = (content: unknown, ...options: string[]) => runCatalogImport(database.env, content, ...options);
  const load = (content: unknown, replace = false) =>
    importCatalog(database.db, parseCatalogFile(content), { replace });
  /** DESIGN.md's invariant, per variant: stock and what orders hold equal the recorded adjustments. */
  const expectInvariant = async () => {
    const accounted = await accountedStock(database.db);
    const adjusted = await adjustedStock(database.db);
    for (const id of new Set([...Object.keys(accounted), ...Object.keys(adjusted)]))
      expect([id, accounted[Number(id)] ?? 0]).toEqual([id, adjusted[Number(id)] ?? 0]);
  };
  /** A paid order of `quantity` of a variant, as a checkout leaves it: its line, and the stock it took. */
  async function sell(productId: number, variantId: number, quantity: number) {
    const [orderId] = await insertOrders(database.db, [orderRow()]);
    await database.db
      .insertInto("order_items")
      .values({
        order_id: orderId!,
        product_id: productId,
        variant_id: variantId,
        name: "Sold",
        price_cents: 1000,
        quantity,
        scent: "",
      })
      .execute();
    await database.db
      .updateTable("variants")
      .set((eb) => ({ stock: eb("stock", "-", quantity) }))
      .where("id", "=", variantId)
      .execute();
  }

  it("imports a product with options from the command: its variants, and the API shows them", async () => {
    const result = await importFile(catalogFile({ Wax: [lavender(), { id: 1002 }] }));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await variantRows(database.db)).toEqual([
      // A product without options is one variant, with the product's number.
      {
        id: 1002,
        product_id: 1002,
        option_values: "[]",
        price_cents: 1000,
        stock: 5,
        sku: null,
        weight: null,
        image: null,
        archived: 0,
      },
      {
        id: 5001,
        product_id: 1001,
        option_values: '["8 oz"]',
        price_cents: 1800,
        stock: 4,
        sku: "LAV-8",
        weight: 1000,
        image: null,
        archived: 0,
      },
      {
        id: 5002,
        product_id: 1001,
        option_values: '["12 oz"]',
        price_cents: 2450,
        stock: 2,
        sku: "LAV-12",
        weight: 1450,
        image: 1,
        archived: 0,
      },
    ]);
    await expectInvariant();

    const [wax] = (await getCatalog(database.db)).map(toCatalogDocument);
    expect(wax!.items[0]).toEqual({
      id: 1001,
      name: "Lavender Fields",
      price: 18,
      images,
      stock: 6,
      scent: "Vanilla",
      description: "Candle number 1001.",
      itemCategoy: "Wax",
      options: sizes,
      variants: [
        { id: 5001, options: ["8 oz"], price: 18, stock: 4 },
        { id: 5002, options: ["12 oz"], price: 24.5, stock: 2, image: 1 },
      ],
    });
    // Without options, an item reads as it always has.
    expect(Object.keys(wax!.items[1]!)).toEqual([
      "id",
      "name",
      "price",
      "images",
      "stock",
      "scent",
      "description",
      "itemCategoy",
    ]);
    // The cart's refresh (GET /api/products?ids=) reads the same items.
    const found = await findProducts(database.db, [1001]);
    expect(found.map(({ product, categoryTitle }) => toCatalogItem(product, categoryTitle))).toEqual([wax!.items[0]]);
  });

  it("gives an existing product options: its variant keeps its id and stock history, and one left out is archived", async () => {
    await load(catalogFile({ Wax: [{ id: 1001, stock: 5 }] }));
    await sell(1001, 1001, 2);
    // The product's variant becomes its 8 oz (id 1001), with 12 oz beside it.
    const gaining = lavender({
      variants: [
        { id: 1001, options: ["8 oz"], price: 18, stock: 7 },
        { id: 5002, options: ["12 oz"], price: 24, stock: 2 },
      ],
    });
    expect((await importFile(catalogFile({ Wax: [gaining] }))).code).toBe(0);
    expect(
      (await variantRows(database.db)).map(({ id, option_values, stock, archived }) => ({
        id,
        option_values,
        stock,
        archived,
      })),
    ).toEqual([
      { id: 1001, option_values: '["8 oz"]', stock: 7, archived: 0 },
      { id: 5002, option_values: '["12 oz"]', stock: 2, archived: 0 },
    ]);
    await expectInvariant();

    // 8 oz leaves the file (with --replace too): archived, its stock taken off, its sold line still its own.
    const without8oz = lavender({
      options: [{ name: "Size", values: ["12 oz"] }],
      variants: [{ id: 5002, options: ["12 oz"], price: 24, stock: 3 }],
    });
    expect((await importFile(catalogFile({ Wax: [without8oz] }), "--replace")).code).toBe(0);
    expect((await variantRows(database.db)).map(({ id, stock, archived }) => ({ id, stock, archived }))).toEqual([
      { id: 1001, stock: 0, archived: 1 },
      { id: 5002, stock: 3, archived: 0 },
    ]);
    await expectInvariant();
    const items = await database.db.selectFrom("order_items").select(["variant_id", "quantity"]).execute();
    expect(items).toEqual([{ variant_id: 1001, quantity: 2 }]);

    // Back to one variant without options: the product's first keeps its id.
    expect((await importFile(catalogFile({ Wax: [{ id: 1001, stock: 1 }] }))).code).toBe(0);
    expect(
      (await variantRows(database.db))
        .filter((row) => row.archived === 0)
        .map(({ id, option_values, stock }) => ({ id, option_values, stock })),
    ).toEqual([{ id: 5002, option_values: "[]", stock: 1 }]);
    await expectInvariant();
  });

  it("moves a SKU between the file's products, and refuses one another product keeps", async () => {
    await load(catalogFile({ Wax: [lavender(), { id: 1002 }] }));
    const swapped = lavender({
      variants: [
        { id: 5001, options: ["8 oz"], price: 18, stock: 4, sku: "LAV-12" },
        { id: 5002, options: ["12 oz"], price: 24, stock: 2, sku: "LAV-8" },
      ],
    });
    expect((await importFile(catalogFile({ Wax: [swapped] }))).code).toBe(0);
    expect((await variantRows(database.db)).map((row) => [row.id, row.sku])).toEqual([
      [1002, null],
      [5001, "LAV-12"],
      [5002, "LAV-8"],
    ]);

    // Candle 2001 takes LAV-8 while Lavender Fields, not in the file, keeps it: nothing changes.
    const before = await everyWrittenRow(database.db);
    const beforeVariants = await variantRows(database.db);
    const taker = lavender({
      id: 2001,
      variants: [{ id: 6001, options: ["8 oz"], price: 18, stock: 1, sku: "LAV-8" }],
      options: [{ name: "Size", values: ["8 oz"] }],
    });
    const refused = await importFile(catalogFile({ Jelly: [taker] }));
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'Nothing was imported: category 1 ("Jelly"), item 1 (id 2001), variant "8 oz": field "sku": the SKU "LAV-8" is product 1001\'s in the shop',
    );
    expect(await everyWrittenRow(database.db)).toEqual(before);
    expect(await variantRows(database.db)).toEqual(beforeVariants);
    // With --replace, Lavender Fields goes, and its SKU with it.
    expect((await importFile(catalogFile({ Jelly: [taker] }), "--replace")).code).toBe(0);
    // The stock of the products it removed leaves the records with them.
    await expectInvariant();
  });

  it("refuses a variant id of another product in the shop, archived or not, changing nothing", async () => {
    const only8oz = lavender({ variants: [lavender().variants![0]!] });
    await load(catalogFile({ Wax: [lavender(), { id: 1002 }] }));
    await load(catalogFile({ Wax: [only8oz, { id: 1002 }] }));
    const before = await everyWrittenRow(database.db);
    const beforeVariants = await variantRows(database.db);
    expect(beforeVariants.find((row) => row.id === 5002)?.archived).toBe(1);
    const takes = (id: number) => lavender({ id: 3001, variants: [{ id, options: ["8 oz"], price: 18, stock: 1 }] });
    for (const [id, owner] of [
      [1002, 1002],
      [5002, 1001],
    ]) {
      const refused = await importFile(catalogFile({ Wax: [only8oz, { id: 1002 }], Jelly: [takes(id!)] }));
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `Nothing was imported: category 2 ("Jelly"), item 1 (id 3001), variant "8 oz": field "id": the variant id ${id} is product ${owner}'s in the shop`,
      );
    }
    const bad = catalogFile({ Wax: [lavender({ variants: [{ id: 5001, options: ["10 oz"], price: 18, stock: 1 }] })] });
    const invalid = await importFile(bad, "--replace");
    expect(invalid.code).toBe(1);
    expect(invalid.stderr.trim()).toBe(
      'Nothing was imported: category 1 ("Wax"), item 1 (id 1001), variant "10 oz": field "options": must be one value of each option, in order (Size)',
    );
    expect(await everyWrittenRow(database.db)).toEqual(before);
    expect(await variantRows(database.db)).toEqual(beforeVariants);
  });
});
