/**
 * npm run bench [-- --quick] [-- --memory] [-- --out FILE] [-- --readme]
 * npm run bench -- --orders N [--quick] [--skip-checkout] [--out FILE] [--readme]
 * npm run bench -- --orders N --index-cost [--rounds R] [--out FILE]
 * npm run bench -- --checkout [--quick] [--out FILE] [--readme]
 * npm run bench -- --checkout-pricing [--quick] [--rounds R] [--out FILE] [--readme]
 * npm run bench -- --own-shop [--quick] [--rounds R] [--engine E] [--out FILE] [--readme]
 * npm run bench -- --variants [--quick] [--rounds R] [--engine E] [--out FILE] [--readme]
 * npm run bench -- --first-paint [--quick] [--rounds R] [--out FILE] [--readme]
 *
 * Measures the production build against this machine's limits and prints one
 * Markdown table, also written as FILE (JSON, default bench/results/latest.json,
 * quick.json with --quick, memory.json with --memory) and FILE's .md twin;
 * --readme puts the table in bench/README.md. --memory runs only the memory run, for
 * ten minutes at 64 connections. PostgreSQL: BENCH_DATABASE_URL names the server
 * (default postgres://postgres@127.0.0.1:5432); the bench creates and drops
 * its own databases there. --orders N measures the owner's side instead, on
 * a shop grown to N orders, on both engines (bench/back-office-run.ts;
 * default FILE bench/results/back-office.json, quick.back-office.json with
 * --quick). --index-cost measures only what the back office's indexes cost
 * a checkout on that shop, in R alternating pairs of runs (default 3;
 * bench/index-cost.ts; default FILE bench/results/index-cost.json).
 * --checkout measures only the main table's checkout figure, on each engine, with
 * each checkout from an address of its own and with all from one
 * (bench/checkout-run.ts; default FILE bench/results/checkout.json,
 * quick.checkout.json with --quick).
 * --checkout-pricing measures checkout with nothing set up, with a shipping
 * zone, rate and tax state, and with a discount code too, on three shops in
 * R alternating rounds, on each engine (bench/checkout-pricing.ts; default
 * FILE bench/results/checkout-pricing.json, quick.checkout-pricing.json with --quick).
 * --own-shop measures the storefront's pages on a fresh shop and on one
 * whose owner has saved a name, tagline and announcement and uploaded a logo
 * on /admin/settings, side by side in R alternating rounds (default 3), on
 * each engine, and how many of the load's requests the page cache answered
 * (within 5 % of the fresh shop's; bench/own-shop.ts; default
 * FILE bench/results/own-shop.json, quick.own-shop.json with --quick).
 * --variants measures checkout and the storefront's pages on the demo's shop
 * and on the same shop with every candle in two sizes and two scents (four
 * variants, imported by `npm run catalog:import`, each checkout line naming
 * one), side by side in R alternating rounds (default 3), on each engine:
 * orders/s and pages' req/s, and CPU per request, within 5 % of the plain
 * shop's (bench/variants.ts; default FILE
 * bench/results/variants.json, quick.variants.json with --quick).
 * --engine sqlite or --engine postgres runs --own-shop or --variants on that
 * engine alone.
 * --first-paint measures each browsing page in Lighthouse's mobile run
 * against the same page without its scripts (the floor, through a proxy
 * that takes them out), R runs each alternated (default 3), and when Add to
 * Cart first works on the product page on a phone on slow 4G, in R cold
 * loads, on the demo's catalog and the generated one of 10,000 products
 * (bench/first-paint.ts; default FILE bench/results/first-paint.json;
 * --quick: the demo's product page once, quick.first-paint.json).
 * The main run measures the generated catalog twice: 10,000 products, and
 * 2,500 products of 4 variants each (the same 10,000 things to sell), each
 * row of the latter beside the former's (bench/catalog-run.ts); --quick
 * measures the demo and a small generated catalog in sizes and scents.
 * bench/README.md says what each mode measures, and how.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureFreshBuild } from "../scripts/ensure-build";
import { SERVER_NODE_FLAGS } from "../scripts/server-command";
import { repoRoot } from "../tests/helpers/run-script";
import { SLOW_4G } from "./add-to-cart";
import { type BackOfficeResults, benchBackOffice } from "./back-office-run";
import { renderBackOfficeTable } from "./back-office-table";
import { benchCatalog, benchMemory, type CatalogName } from "./catalog-run";
import { benchCheckoutAddresses, type CheckoutResults } from "./checkout-run";
import { renderCheckoutTable } from "./checkout-table";
import { benchCheckoutPricing, type CheckoutPricingResults } from "./checkout-pricing";
import { renderCheckoutPricingTable } from "./checkout-pricing-table";
import { benchFirstPaint } from "./first-paint";
import { renderFirstPaintTable } from "./first-paint-table";
import { benchIndexCost, type IndexCostResults } from "./index-cost";
import { renderIndexCostTable } from "./index-cost-table";
import { pickLoadGenerator } from "./load";
import { benchOwnShop, OWN_LOGO, OWN_SHOP, type OwnShopResults } from "./own-shop";
import { renderOwnShopTable } from "./own-shop-table";
import { DEFAULT_POSTGRES_URL } from "./postgres";
import { BENCH_README, writeIntoReadme } from "./readme";
import { PRICING_SETUP } from "./pricing-setup";
import type { BenchResults, FirstPaintResults } from "./results";
import { backOfficeSettings, benchSettings } from "./settings";
import { benchVariants, type VariantsResults } from "./variants";
import { renderVariantsTable } from "./variants-table";
import { liftedLimits } from "./shop-server";
import { BOTH_ENGINES } from "./two-shops";
import { renderTable } from "./table";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    memory: { type: "boolean", default: false },
    out: { type: "string" },
    readme: { type: "boolean", default: false },
    orders: { type: "string" },
    "skip-checkout": { type: "boolean", default: false },
    "index-cost": { type: "boolean", default: false },
    rounds: { type: "string", default: "3" },
    checkout: { type: "boolean", default: false },
    "checkout-pricing": { type: "boolean", default: false },
    "own-shop": { type: "boolean", default: false },
    variants: { type: "boolean", default: false },
    "first-paint": { type: "boolean", default: false },
    engine: { type: "string" },
  },
});
const settings = benchSettings({ quick: values.quick, memory: values.memory });
const orders = values.orders === undefined ? undefined : Number(values.orders.replaceAll(/[_,]/g, ""));
if (orders !== undefined && !(Number.isInteger(orders) && orders >= 100))
  throw new Error(`--orders wants a whole number of at least 100, not ${values.orders}`);
/** The modes that run alone, each with its own results file. */
const aloneMode = (["checkout", "checkout-pricing", "own-shop", "variants", "first-paint"] as const).find(
  (mode) => values[mode],
);
const mainOut = values.memory
  ? "memory.json"
  : aloneMode
    ? `${values.quick ? "quick." : ""}${aloneMode}.json`
    : values.quick
      ? "quick.json"
      : "latest.json";
