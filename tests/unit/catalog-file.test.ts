import { describe, expect, it } from "vitest";
import { CatalogFileError, parseCatalogFile } from "~/.server/catalog/file";
import { messageOf } from "../helpers/thrown";

const item = (overrides: Record<string, unknown> = {}) => ({
  id: 1001,
  name: "Lavender Fields",
  price: 19.99,
  images: ["/images/products/lavender-1-800.webp"],
  stock: 3,
  scent: "Lavender",
  description: "Calming.",
  itemCategoy: "Wax",
  ...overrides,
});

const category = (overrides: Record<string, unknown> = {}) => ({
  title: "Wax",
  route: "shop/wax",
  imageUrl: "/images/categories/wax-800.webp",
  items: [item()],
  ...overrides,
});

const errorOf = (file: unknown) => messageOf(() => parseCatalogFile(file), CatalogFileError);

describe("parseCatalogFile", () => {
  it("accepts a file in the original shape and converts prices to cents", () => {
    const [wax] = parseCatalogFile([category({ items: [item(), item({ id: 1002, price: "18.50" })] })]);
    expect(wax!.items.map((entry) => entry.price)).toEqual([1999, 1850]);
  });

  it("accepts items without itemCategoy and external https images", () => {
    const file = [category({ items: [item({ itemCategoy: undefined, images: ["https://cdn.example.com/a.webp"] })] })];
    expect(parseCatalogFile(file)[0]!.items[0]!.images).toEqual(["https://cdn.example.com/a.webp"]);
  });

  it("reads an optional weight in ounces as hundredths of an ounce, and names a bad one", () => {
    const items = [
      item(),
      item({ id: 1002, weight: 8.5 }),
      item({ id: 1003, weight: 10_000 }),
      item({ id: 1004, weight: 0.01 }),
    ];
    expect(parseCatalogFile([category({ items })])[0]!.items.map((entry) => entry.weight)).toEqual([
      undefined,
      850,
      1_000_000,
      1,
    ]);
    const where = 'category 1 ("Wax"), item 1 (id 1001), field "weight": ';
    for (const weight of [0, -1, 8.555, 10_000.01])
      expect(errorOf([category({ items: [item({ weight })] })])).toBe(
        `${where}must be ounces above 0 and at most 10000, with at most 2 decimals`,
      );
    for (const weight of ["8.5", null, true])
      expect(errorOf([category({ items: [item({ weight })] })])).toBe(`${where}must be a number of ounces`);
  });

  it("refuses something that is not a list of categories", () => {
    expect(errorOf({ title: "Wax" })).toMatch(/^the file: /);
    expect(errorOf([])).toBe("the file: must hold at least one category");
  });

  it("names the category and field of a bad category", () => {
    expect(errorOf([category(), category({ title: "Jelly", route: "shop/jelly", imageUrl: 42 })])).toMatch(
      /^category 2 \("Jelly"\), field "imageUrl": /,
    );
  });

  it("names the category, item and field of a bad item", () => {
    const file = [category({ items: [item(), item({ id: 1002, price: 19.999 })] })];
    expect(errorOf(file)).toBe(
      'category 1 ("Wax"), item 2 (id 1002), field "price": must be an amount of dollars from 0 to 1000000 with at most 2 decimals',
    );
  });

  it.each([
    ["stock", { stock: -1 }, "must not be negative"],
    ["stock", { stock: 1.5 }, "must be a whole number"],
    ["id", { id: "1001" }, ""],
    ["name", { name: "  " }, "must not be empty"],
    ["images", { images: [] }, "must list at least one image"],
    ["images[0]", { images: ["javascript:alert(1)"] }, "must be a path starting with / or an http(s) URL"],
    ["price", { price: -5 }, "must be an amount of dollars"],
  ])("refuses a bad %s", (field, overrides, message) => {
    expect(errorOf([category({ items: [item(overrides)] })])).toContain(`field "${field}": ${message}`);
  });

  it("refuses an item id used twice, naming both places", () => {
    const file = [
      category(),
      category({ title: "Jelly", route: "shop/jelly", items: [item({ itemCategoy: "Jelly" })] }),
    ];
    expect(errorOf(file)).toBe(
      'category 2 ("Jelly"), item 1 (id 1001), field "id": the id 1001 is also used in category "Wax"',
    );
  });

  it("refuses a category title used twice, whatever its case", () => {
    expect(errorOf([category(), category({ title: "WAX", items: [item({ id: 1002 })] })])).toBe(
      'category 2 ("WAX"), field "title": the title "WAX" is used twice',
    );
  });

  it("refuses a route that does not lead to the category page", () => {
    expect(errorOf([category({ route: "shop/candles" })])).toBe(
      'category 1 ("Wax"), field "route": must be "shop/wax"',
    );
  });

  it("accepts a route with slashes around it", () => {
    expect(parseCatalogFile([category({ route: "/shop/wax/" })])).toHaveLength(1);
  });

  it("refuses an item filed under another category name", () => {
    expect(errorOf([category({ items: [item({ itemCategoy: "Jelly" })] })])).toBe(
      'category 1 ("Wax"), item 1 (id 1001), field "itemCategoy": must be "Wax"',
    );
  });

  it("refuses titles that cannot be part of a URL path", () => {
    expect(errorOf([category({ title: "Wax/Soy" })])).toContain('field "title": must not contain');
  });
});
