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
import { repoRoot } from "../tests/helpers/run-script";
import { backOfficeReport } from "./back-office-table";
import { checkoutReport } from "./checkout-table";
import { checkoutPricingReport } from "./checkout-pricing-table";
import { firstPaintReport } from "./first-paint-table";
import { indexCostReport } from "./index-cost-table";
import { pickLoadGenerator } from "./load";
import { ownShopReport } from "./own-shop-table";
import { DEFAULT_POSTGRES_URL } from "./postgres";
import { BENCH_README, writeIntoReadme } from "./readme";
import type { ReportRun } from "./report";
import { benchSettings } from "./settings";
import { mainReport } from "./table";
import { BOTH_ENGINES } from "./two-shops";
import { variantsReport } from "./variants-table";

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
const run: ReportRun = {
  settings,
  generator,
  postgresServer,
  workDir,
  quick: values.quick,
  rounds,
  engines: enginesToMeasure,
  skipCheckout: values["skip-checkout"],
  date: new Date().toISOString(),
  machine: {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? "unknown",
    memoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  },
  loadAtStart: os.loadavg()[0]!,
};

try {
  const report =
    orders !== undefined
      ? values["index-cost"]
        ? indexCostReport(run, orders)
        : backOfficeReport(run, orders)
      : values.checkout
        ? checkoutReport(run)
        : values["checkout-pricing"]
          ? checkoutPricingReport(run)
          : values["own-shop"]
            ? ownShopReport(run)
            : values.variants
              ? variantsReport(run)
              : values["first-paint"]
                ? firstPaintReport(run)
                : mainReport(run);
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