const rounds = Number(values.rounds);
if (!(Number.isInteger(rounds) && rounds >= 1 && rounds <= 20))
  throw new Error(`--rounds wants a whole number from 1 to 20, not ${values.rounds}`);
if (values["index-cost"] && orders === undefined)
  throw new Error("--index-cost measures a grown shop: give --orders N too");
if (values.checkout && (orders !== undefined || values.memory))
  throw new Error("--checkout runs alone: leave out --orders and --memory");
if (values["checkout-pricing"] && (orders !== undefined || values.memory || values.checkout))
  throw new Error("--checkout-pricing runs alone: leave out --orders, --memory and --checkout");
if (values["own-shop"] && (orders !== undefined || values.memory || values.checkout || values["checkout-pricing"]))
  throw new Error("--own-shop runs alone: leave out --orders, --memory, --checkout and --checkout-pricing");
if (
  values.variants &&
  (orders !== undefined || values.memory || values.checkout || values["checkout-pricing"] || values["own-shop"])
)
  throw new Error("--variants runs alone: leave out --orders, --memory, --checkout, --checkout-pricing and --own-shop");
if (values["first-paint"] && (orders !== undefined || values.memory || (aloneMode && aloneMode !== "first-paint")))
  throw new Error("--first-paint runs alone: leave out --orders, --memory and the other modes");
const enginesToMeasure =
  values.engine === undefined ? BOTH_ENGINES : BOTH_ENGINES.filter((engine) => engine === values.engine);
