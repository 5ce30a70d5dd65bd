import fs from "node:fs";
import path from "node:path";
import { runScript } from "../tests/helpers/run-script";
import { measureBrowser } from "./browser";
import { LIGHTHOUSE, measureLighthouse } from "./lighthouse";
import {
  type CatalogDocument,
  generateCatalog,
  MAX_STOCK,
  productIdsOf,
  readDemoCatalog,
  sellableUnitsOf,
  withSizesAndScents,
  withStock,
  writeCatalogFile,
} from "./catalog-generator";
import { writeCheckoutBodies } from "./checkout-bodies";
import { measureCheckout } from "./checkout";
import { measureLeak } from "./leak";
import type { LoadGenerator } from "./load";
import { measurePages, type PageToMeasure } from "./pages";
import { createBenchDatabase } from "./postgres";
import type { CatalogFigures, CheckoutFigure, LeakFigure, LighthouseFigure } from "./results";
import type { BenchSettings } from "./settings";
import { type ShopData, shopEnv, type ShopServer, startShop } from "./shop-server";

/** The grown shop of issue #8: 10 000 products in 50 categories, one of them with 2 000. */
const LARGE = { products: 10_000, categories: 50, largest: 2_000 };
/** The same 10 000 things to sell as 2 500 products of 4 variants each (two sizes, two scents; issue #44). */
const LARGE_VARIANTS = { products: 2_500, categories: 50, largest: 500 };
/**
 * `--quick`'s catalog in sizes and scents: the same code end to end (generated, imported on both engines,
 * measured), a tenth of the size, as the quick run only checks that the bench works.
 */
const QUICK_LARGE_VARIANTS = { products: 250, categories: 10, largest: 50 };

/** The demo's catalog, the grown one, and the grown one in sizes and scents. */
export type CatalogName = "demo" | "large" | "large-variants";

const catalogOf = (name: CatalogName, quick: boolean): CatalogDocument[] =>
  name === "demo"
    ? withStock(readDemoCatalog(), MAX_STOCK)
    : name === "large"
      ? generateCatalog({ ...LARGE, stock: MAX_STOCK })
      : withSizesAndScents(generateCatalog({ ...(quick ? QUICK_LARGE_VARIANTS : LARGE_VARIANTS), stock: MAX_STOCK }));

/** What a bench run hands each of its parts: the load generator, its settings, the PostgreSQL server and a folder. */
export interface CatalogRunOptions {
  generator: LoadGenerator;
  settings: BenchSettings;
  postgresServer: string;
  workDir: string;
}

export const progress = (message: string) =>
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** `npm run catalog:import -- FILE` against the shop's data, as its owner runs it; resolves with the seconds it took. */
export async function importCatalogFile(file: string, data: ShopData): Promise<number> {
  fs.mkdirSync(data.dataDir, { recursive: true });
  const started = performance.now();
  const result = await runScript("scripts/catalog-import.ts", [file], shopEnv(data));
  if (result.code !== 0) throw new Error(`catalog:import failed:\n${result.stdout}${result.stderr}`);
  return (performance.now() - started) / 1000;
}

/** Home, the shop, the first category (the largest in the generated catalog) and its first product. */
export function pagesOf(catalog: CatalogDocument[]) {
  const category = catalog[0]!;
  const categoryPath = `/${category.route}`;
  const productPath = `${categoryPath}/${category.items[0]!.id}`;
  const browsing: PageToMeasure[] = [
    { label: "home", path: "/" },
    { label: "category", path: categoryPath },
    { label: "product", path: productPath },
  ];
  const throughput: PageToMeasure[] = [browsing[0]!, { label: "shop", path: "/shop" }, browsing[1]!, browsing[2]!];
  return { throughput, browsing };
}

export async function withShop<T>(data: ShopData, work: (shop: ShopServer) => Promise<T>): Promise<T> {
  fs.mkdirSync(data.dataDir, { recursive: true });
  const shop = await startShop(data);
  try {
    return await work(shop);
  } finally {
    await shop.stop();
  }
}

/** A catalog with its import file, checkout bodies and pages, in `dir` (`quick`: the generated one in sizes and scents small). */
export function prepareCatalog(name: CatalogName, dir: string, { quick = false } = {}) {
  fs.mkdirSync(dir, { recursive: true });
  // Checkout needs stock for its count bound; the demo's own stock is what the page figures see.
  const catalog = catalogOf(name, quick);
  return {
    catalog,
    file: writeCatalogFile(catalog, path.join(dir, "catalog.json")),
    bodies: writeCheckoutBodies(catalog, dir),
    pages: pagesOf(catalog),
  };
}

