import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "../tests/helpers/run-script";

/** One category of a catalog import file (DESIGN.md §Interfaces), as the owner writes it. */
export interface CatalogDocument {
  title: string;
  route: string;
  imageUrl: string;
  items: {
    id: number;
    name: string;
    price: number;
    images: string[];
    stock: number;
    scent: string;
    description: string;
    itemCategoy: string;
    /** Sizes and scents (DESIGN.md): with them, `price` is the lowest variant's and `stock` their sum. */
    options?: { name: string; values: string[] }[];
    variants?: CatalogVariant[];
  }[];
}

/** One variant of an item, as the catalog file lists it. */
export interface CatalogVariant {
  id: number;
  options: string[];
  price: number;
  stock: number;
}

/** The import's upper bound for one product's stock (app/.server/catalog/file.ts). */
export const MAX_STOCK = 1_000_000;

export const readDemoCatalog = (): CatalogDocument[] =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, "seed/catalog.json"), "utf8")) as CatalogDocument[];

/**
 * An item's own `stock` when it lists variants: their sum, as the API shows it, within the file's bound
 * for one item (the import reads the variants' stock, not this).
 */
const itemStock = (variantStock: number, variants: number) => Math.min(MAX_STOCK, variantStock * variants);

/** The same catalog with every variant's stock set (a product without options is one): enough for the checkout runs' count bound. */
export const withStock = (catalog: CatalogDocument[], stock: number): CatalogDocument[] =>
  catalog.map((category) => ({
    ...category,
    items: category.items.map((item) =>
      item.variants
        ? {
            ...item,
            stock: itemStock(stock, item.variants.length),
            variants: item.variants.map((variant) => ({ ...variant, stock })),
          }
        : { ...item, stock },
    ),
  }));

export const productIdsOf = (catalog: CatalogDocument[]) =>
  catalog.flatMap((category) => category.items.map((item) => item.id));

/** Each product with options: its variants' ids, in the file's order. */
export const variantIdsOf = (catalog: CatalogDocument[]) =>
  new Map(
    catalog.flatMap((category) =>
      category.items.flatMap((item) => (item.variants ? [[item.id, item.variants.map((variant) => variant.id)]] : [])),
    ) as [number, number[]][],
  );

/** What a shopper can put in a cart: a product without options, or one variant of a product with them. */
export const sellableUnitsOf = (catalog: CatalogDocument[]) =>
  catalog.reduce(
    (units, category) => units + category.items.reduce((sum, item) => sum + (item.variants?.length ?? 1), 0),
    0,
  );

/** The sizes every product comes in with `withSizesAndScents`, and what the larger one costs on top. */
export const SIZES = ["8 oz", "12 oz"] as const;
const LARGER_SIZE_EXTRA = 8;

/**
 * Every product in two sizes and two scents, four variants, each with the
 * item's stock: 8 oz at the item's price, 12 oz at $8 more, its own scent
 * or unscented. The first variant keeps the product's id, as the migration
 * gave a product's one variant; the others are id × 10 + 1 … 3 (no clash
 * with a catalog number below 100,000,000).
 */
export const withSizesAndScents = (catalog: CatalogDocument[]): CatalogDocument[] =>
  catalog.map((category) => ({
    ...category,
    items: category.items.map((item) => {
      const { variants: _, options: __, ...plain } = item;
      const options = [
        { name: "Size", values: [...SIZES] },
        { name: "Scent", values: [item.scent, "Unscented"] },
      ];
      const variants = SIZES.flatMap((size, sizeIndex) =>
        options[1]!.values.map((scent, scentIndex) => {
          const index = sizeIndex * 2 + scentIndex;
          return {
            id: index === 0 ? item.id : item.id * 10 + index,
            options: [size, scent],
            price: Math.round((item.price + sizeIndex * LARGER_SIZE_EXTRA) * 100) / 100,
            stock: item.stock,
          };
        }),
      );
      return { ...plain, stock: itemStock(item.stock, variants.length), options, variants };
    }),
  }));

const SCENTS = [
  "Lavender & chamomile",
  "Madagascar vanilla",
  "Sea salt & sage",
  "Cedar & smoke",
  "Fig & cassis",
  "Orange blossom",
];

/**
 * A grown shop: `products` products in `categories` categories, the first of
 * which (Wax) holds `largest` of them, the rest shared evenly. Names, prices
 * and scents vary; images and category pictures are the demo's, in turn.
 */
export function generateCatalog(options: {
  products: number;
  categories: number;
  largest: number;
  stock: number;
}): CatalogDocument[] {
  const demo = readDemoCatalog();
  const images = demo.flatMap((category) => category.items.map((item) => item.images));
  const categoryImages = demo.map((category) => category.imageUrl);
  const titles = [
    "Wax",
    ...Array.from({ length: options.categories - 1 }, (_, index) => `Collection-${String(index + 2).padStart(2, "0")}`),
  ];
  const rest = options.products - options.largest;
  const share = Math.floor(rest / (options.categories - 1));
  let nextId = 100_001;
  return titles.map((title, index) => {
    const size = index === 0 ? options.largest : share + (index <= rest % (options.categories - 1) ? 1 : 0);
    return {
      title,
      route: `shop/${title.toLowerCase()}`,
      imageUrl: categoryImages[index % categoryImages.length]!,
      items: Array.from({ length: size }, () => {
        const id = nextId++;
        return {
          id,
          name: `${title} candle ${id}`,
          price: (1200 + (id % 3000)) / 100,
          images: images[id % images.length]!,
          stock: options.stock,
          scent: SCENTS[id % SCENTS.length]!,
          description: `Hand-poured ${title.toLowerCase()} candle number ${id}, with a ${SCENTS[id % SCENTS.length]!.toLowerCase()} scent. Burns clean for around 40 hours.`,
          itemCategoy: title,
        };
      }),
    };
  });
}

export function writeCatalogFile(catalog: CatalogDocument[], file: string): string {
  fs.writeFileSync(file, JSON.stringify(catalog));
  return file;
}
