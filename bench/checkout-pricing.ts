import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENGINE } from "./back-office-run";
import { productIdsOf } from "./catalog-generator";
import { type CatalogRunOptions, importCatalogFile, prepareCatalog, progress, withShop } from "./catalog-run";
import { checkoutInRounds, checkoutRoundsFigure } from "./checkout";
import { catalogCarts, type CheckoutBodies } from "./checkout-bodies";
import { type BenchDatabase, createBenchDatabase } from "./postgres";
import { type PRICING_SETUP, type PricingVariant, pricedBodies, setUpPricing } from "./pricing-setup";
import type { BenchResults, CheckoutRoundsFigure, RoundRatios } from "./results";
import { checkoutBoundFor } from "./settings";
import { type ShopData, type ShopServer, startShop } from "./shop-server";
import { roundRatios } from "./side-by-side";

/** One setup of `--checkout-pricing` on one engine: its shop's checkout in each round. */
export interface PricingVariantFigure extends CheckoutRoundsFigure {
  variant: PricingVariant;
}

export interface CheckoutPricingEngine {
  engine: "sqlite" | "postgres";
  loadAverage: BenchResults["loadAverage"];
  variants: PricingVariantFigure[];
  /**
   * Orders per second (above 1: faster) and the shop's CPU time per order
   * (above 1: dearer): shipping and tax against nothing set up (issue #31),
   * the code against the same setup without it (issue #33), and the code
   * against nothing set up.
   */
  ratios: Record<"shipping_tax" | "code" | "code_against_none", { rate: RoundRatios; cpu: RoundRatios }>;
}

/** `--checkout-pricing`: checkout with nothing set up, with shipping and tax, and with a code too (issues #31 and #33). */
export interface CheckoutPricingResults {
  date: string;
  quick: boolean;
  machine: BenchResults["machine"];
  loadAverage: BenchResults["loadAverage"];
  loadGenerator: BenchResults["loadGenerator"];
  settings: { connections: number; seconds: number; rounds: number; maxRequestsPerRun: number };
  shopEnv: BenchResults["shopEnv"];
  catalog: { products: number; categories: number };
  setup: typeof PRICING_SETUP;
  engines: CheckoutPricingEngine[];
}

const VARIANTS = ["none", "shipping_tax", "code"] as const satisfies PricingVariant[];

interface VariantShop {
  variant: PricingVariant;
  data: ShopData;
  shop: ShopServer;
  bodies: CheckoutBodies;
}

/**
 * `--checkout-pricing`: POST /api/checkout on three shops of one engine at
 * once, each with the demo catalog (stock raised by an import) and one
 * setup of VARIANTS, in `rounds` rounds. Each round runs every shop once,
 * starting from the next variant each time (a, b, c; b, c, a; …) and each
 * run once every shop is idle, so load from the rest of the machine weighs
 * on all three alike; a round's ratios compare runs seconds apart.
 */
export async function benchCheckoutPricing(
  options: CatalogRunOptions & { rounds: number },
): Promise<{ products: number; categories: number; maxRequests: number; engines: CheckoutPricingEngine[] }> {
  const { generator, settings, rounds, postgresServer, workDir } = options;
  const dir = path.join(workDir, "checkout-pricing");
  const { catalog, file } = prepareCatalog("demo", dir);
  const carts = catalogCarts(catalog);
  const maxRequests = checkoutBoundFor(rounds);
  const engines: CheckoutPricingEngine[] = [];
  for (const engine of ["sqlite", "postgres"] as const) {
    const loadAtStart = os.loadavg()[0]!;
    const shops: VariantShop[] = [];
    const started: ShopServer[] = [];
    const databases: BenchDatabase[] = [];
    try {
      for (const variant of VARIANTS) {
        const database =
          engine === "postgres" ? await createBenchDatabase(postgresServer, `pricing_${variant}`) : undefined;
        if (database) databases.push(database);
        const data: ShopData = { dataDir: path.join(dir, `${engine}-${variant}`), databaseUrl: database?.url };
        fs.mkdirSync(data.dataDir, { recursive: true });
        const bodiesDir = path.join(dir, `${engine}-${variant}-bodies`);
        fs.mkdirSync(bodiesDir, { recursive: true });
        const bodies = await withShop(data, async (setUp) => {
          await importCatalogFile(file, data);
          progress(`checkout pricing on ${ENGINE[engine]}: setting up ${variant}`);
          await setUpPricing(setUp.url, data, variant);
          return pricedBodies(setUp.url, carts, variant, bodiesDir);
        });
        // Measured in a process started afresh, as after a deploy. Measured in the one that served the owner's
        // sign-in, her back-office forms and the quotes (which the shop with nothing set up never serves), (b)
        // ran at 0.77–0.88 of (a) with 14–18 % more CPU per order, where alone on the machine it ran at (a)'s rate.
        const shop = await startShop(data);
        started.push(shop);
        shops.push({ variant, data, shop, bodies });
      }
      const runs = await checkoutInRounds(
        generator,
        shops.map(({ variant, shop, bodies }) => ({ key: variant, shop, bodies })),
        { settings, rounds, maxRequests, what: `checkout pricing on ${ENGINE[engine]}` },
      );
      const variants: PricingVariantFigure[] = [];
      for (const { variant, data, shop } of shops)
        variants.push({ variant, ...(await checkoutRoundsFigure(runs.get(variant)!, shop, data)) });
      const ratiosOf = (variant: PricingVariant, base: PricingVariant) =>
        roundRatios(runs.get(variant)!, runs.get(base)!);
      engines.push({
        engine,
        loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
        variants,
        // What each issue compares: #31 shipping and tax with nothing set up, #33 a code with the same shop without one.
        ratios: {
          shipping_tax: ratiosOf("shipping_tax", "none"),
          code: ratiosOf("code", "shipping_tax"),
          code_against_none: ratiosOf("code", "none"),
        },
      });
    } finally {
      for (const shop of started) await shop.stop();
      for (const database of databases) await database.drop();
    }
  }
  return { products: productIdsOf(catalog).length, categories: catalog.length, maxRequests, engines };
}