/**
 * Every figure for one catalog: the demo (loaded by the shop itself into its
 * fresh data folder, stock raised by an import before checkout) or a large
 * generated one (imported into empty databases, timed).
 */
export async function benchCatalog(
  name: CatalogName,
  { generator, settings, postgresServer, workDir }: CatalogRunOptions,
): Promise<CatalogFigures> {
  const dir = path.join(workDir, name);
  const { catalog, file, bodies, pages } = prepareCatalog(name, dir, { quick: settings.quick });
  const checkoutWith = (shop: ShopServer, shopData: ShopData, limitDatabaseUrl: string | undefined, label: string) =>
    measureCheckout({
      generator,
      shop,
      shopData,
      limitDatabaseUrl,
      catalog,
      bodies,
      settings,
      dir: path.join(dir, label),
    });

  const sqlite: ShopData = { dataDir: path.join(dir, "sqlite") };
  const importSeconds = { sqlite: 0, postgres: 0 };
  const generated = name !== "demo";
  const products = productIdsOf(catalog).length;
  if (generated) {
    progress(`importing ${products} products into SQLite`);
    importSeconds.sqlite = await importCatalogFile(file, sqlite);
  }
  const checkout: CheckoutFigure[] = [];
  const onSqlite = await withShop(sqlite, async (shop) => {
    progress(`${name} catalog: page throughput`);
    const pageFigures = await measurePages(generator, shop, pages.throughput, settings, path.join(dir, "pages"));
    progress(`${name} catalog: Chromium`);
    const browser = await measureBrowser(shop.url, pages.browsing, settings.browserLoads);
    let lighthouse: LighthouseFigure[] | undefined;
    if (!settings.quick) {
      progress(`${name} catalog: Lighthouse (${LIGHTHOUSE}, mobile)`);
      lighthouse = await measureLighthouse(
        shop.url,
        pages.browsing,
        settings.lighthouseRuns,
        path.join(dir, "lighthouse"),
      );
    }
    if (name === "demo") await importCatalogFile(file, sqlite);
    progress(`${name} catalog: checkout on SQLite`);
    checkout.push(await checkoutWith(shop, sqlite, undefined, "checkout-sqlite"));
    return { pages: pageFigures, browser, lighthouse };
  });

  const database = await createBenchDatabase(postgresServer, name.replace("-", "_"));
  try {
    const postgres: ShopData = { dataDir: path.join(dir, "postgres"), databaseUrl: database.url };
    if (generated) {
      progress(`importing ${products} products into PostgreSQL`);
      importSeconds.postgres = await importCatalogFile(file, postgres);
    }
    await withShop(postgres, async (shop) => {
      if (name === "demo") await importCatalogFile(file, postgres);
      progress(`${name} catalog: checkout on PostgreSQL`);
      checkout.push(await checkoutWith(shop, postgres, await database.schemaUrl("bench_limit"), "checkout-postgres"));
    });
  } finally {
    await database.drop();
  }

  return {
    name,
    products,
    variants: sellableUnitsOf(catalog),
    categories: catalog.length,
    importSeconds: generated ? importSeconds : undefined,
    pages: onSqlite.pages,
    checkout,
    browser: onSqlite.browser,
    lighthouse: onSqlite.lighthouse,
  };
}

/**
 * The memory run on a shop of its own (demo catalog on SQLite, stock raised),
 * so its checkouts have the whole per-address checkout limit to themselves.
 */
export async function benchMemory({
  generator,
  settings,
  workDir,
}: Omit<CatalogRunOptions, "postgresServer">): Promise<LeakFigure> {
  const dir = path.join(workDir, "memory");
  const { catalog, file, bodies, pages } = prepareCatalog("demo", dir);
  const data: ShopData = { dataDir: path.join(dir, "sqlite") };
  return withShop(data, async (shop) => {
    await importCatalogFile(file, data);
    progress(`memory: mixed run of ${settings.leakSeconds} s`);
    const paths = [
      ...pages.throughput.map((page) => page.path),
      `/api/products?ids=${productIdsOf(catalog).slice(0, 3).join(",")}`,
    ];
    const figures = { products: productIdsOf(catalog).length, categories: catalog.length };
    return measureLeak({ generator, shop, shopData: data, paths, bodies, settings, catalog: figures });
  });
}
