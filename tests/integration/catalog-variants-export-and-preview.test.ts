import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { catalogFileOfShop } from "~/.server/admin/catalog-export";
import { productBatch, productsCsv } from "~/.server/admin/products-csv";
import { previewImport } from "~/.server/catalog/import-preview";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { catalogFile, runCatalogImport, type TestItem } from "../helpers/catalog-files";
import { images, lavender, sizes, variantRows } from "../helpers/lavender-variants";
import { everyWrittenRow } from "../helpers/shop-db";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

/** Sizes and scents in what the owner reads of her catalog: the exported file, an import's preview, the products CSV. */
describe(`exporting and previewing sizes and scents on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.cleanup());

  const importFile = (content: unknown, ...options: string[]) => runCatalogImport(database.env, content, ...options);
  const load = (content: unknown, replace = false) =>
    importCatalog(database.db, parseCatalogFile(content), { replace });

  it("exports the shop as a file that imports back to the same shop", async () => {
    await load(catalogFile({ Wax: [lavender(), { id: 1002, weight: 8 }], Jelly: [{ id: 3001 }] }));
    // One size taken off sale still exports with its stock.
    await database.db.updateTable("variants").set({ available: 0 }).where("id", "=", 5002).execute();
    const exported = await catalogFileOfShop(database.db);
    expect(exported[0]!.items[0]).toMatchObject({
      id: 1001,
      stock: 6,
      options: sizes,
      variants: [
        { id: 5001, options: ["8 oz"], price: 18, stock: 4, sku: "LAV-8", weight: 10 },
        { id: 5002, options: ["12 oz"], price: 24.5, stock: 2, sku: "LAV-12", weight: 14.5, image: 1 },
      ],
    });
    expect(exported[0]!.items[1]).toMatchObject({ id: 1002, weight: 8 });
    const before = await everyWrittenRow(database.db);
    const beforeVariants = await variantRows(database.db);
    const result = await importFile(JSON.parse(JSON.stringify(exported)), "--replace");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await variantRows(database.db)).toEqual(beforeVariants);
    const after = await everyWrittenRow(database.db);
    // Only the catalog's version moves; the owner's products stay hers (the import marks them not the demo's).
    expect({ ...after, catalog_version: [] }).toEqual({ ...before, catalog_version: [] });
  });

  it("previews a product's changed variants by what changes", async () => {
    await load(catalogFile({ Wax: [lavender(), { id: 1002 }] }));
    const fieldsOf = async (items: TestItem[]) =>
      (await previewImport(database.db, parseCatalogFile(catalogFile({ Wax: items })), { replace: false })).products;
    expect((await fieldsOf([lavender(), { id: 1002 }])).unchanged).toBe(2);
    const [first, second] = lavender().variants!;
    const changes: [Partial<TestItem>, string[]][] = [
      [{ variants: [{ ...first!, price: 19 }, second!] }, ["price"]],
      [{ variants: [first!, { ...second!, stock: 9, sku: "L12" }] }, ["stock", "SKU"]],
      [
        {
          variants: [
            { ...first!, weight: 11 },
            { ...second!, image: 0 },
          ],
        },
        ["photos", "weight"],
      ],
      [{ variants: [second!, first!] }, ["variants"]],
      [{ variants: [first!] }, ["variants"]],
      [
        {
          options: [{ name: "Size", values: ["8 oz", "12 oz", "16 oz"] }],
          variants: [first!, second!, { id: 5003, options: ["16 oz"], price: 30, stock: 1 }],
        },
        ["options", "variants"],
      ],
    ];
    for (const [overrides, fields] of changes)
      expect((await fieldsOf([lavender(overrides)])).changed).toEqual([{ id: 1001, name: "Lavender Fields", fields }]);
    // A product without options gaining them, and one losing them.
    const gaining = lavender({ id: 1002, variants: [{ id: 1002, options: ["8 oz"], price: 10, stock: 5 }] });
    expect((await fieldsOf([gaining])).changed).toEqual([
      { id: 1002, name: "Lavender Fields", fields: ["name", "photos", "options", "variants"] },
    ]);
    expect((await fieldsOf([{ id: 1001, name: "Lavender Fields", images, price: 18, stock: 4 }])).changed).toEqual([
      { id: 1001, name: "Lavender Fields", fields: ["options", "variants", "SKU"] },
    ]);
  });

  it("lists a product's variants in the products CSV, one row each with its SKU, price, stock and weight", async () => {
    await load(catalogFile({ Wax: [lavender(), { id: 1002, weight: 8 }] }));
    const csv = productsCsv(database.db);
    const rows = (await productBatch(database.db, undefined, 10)).flatMap((product) => csv.rows(product));
    const column = (name: string) => csv.header.indexOf(name);
    expect(
      rows.map((row) =>
        ["Id", "Name", "Variant", "SKU", "Price", "Stock", "Weight (oz)"].map((name) => row[column(name)]),
      ),
    ).toEqual([
      [1001, "Lavender Fields", "8 oz", "LAV-8", "18.00", 4, "10"],
      [1001, "Lavender Fields", "12 oz", "LAV-12", "24.50", 2, "14.5"],
      [1002, "Candle 1002", "", "", "10.00", 5, "8"],
    ]);
  });
});
