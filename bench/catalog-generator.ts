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
  }[];
}

/** The import's upper bound for one product's stock (app/.server/catalog/file.ts). */
export const MAX_STOCK = 1_000_000;

export const readDemoCatalog = (): CatalogDocument[] =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, "seed/catalog.json"), "utf8")) as CatalogDocument[];

/** The same catalog with every product's stock set: enough for the checkout runs' count bound. */
export const withStock = (catalog: CatalogDocument[], stock: number): CatalogDocument[] =>
  catalog.map((category) => ({ ...category, items: category.items.map((item) => ({ ...item, stock })) }));

export const productIdsOf = (catalog: CatalogDocument[]) =>
  catalog.flatMap((category) => category.items.map((item) => item.id));

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
