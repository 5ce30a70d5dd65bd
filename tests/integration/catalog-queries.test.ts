import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findCategory,
  findCategoryPage,
  findProduct,
  getCatalog,
  getCatalogPreview,
  listCatalogPaths,
  listCategories,
} from "~/.server/catalog/queries";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
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

  it("previews the first 3 products in stock of every category, a page of categories at a time", async () => {
    const preview = await getCatalogPreview(database.db, { offset: 0, limit: 10, perCategory: 3 });
    expect(preview.categoryCount).toBe(3);
    expect(preview.categories.map((category) => [category.slug, ids(category.products)])).toEqual([
      ["wax", [1002, 1003, 1004]],
      ["jelly", []],
      ["woodwick", []],
    ]);
    const second = await getCatalogPreview(database.db, { offset: 1, limit: 1, perCategory: 3 });
    expect(second.categories.map((category) => category.slug)).toEqual(["jelly"]);
    expect(second.categoryCount).toBe(3);
    expect((await getCatalogPreview(database.db, { offset: 3, limit: 1, perCategory: 3 })).categories).toEqual([]);
  });

  it("pages through a category's products in stock, counting them all", async () => {
    const first = await findCategoryPage(database.db, "wax", { offset: 0, limit: 3 });
    expect(first && { products: ids(first.category.products), inStock: first.inStock }).toEqual({
      products: [1002, 1003, 1004],
      inStock: 4,
    });
    expect(first?.category).toMatchObject({ slug: "wax", title: "Wax", route: "shop/wax" });
    const last = await findCategoryPage(database.db, "wax", { offset: 3, limit: 3 });
    expect(last && { products: ids(last.category.products), inStock: last.inStock }).toEqual({
      products: [1005],
      inStock: 4,
    });
    expect(await findCategoryPage(database.db, "wax", { offset: 6, limit: 3 })).toBeUndefined();

    const soldOut = await findCategoryPage(database.db, "jelly", { offset: 0, limit: 3 });
    expect(soldOut && { products: soldOut.category.products, inStock: soldOut.inStock }).toEqual({
      products: [],
      inStock: 0,
    });
    expect(await findCategoryPage(database.db, "Wax", { offset: 0, limit: 3 })).toBeUndefined();
    expect(await findCategoryPage(database.db, "candles", { offset: 0, limit: 3 })).toBeUndefined();
  });

  it("finds a category by its slug with all its products, and the whole catalog, for the JSON API", async () => {
    expect(ids((await findCategory(database.db, "wax"))!.products)).toEqual([1001, 1002, 1003, 1004, 1005]);
    expect((await findCategory(database.db, "woodwick"))!.products).toEqual([]);
    expect(await findCategory(database.db, "Wax")).toBeUndefined();
    expect(await findCategory(database.db, "candles")).toBeUndefined();
    const catalog = await getCatalog(database.db);
    expect(catalog.map((category) => [category.slug, ids(category.products)])).toEqual([
      ["wax", [1001, 1002, 1003, 1004, 1005]],
      ["jelly", [3001]],
      ["woodwick", []],
    ]);
    expect(catalog[0]!.products[0]).toEqual({
      id: 1001,
      categorySlug: "wax",
      name: "Candle 1001",
      priceCents: 1000,
      priceVaries: false,
      hasOptions: false,
      stock: 0,
      scent: "Vanilla",
      description: "Candle number 1001.",
      images: ["/images/products/candle-1001-800.webp"],
      options: [],
      variants: [{ id: 1001, values: [], priceCents: 1000, stock: 0, image: null }],
    });
  });

  it("finds a product only under its own category", async () => {
    const product = await findProduct(database.db, "wax", 1001);
    expect(product).toMatchObject({
      id: 1001,
      categorySlug: "wax",
      priceCents: 1000,
      stock: 0,
      images: ["/images/products/candle-1001-800.webp"],
    });
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
