import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENGINE } from "./back-office-run";
import { productIdsOf } from "./catalog-generator";
import { importCatalogFile, prepareCatalog, progress, withShop } from "./catalog-run";
import { payForSomeOrders } from "./checkout";
import { type CheckoutBodies, checkoutCarts } from "./checkout-bodies";
import { checkStockInvariant } from "./invariant";
import type { LoadGenerator } from "./load";
import { type BenchDatabase, createBenchDatabase } from "./postgres";
import { type PricingVariant, pricedBodies, setUpPricing } from "./pricing-setup";
import { cpuMs, waitUntilIdle } from "./process";
import type { CheckoutPricingEngine, PricingVariantFigure, Throughput } from "./results";
import { type BenchSettings, checkoutBoundFor } from "./settings";
import { type ShopData, type ShopServer, startShop } from "./shop-server";
import { answeredRun } from "./side-by-side";
import { median, medianBy, ratio } from "./stats";

const VARIANTS = ["none", "shipping_tax", "code"] as const satisfies PricingVariant[];

/** One run, and the shop's CPU time per order it placed (a rate moves with the machine's load; this much less). */
type VariantRun = Throughput & { cpuMsPerOrder: number };

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
      const runs = await alternatingRounds(generator, shops, { settings, rounds, maxRequests, engine });
      const variants: PricingVariantFigure[] = [];
      for (const { variant, data, shop } of shops) {
        await payForSomeOrders(shop.url, data);
        const own = runs.get(variant)!;
        const { cpuMsPerOrder: _, ...middle } = medianBy(own, (run) => run.requestsPerSecond);
        variants.push({
          variant,
          median: middle,
          rounds: own.map((run) => run.requestsPerSecond),
          cpuMsPerOrder: own.map((run) => run.cpuMsPerOrder),
          invariant: await checkStockInvariant(data),
        });
      }
      // Each round's figure over the same round's of `base`, and their median.
      const against = (variant: PricingVariant, base: PricingVariant, figure: (run: VariantRun) => number) => {
        const each = runs.get(variant)!.map((run, round) => ratio(figure(run), figure(runs.get(base)![round]!)));
        return { rounds: each, median: median(each) };
      };
      const ratiosOf = (variant: PricingVariant, base: PricingVariant) => ({
        rate: against(variant, base, (run) => run.requestsPerSecond),
        cpu: against(variant, base, (run) => run.cpuMsPerOrder),
      });
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

/** Every shop's runs, by variant, in round order. */
async function alternatingRounds(
  generator: LoadGenerator,
  shops: VariantShop[],
  options: { settings: BenchSettings; rounds: number; maxRequests: number; engine: keyof typeof ENGINE },
) {
  const { settings, rounds, maxRequests, engine } = options;
  const pids = shops.map(({ shop }) => shop.pid);
  const runs = new Map<PricingVariant, VariantRun[]>(shops.map(({ variant }) => [variant, []]));
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < shops.length; turn++) {
      const { variant, shop, bodies } = shops[(round + turn) % shops.length]!;
      await waitUntilIdle(pids);
      const workload = { kind: "checkout" as const, bodies, maxRequests, addresses: "own" as const };
      const cpuBefore = cpuMs(shop.pid);
      const run = await answeredRun(generator, shop, workload, settings.connections, settings.seconds);
      // The checkouts the load sent last are finished too: their time is the run's.
      await waitUntilIdle([shop.pid]);
      const cpuMsPerOrder = run.requests > 0 ? (cpuMs(shop.pid) - cpuBefore) / run.requests : 0;
      runs.get(variant)!.push({ ...run, cpuMsPerOrder });
      progress(
        `checkout pricing on ${ENGINE[engine]}, round ${round + 1}, ${variant}: ${Math.round(run.requestsPerSecond)} orders/s, ${cpuMsPerOrder.toFixed(2)} ms of the shop's CPU each`,
      );
    }
  }
  return runs;
}
