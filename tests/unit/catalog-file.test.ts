import { describe, expect, it } from "vitest";
import { CatalogFileError, itemColumns, itemVariants, parseCatalogFile } from "~/.server/catalog/file";
import { MAX_VARIANTS } from "~/lib/variants";
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

describe("parseCatalogFile with sizes and scents", () => {
  const options = [{ name: "Size", values: ["8 oz", "12 oz"] }];
  const variant = (overrides: Record<string, unknown> = {}) => ({
    id: 5001,
    options: ["8 oz"],
    price: 18,
    stock: 4,
    ...overrides,
  });
  const withVariants = (overrides: Record<string, unknown> = {}) =>
    item({
      options,
      variants: [variant(), variant({ id: 5002, options: ["12 oz"], price: 24, sku: "LAV-12", weight: 14, image: 1 })],
      images: ["/images/products/lavender-1-800.webp", "/images/products/lavender-2-800.webp"],
      ...overrides,
    });
  const fileWith = (...items: unknown[]) => [category({ items })];
  const where = 'category 1 ("Wax"), item 1 (id 1001)';

  it("reads an item's options and variants, prices in cents and weights in hundredths of an ounce", () => {
    const [parsed] = parseCatalogFile(fileWith(withVariants()))[0]!.items;
    expect(parsed!.options).toEqual(options);
    expect(parsed!.variants).toEqual([
      { id: 5001, options: ["8 oz"], price: 1800, stock: 4 },
      { id: 5002, options: ["12 oz"], price: 2400, stock: 4, sku: "LAV-12", weight: 1400, image: 1 },
    ]);
  });

  it("writes the variants an item lists, and one from the item's own fields without them", () => {
    const [plain, sized] = parseCatalogFile(fileWith(item({ weight: 8 }), withVariants({ id: 1002, weight: 9 })))[0]!
      .items;
    expect(itemColumns(plain!).options).toBe("[]");
    expect(itemVariants(plain!)).toEqual([
      { values: [], priceCents: 1999, stock: 3, sku: null, weight: 800, image: null },
    ]);
    expect(JSON.parse(itemColumns(sized!).options)).toEqual(options);
    // A variant without a weight takes the item's.
    expect(itemVariants(sized!)).toEqual([
      { id: 5001, values: ["8 oz"], priceCents: 1800, stock: 4, sku: null, weight: 900, image: null },
      { id: 5002, values: ["12 oz"], priceCents: 2400, stock: 4, sku: "LAV-12", weight: 1400, image: 1 },
    ]);
  });

  it("names a variant by its product and values when a field of it is bad", () => {
    const bad = withVariants({ variants: [variant(), variant({ id: 5002, options: ["12 oz"], price: 19.999 })] });
    expect(errorOf(fileWith(item({ id: 1000 }), bad))).toBe(
      'category 1 ("Wax"), item 2 (id 1001), variant "12 oz": field "price": must be an amount of dollars from 0 to 1000000 with at most 2 decimals',
    );
    const variantWhere = `${where}, variant "8 oz": field`;
    expect(errorOf(fileWith(withVariants({ variants: [variant({ stock: -1 })] })))).toBe(
      `${variantWhere} "stock": must not be negative`,
    );
    expect(errorOf(fileWith(withVariants({ variants: [variant({ weight: 0 })] })))).toBe(
      `${variantWhere} "weight": must be ounces above 0 and at most 10000, with at most 2 decimals`,
    );
    expect(errorOf(fileWith(withVariants({ variants: [variant({ id: 0 })] })))).toBe(
      `${variantWhere} "id": must be positive`,
    );
    expect(errorOf(fileWith(withVariants({ variants: [variant({ sku: " " })] })))).toBe(
      `${variantWhere} "sku": must not be empty`,
    );
    expect(errorOf(fileWith(withVariants({ variants: [variant({ colour: "red" })] })))).toMatch(
      /^category 1 \("Wax"\), item 1 \(id 1001\), variant "8 oz": /,
    );
    // A variant without readable values is named by its place.
    expect(errorOf(fileWith(withVariants({ variants: [variant(), variant({ options: "12 oz" })] })))).toMatch(
      new RegExp(`^${escape(where)}, variant 2: field "options": `),
    );
  });

  it.each([
    [{ variants: undefined }, 'field "variants": an item with options must list its variants'],
    [{ variants: [] }, 'field "variants": an item with options must list its variants'],
    [{ options: undefined }, 'field "options": an item with variants must list its options'],
    [{ options: [] }, 'field "options": an item with variants must list its options'],
    [{ options: [{ name: "", values: ["8 oz"] }] }, 'field "options": Give each option a name, like Size.'],
    [{ options: [{ name: "Size", values: ["8 oz", "8 OZ"] }] }, 'field "options": Size has the value 8 OZ twice.'],
    [
      { options: ["A", "B", "C", "D"].map((name) => ({ name, values: ["x"] })) },
      'field "options": A product has at most 3 options.',
    ],
    [
      { variants: [variant({ options: ["10 oz"] })] },
      'variant "10 oz": field "options": must be one value of each option, in order (Size)',
    ],
    [
      { variants: [variant({ options: ["8 oz", "Lavender"] })] },
      'variant "8 oz / Lavender": field "options": must be one value of each option, in order (Size)',
    ],
    [
      { variants: [variant(), variant({ id: 5002 })] },
      'variant "8 oz": field "options": variant "8 oz" has the same values',
    ],
    [
      { variants: [variant({ image: 2 })] },
      'variant "8 oz": field "image": must be the index of one of the item\'s images, from 0 to 1',
    ],
    [
      { variants: [variant(), variant({ options: ["12 oz"] })] },
      'variant "12 oz": field "id": the variant id 5001 is also used in item 1001, variant "8 oz"',
    ],
    [
      { variants: [variant({ sku: "A" }), variant({ id: 5002, options: ["12 oz"], sku: "A" })] },
      'variant "12 oz": field "sku": the SKU "A" is also used in item 1001, variant "8 oz"',
    ],
  ])("refuses an item's options or variants that do not fit: %j", (overrides, message) => {
    expect(errorOf(fileWith(withVariants(overrides)))).toBe(`${where}, ${message}`);
  });

  it("refuses more variants than a product may have", () => {
    const sizes = Array.from({ length: 11 }, (_, index) => `${index + 1} oz`);
    const scents = Array.from({ length: 10 }, (_, index) => `Scent ${index + 1}`);
    const variants = sizes.flatMap((size, at) =>
      scents.map((scent, index) => variant({ id: 5001 + at * 100 + index, options: [size, scent] })),
    );
    expect(variants.length).toBeGreaterThan(MAX_VARIANTS);
    const twoOptions = [
      { name: "Size", values: sizes },
      { name: "Scent", values: scents },
    ];
    expect(errorOf(fileWith(withVariants({ options: twoOptions, variants })))).toBe(
      `${where}, field "variants": must list at most ${MAX_VARIANTS} variants`,
    );
  });

  it("refuses a variant id or SKU used by two items anywhere in the file", () => {
    const other = category({
      title: "Jelly",
      route: "shop/jelly",
      items: [withVariants({ id: 3001, itemCategoy: "Jelly", variants: [variant({ id: 6001, sku: "LAV-12" })] })],
    });
    expect(errorOf([category({ items: [withVariants()] }), other])).toBe(
      'category 2 ("Jelly"), item 1 (id 3001), variant "8 oz": field "sku": the SKU "LAV-12" is also used in item 1001, variant "12 oz"',
    );
    const sameId = category({
      title: "Jelly",
      route: "shop/jelly",
      items: [withVariants({ id: 3001, itemCategoy: "Jelly", variants: [variant({ id: 5002 })] })],
    });
    expect(errorOf([category({ items: [withVariants()] }), sameId])).toBe(
      'category 2 ("Jelly"), item 1 (id 3001), variant "8 oz": field "id": the variant id 5002 is also used in item 1001, variant "12 oz"',
    );
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