if (enginesToMeasure.length === 0) throw new Error(`--engine wants sqlite or postgres, not ${values.engine}`);
if (values.engine !== undefined && aloneMode !== "own-shop" && aloneMode !== "variants")
  throw new Error("--engine is for --own-shop and --variants: the other modes measure both engines");
const backOfficeOut = values["index-cost"] ? "index-cost.json" : "back-office.json";
const defaultOut = orders === undefined ? mainOut : `${values.quick ? "quick." : ""}${backOfficeOut}`;
const out = path.resolve(values.out ?? path.join(repoRoot, "bench/results", defaultOut));
const postgresServer = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;

ensureFreshBuild();
const generator = pickLoadGenerator();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-bench-"));
const date = new Date().toISOString();
const loadAtStart = os.loadavg()[0]!;
const machine = {
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model.trim() ?? "unknown",
  memoryBytes: os.totalmem(),
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
};

/** What every storefront report starts with: when, where, under what load and with which load generator. */
const measuredOn = () => ({
  date,
  quick: settings.quick,
  machine,
  loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
  loadGenerator: { name: generator.name, version: generator.version },
});

/** The owner's side on a shop grown to `orders` orders, SQLite then PostgreSQL. */
async function backOfficeReport(orders: number) {
  const backOffice = backOfficeSettings({ quick: values.quick, orders, checkout: !values["skip-checkout"] });
  const options = { settings: backOffice, checkoutSettings: settings, generator, postgresServer, workDir };
  const engines = [await benchBackOffice("sqlite", options), await benchBackOffice("postgres", options)];
  const results: BackOfficeResults = {
    date,
    quick: values.quick,
    orders,
    machine,
    loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
    settings: {
      requestsPerPage: backOffice.requestsPerPage,
      pageSeconds: backOffice.pageSeconds,
      deepPage: backOffice.deepPage,
      csvSeconds: backOffice.csvSeconds,
      probeIntervalMs: backOffice.probeIntervalMs,
      serverFlags: SERVER_NODE_FLAGS,
    },
    checkoutLoad: {
      generator: `${generator.name} ${generator.version}`,
      connections: settings.connections,
      seconds: settings.seconds,
      repeats: settings.repeats,
    },
    engines,
  };
  const table = renderBackOfficeTable(results);
  // The bench's README says how large a shop its figures were taken on.
  return {
    results,
    table,
    block: "bench-orders",
    readme: `#### At ${orders.toLocaleString("en-US")} orders\n\n${table}`,
  };
}

/** What the back office's indexes cost a checkout on a shop grown to `orders` orders, SQLite then PostgreSQL. */
async function indexCostReport(orders: number) {
  const backOffice = backOfficeSettings({ quick: values.quick, orders, checkout: true });
  const options = { settings: backOffice, checkoutSettings: settings, generator, postgresServer, workDir, rounds };
  const results: IndexCostResults = {
    date,
    orders,
    machine,
    loadAverage: { start: loadAtStart, end: 0 },
    checkoutLoad: {
      generator: `${generator.name} ${generator.version}`,
      connections: settings.connections,
      seconds: settings.seconds,
      repeats: settings.repeats,
    },
    rounds,
    engines: [await benchIndexCost("sqlite", options), await benchIndexCost("postgres", options)],
  };
  results.loadAverage.end = os.loadavg()[0]!;
  const table = renderIndexCostTable(results);
  return { results, table, block: "bench-index-cost", readme: table };
}

/** The main table's checkout figure alone: each engine, an address per checkout and one for all. */
async function checkoutReport() {
  const { products, categories, figures } = await benchCheckoutAddresses({
    generator,
    settings,
    postgresServer,
    workDir,
  });
  const results: CheckoutResults = {
    ...measuredOn(),
    settings: {
      connections: settings.connections,
      seconds: settings.seconds,
      repeats: settings.repeats,
      maxRequestsPerRun: settings.checkoutBound,
    },
    shopEnv: liftedLimits,
    catalog: { products, categories },
    figures,
  };
  const table = renderCheckoutTable(results);
  return { results, table, block: "bench-checkout", readme: table };
}

