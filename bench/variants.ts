import fs from "node:fs";
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
import { type CatalogRunOptions, importCatalogFile, pagesOf } from "./catalog-run";
import { checkoutInRounds, checkoutRoundsFigure } from "./checkout";
import { writeCheckoutBodies } from "./checkout-bodies";
import type { ExpectShown } from "./page-rounds";
import type { PageToMeasure } from "./pages";
import type { BenchResults, CheckoutRoundsFigure, MeasuredOn, RoundPagesEngine, RoundRatios } from "./results";
import { checkoutBoundFor } from "./settings";
import { roundRatios } from "./side-by-side";
import { type Engine, twoShopsOnEachEngine } from "./two-shops";

/** The shop with options' checkout and pages against the plain one's. */
export interface VariantsEngine extends RoundPagesEngine<VariantsShop> {
  /** Each shop's checkout, and the shop with options' against the plain one's (orders/s, CPU per order). */
  checkout: {
    shops: Record<VariantsShop, CheckoutRoundsFigure>;
    ratios: { rate: RoundRatios; cpu: RoundRatios };
  };
}

/** `--variants`: checkout and pages of the demo's shop with every candle in sizes and scents against it as it is (issue #44). */
export interface VariantsResults extends MeasuredOn {
  settings: { connections: number; seconds: number; rounds: number; maxRequestsPerRun: number };
  shopEnv: BenchResults["shopEnv"];
  /** The demo's products and categories, and what the shop with options sells: its variants. */
  catalog: { products: number; variants: number; categories: number };
  engines: VariantsEngine[];
}

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
  options: CatalogRunOptions & { rounds: number; engines: readonly Engine[] },
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
  const engines = await twoShopsOnEachEngine({
    generator,
    settings,
    postgresServer,
    engines: options.engines,
    what: "variants",
    dir,
    keys: ["plain", "variants"] as const,
    rounds,
    pages,
    // The import raises the demo catalog's stock, or gives it options.
    setUp: async (_running, key, data) => {
      await importCatalogFile(writeCatalogFile(catalogs[key], path.join(dir, `${key}.json`)), data);
      return {
        bodies: writeCheckoutBodies(catalogs[key], data.dataDir),
        pathOf: key === "plain" ? (page) => (page.label === VARIANT_PAGE ? product.path : page.path) : undefined,
        expectShown: expectShown(key),
      };
    },
    measureFirst: async ([plainShop, variantsShop], engine) => {
      const runs = await checkoutInRounds(generator, [plainShop, variantsShop], {
        settings,
        rounds,
        maxRequests,
        what: `variants on ${ENGINE[engine]}, checkout`,
      });
      return {
        checkout: {
          shops: {
            plain: await checkoutRoundsFigure(runs.get("plain")!, plainShop.shop, plainShop.data),
            variants: await checkoutRoundsFigure(runs.get("variants")!, variantsShop.shop, variantsShop.data),
          },
          ratios: roundRatios(runs.get("variants")!, runs.get("plain")!),
        },
      };
    },
  });
  return {
    products: productIdsOf(plain).length,
    variants: sellableUnitsOf(catalogs.variants),
    categories: plain.length,
    maxRequests,
    engines,
  };
}
