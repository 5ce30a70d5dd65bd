import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { productIdsOf } from "./catalog-generator";
import { importCatalogFile, prepareCatalog, progress } from "./catalog-run";
import { payForSomeOrders } from "./checkout";
import { type CheckoutBodies, checkoutCarts } from "./checkout-bodies";
import { checkStockInvariant } from "./invariant";
import type { LoadGenerator } from "./load";
import { type BenchDatabase, createBenchDatabase } from "./postgres";
import { type PricingVariant, pricedBodies, setUpPricing } from "./pricing-setup";
import { waitUntilIdle } from "./process";
import type { CheckoutPricingEngine, PricingVariantFigure, Throughput } from "./results";
import { type BenchSettings, checkoutBoundFor } from "./settings";
import { type ShopData, type ShopServer, startShop } from "./shop-server";
import { answeredRun } from "./side-by-side";
import { median, medianBy, ratio } from "./stats";

const ENGINE = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;
export const VARIANTS = ["none", "shipping_tax", "code"] as const satisfies PricingVariant[];

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
export async function benchCheckoutPricing(options: {
  generator: LoadGenerator;
  settings: BenchSettings;
  rounds: number;
  postgresServer: string;
  workDir: string;
}): Promise<{ products: number; categories: number; maxRequests: number; engines: CheckoutPricingEngine[] }> {
  const { generator, settings, rounds, postgresServer, workDir } = options;
  const dir = path.join(workDir, "checkout-pricing");
  const { catalog, file } = prepareCatalog("demo", dir);
  const carts = checkoutCarts(productIdsOf(catalog));
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
        const shop = await startShop(data);
        started.push(shop);
        await importCatalogFile(file, data);
        progress(`checkout pricing on ${ENGINE[engine]}: setting up ${variant}`);
        await setUpPricing(shop.url, data, variant);
        const bodiesDir = path.join(dir, `${engine}-${variant}-bodies`);
        fs.mkdirSync(bodiesDir, { recursive: true });
        shops.push({ variant, data, shop, bodies: await pricedBodies(shop.url, carts, variant, bodiesDir) });
      }
      const runs = await alternatingRounds(generator, shops, { settings, rounds, maxRequests, engine });
      const variants: PricingVariantFigure[] = [];
      for (const { variant, data, shop } of shops) {
        await payForSomeOrders(shop.url, data);
        const own = runs.get(variant)!;
        variants.push({
          variant,
          median: medianBy(own, (run) => run.requestsPerSecond),
          rounds: own.map((run) => run.requestsPerSecond),
          invariant: await checkStockInvariant(data),
        });
      }
      const against = (variant: PricingVariant) => {
        const each = runs
          .get(variant)!
          .map((run, round) => ratio(run.requestsPerSecond, runs.get("none")![round]!.requestsPerSecond));
        return { rounds: each, median: median(each) };
      };
      engines.push({
        engine,
        loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
        variants,
        ratios: { shipping_tax: against("shipping_tax"), code: against("code") },
      });
    } finally {
      for (const shop of started) await shop.stop();
      for (const database of databases) await database.drop();
    }
  }
  return { products: productIdsOf(catalog).length, categories: catalog.length, maxRequests, engines };
}

/** Every shop's runs, by variant, in round order. */
async function alternatingRounds(
  generator: LoadGenerator,
  shops: VariantShop[],
  options: { settings: BenchSettings; rounds: number; maxRequests: number; engine: keyof typeof ENGINE },
) {
  const { settings, rounds, maxRequests, engine } = options;
  const pids = shops.map(({ shop }) => shop.pid);
  const runs = new Map<PricingVariant, Throughput[]>(shops.map(({ variant }) => [variant, []]));
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < shops.length; turn++) {
      const { variant, shop, bodies } = shops[(round + turn) % shops.length]!;
      await waitUntilIdle(pids);
      const workload = { kind: "checkout" as const, bodies, maxRequests, addresses: "own" as const };
      const run = await answeredRun(generator, shop, workload, settings.connections, settings.seconds);
      runs.get(variant)!.push(run);
      progress(
        `checkout pricing on ${ENGINE[engine]}, round ${round + 1}, ${variant}: ${Math.round(run.requestsPerSecond)} orders/s`,
      );
    }
  }
  return runs;
}
