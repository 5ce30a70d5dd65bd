import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCategory, findProduct, getCatalogPreview, listCatalogPaths, listCategories } from "~/.server/catalog";
import { parseCatalogFile } from "~/.server/catalog-file";
import { importCatalog } from "~/.server/catalog-import";
import { catalogFile } from "../helpers/catalog-files";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

describe(`catalog queries on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const file = catalogFile({
      Wax: [{ id: 1001, stock: 0 }, { id: 1002 }, { id: 1003, stock: 1 }, { id: 1004 }, { id: 1005 }],
      Jelly: [{ id: 3001, stock: 0 }],
      Woodwick: [],
    });
    await importCatalog(database.db, parseCatalogFile(file), { replace: false });
  });
  afterAll(() => database.cleanup());

  const ids = (products: { id: number }[]) => products.map((product) => product.id);

  it("lists categories in file order", async () => {
    expect((await listCategories(database.db)).map((category) => category.slug)).toEqual(["wax", "jelly", "woodwick"]);
  });

  it("previews the first 3 products in stock of every category", async () => {
    const preview = await getCatalogPreview(database.db, 3);
    expect(preview.map((category) => [category.slug, ids(category.products)])).toEqual([
      ["wax", [1002, 1003, 1004]],
      ["jelly", []],
      ["woodwick", []],
    ]);
  });

  it("finds a category by its slug, with only products in stock when asked", async () => {
    expect(ids((await findCategory(database.db, "wax", { inStockOnly: true }))!.products)).toEqual([1002, 1003, 1004, 1005]);
    expect(ids((await findCategory(database.db, "wax", { inStockOnly: false }))!.products)).toEqual([1001, 1002, 1003, 1004, 1005]);
    expect(await findCategory(database.db, "Wax", { inStockOnly: true })).toBeUndefined();
    expect(await findCategory(database.db, "candles", { inStockOnly: true })).toBeUndefined();
  });

  it("finds a product only under its own category", async () => {
    const product = await findProduct(database.db, "wax", 1001);
    expect(product).toMatchObject({ id: 1001, categorySlug: "wax", priceCents: 1000, stock: 0, images: ["/images/products/candle-1001-800.webp"] });
    expect(await findProduct(database.db, "jelly", 1001)).toBeUndefined();
    expect(await findProduct(database.db, "wax", 9999)).toBeUndefined();
  });

  it("lists every page for the sitemap, across pages of results", async () => {
    const paths = [];
    for await (const entry of listCatalogPaths(database.db, 2)) paths.push(entry);
    expect(paths).toEqual([
      { slug: "wax" },
      { slug: "jelly" },
      { slug: "woodwick" },
      ...[1001, 1002, 1003, 1004, 1005].map((id) => ({ slug: "wax", id })),
      { slug: "jelly", id: 3001 },
    ]);
  });
});
