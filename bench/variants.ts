import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENGINE } from "./back-office-run";
import {
  type CatalogDocument,
  MAX_STOCK,
  productIdsOf,
  readDemoCatalog,
  sellableUnitsOf,
  withSizesAndScents,
  withStock,
  writeCatalogFile,
} from "./catalog-generator";
import { type CatalogRunOptions, importCatalogFile, pagesOf, withShop } from "./catalog-run";
import { checkoutInRounds, checkoutRoundsFigure } from "./checkout";
import { writeCheckoutBodies } from "./checkout-bodies";
import { type ExpectShown, pagesInRounds, type RoundPageShop } from "./page-rounds";
import type { PageToMeasure } from "./pages";
import { type BenchDatabase, createBenchDatabase } from "./postgres";
import type { VariantsEngine } from "./results";
import { checkoutBoundFor } from "./settings";
import { type ShopData, startShop } from "./shop-server";
import { roundRatios } from "./side-by-side";

/** The demo's shop as it is, and the same shop with every candle in sizes and scents (issue #44). */
export type VariantsShop = "plain" | "variants";

/** The page only the shop with options has: its first product with a variant named in the address. */
const VARIANT_PAGE = "product, a variant";

/** The first category's first product's last variant (12 oz, unscented): not the one its page opens on. */
function variantPage(catalog: CatalogDocument[], product: PageToMeasure): PageToMeasure {
  const variants = catalog[0]!.items[0]!.variants!;
  return { label: VARIANT_PAGE, path: `${product.path}?variant=${variants.at(-1)!.id}` };
}

const PICKER = 'class="variant-picker__option"';

/**
 * What each page must show, or the bench would measure something else: the
 * radio groups on the product pages and "From $X" on the cards of the shop
 * with options, neither on the plain shop's.
 */
const expectShown =
  (shop: VariantsShop): ExpectShown =>
  (html, page, pagePath) => {
    const wanted = shop === "variants";
    const shows =
      page.label === "product" || page.label === VARIANT_PAGE
        ? { picker: html.includes(PICKER) }
        : page.label === "home"
          ? {}
          : { from: html.includes(">From $") };
    if (Object.values(shows).some((shown) => shown !== wanted))
      throw new Error(`${shop} shop's ${pagePath} shows ${JSON.stringify(shows)}`);
  };

/**
 * `--variants`: two shops of one engine at once, each loading the demo's
 * catalog on its first start and then importing it again through `npm run
 * catalog:import` (stock raised for the checkouts' count bound): as it is,
 * and with every product in two sizes and two scents (four variants). Each
 * is measured in a process started after its setup, in `rounds` alternating
 * rounds (bench/side-by-side.ts): POST /api/checkout, each line of the
 * second shop's carts naming a variant, then every page, the product page
 * also with `?variant=` (the plain shop's own product page beside it).
 * Ratios are the shop with options over the plain one in the same round.
 */
export async function benchVariants(
  options: CatalogRunOptions & { rounds: number },
): Promise<{ products: number; variants: number; categories: number; maxRequests: number; engines: VariantsEngine[] }> {
  const { generator, settings, rounds, postgresServer, workDir } = options;
  const dir = path.join(workDir, "variants");
  fs.mkdirSync(dir, { recursive: true });
  const plain = withStock(readDemoCatalog(), MAX_STOCK);
  const catalogs: Record<VariantsShop, CatalogDocument[]> = { plain, variants: withSizesAndScents(plain) };
  const throughput = pagesOf(plain).throughput;
  const product = throughput.find((page) => page.label === "product")!;
  const pages = [...throughput, variantPage(catalogs.variants, product)];
  const maxRequests = checkoutBoundFor(rounds);
  const engines: VariantsEngine[] = [];
  for (const engine of ["sqlite", "postgres"] as const) {
    const loadAtStart = os.loadavg()[0]!;
    const shops: (RoundPageShop<VariantsShop> & { bodies: ReturnType<typeof writeCheckoutBodies> })[] = [];
    const databases: BenchDatabase[] = [];
    try {
      for (const key of ["plain", "variants"] as const) {
        const database =
          engine === "postgres" ? await createBenchDatabase(postgresServer, `variants_${key}`) : undefined;
        if (database) databases.push(database);
        const data: ShopData = { dataDir: path.join(dir, `${engine}-${key}`), databaseUrl: database?.url };
        const file = writeCatalogFile(catalogs[key], path.join(dir, `${key}.json`));
        // The first start loads the demo catalog; the import then raises its stock, or gives it options.
        await withShop(data, () => importCatalogFile(file, data));
        shops.push({
          key,
          data,
          shop: await startShop(data),
          bodies: writeCheckoutBodies(catalogs[key], data.dataDir),
          pathOf: key === "plain" ? (page) => (page.label === VARIANT_PAGE ? product.path : page.path) : undefined,
          expectShown: expectShown(key),
        });
      }
      const [plainShop, variantsShop] = shops as [(typeof shops)[0], (typeof shops)[0]];
      const checkoutRuns = await checkoutInRounds(generator, shops, {
        settings,
        rounds,
        maxRequests,
        what: `variants on ${ENGINE[engine]}, checkout`,
      });
      const checkout = {
        plain: await checkoutRoundsFigure(checkoutRuns.get("plain")!, plainShop.shop, plainShop.data),
        variants: await checkoutRoundsFigure(checkoutRuns.get("variants")!, variantsShop.shop, variantsShop.data),
      };
      const measured = await pagesInRounds({
        generator,
        settings,
        engine,
        what: "variants",
        rounds,
        pages,
        shops: [plainShop, variantsShop],
      });
      // Stopped, each has written every line of its log.
      for (const { shop } of shops.splice(0)) await shop.stop();
      engines.push({
        engine,
        loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
        checkout: {
          shops: checkout,
          ratios: roundRatios(checkoutRuns.get("variants")!, checkoutRuns.get("plain")!),
        },
        pages: measured.pages,
        overall: measured.overall,
        pageCache: await measured.pageCache(),
      });
    } finally {
      for (const { shop } of shops) await shop.stop();
      for (const database of databases) await database.drop();
    }
  }
  return {
    products: productIdsOf(plain).length,
    variants: sellableUnitsOf(catalogs.variants),
    categories: plain.length,
    maxRequests,
    engines,
  };
}