/** Checkout with nothing set up, with shipping and tax, and with a code too: each engine, alternating rounds. */
async function checkoutPricingReport() {
  const { products, categories, maxRequests, engines } = await benchCheckoutPricing({
    generator,
    settings,
    rounds,
    postgresServer,
    workDir,
  });
  const results: CheckoutPricingResults = {
    ...measuredOn(),
    settings: { connections: settings.connections, seconds: settings.seconds, rounds, maxRequestsPerRun: maxRequests },
    shopEnv: liftedLimits,
    catalog: { products, categories },
    setup: PRICING_SETUP,
    engines,
  };
  const table = renderCheckoutPricingTable(results);
  return { results, table, block: "bench-checkout-pricing", readme: table };
}

/** Page throughput of a shop with her name, logo and announcement against a fresh shop's: each engine, alternating rounds. */
async function ownShopReport() {
  const { products, categories, logo, engines } = await benchOwnShop({
    generator,
    settings,
    rounds,
    engines: enginesToMeasure,
    postgresServer,
    workDir,
  });
  const results: OwnShopResults = {
    ...measuredOn(),
    settings: { connections: settings.connections, seconds: settings.seconds, rounds },
    shopEnv: liftedLimits,
    catalog: { products, categories },
    setup: OWN_SHOP,
    logo: { bytes: logo.length, ...OWN_LOGO },
    engines,
  };
  const table = renderOwnShopTable(results);
  return { results, table, block: "bench-own-shop", readme: table };
}

/** Checkout and pages of the demo's shop with sizes and scents against it as it is: each engine, alternating rounds. */
async function variantsReport() {
  const { maxRequests, engines, ...catalog } = await benchVariants({
    generator,
    settings,
    rounds,
    engines: enginesToMeasure,
    postgresServer,
    workDir,
  });
  const results: VariantsResults = {
    ...measuredOn(),
    settings: { connections: settings.connections, seconds: settings.seconds, rounds, maxRequestsPerRun: maxRequests },
    shopEnv: liftedLimits,
    catalog,
    engines,
  };
  const table = renderVariantsTable(results);
  return { results, table, block: "bench-variants", readme: table };
}

/** Each browsing page's LCP beside its floor without scripts, and when Add to Cart first works on slow 4G. */
async function firstPaintReport() {
  const runs = values.quick ? 1 : rounds;
  const catalogs = await benchFirstPaint({ quick: values.quick, rounds: runs, workDir });
  const results: FirstPaintResults = {
    ...measuredOn(),
    settings: { lighthouseRuns: runs, addToCartRuns: runs, throttling: SLOW_4G },
    catalogs,
  };
  const table = renderFirstPaintTable(results);
  return { results, table, block: "bench-first-paint", readme: table };
}

async function mainReport() {
  const catalogs = [];
  if (!settings.memoryOnly) {
    // --quick checks that the bench works: the generated catalog in sizes and scents, small, runs every step the
    // one of 10,000 products does, so the latter is left to the full run.
    const names: CatalogName[] = settings.quick ? ["demo", "large-variants"] : ["demo", "large", "large-variants"];
    for (const name of names) catalogs.push(await benchCatalog(name, { generator, settings, postgresServer, workDir }));
  }
  const leak = await benchMemory({ generator, settings, workDir });
  const results: BenchResults = {
    ...measuredOn(),
    settings: {
      connections: settings.connections,
      seconds: settings.seconds,
      repeats: settings.repeats,
      browserLoads: settings.browserLoads,
      lighthouseRuns: settings.lighthouseRuns,
      leakSeconds: settings.leakSeconds,
    },
    shopEnv: liftedLimits,
    catalogs,
    leak,
  };
  const table = renderTable(results);
  return { results, table, block: "bench", readme: table };
}

try {
  const report =
    orders !== undefined
      ? values["index-cost"]
        ? indexCostReport(orders)
        : backOfficeReport(orders)
      : values.checkout
        ? checkoutReport()
        : values["checkout-pricing"]
          ? checkoutPricingReport()
          : values["own-shop"]
            ? ownShopReport()
            : values.variants
              ? variantsReport()
              : values["first-paint"]
                ? firstPaintReport()
                : mainReport();
  const { results, table, block, readme } = await report;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(results, null, 2) + "\n");
  fs.writeFileSync(out.replace(/\.json$/, "") + ".md", table);
  if (values.readme) writeIntoReadme(path.join(repoRoot, BENCH_README), readme, block);
  console.log(table);
  console.error(`Written to ${out}${values.readme ? ` and ${BENCH_README}` : ""}.`);
} catch (error) {
  console.error(`The bench stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
