import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "~/.server/config";
import { newCredentials, signedUp } from "../tests/helpers/accounts";
import { BrowserSession } from "../tests/helpers/browser-session";
import { MAX_STOCK, readDemoCatalog, withStock, writeCatalogFile } from "./catalog-generator";
import { importCatalogFile, progress, withShop } from "./catalog-run";
import { measureCheckout } from "./checkout";
import { writeCheckoutBodies } from "./checkout-bodies";
import { measureCsvExport } from "./csv-export";
import { databaseBytes, growShop } from "./grow-shop";
import { checkStockInvariant } from "./invariant";
import { createOwner, signedInCookie } from "./owner";
import type { LoadGenerator } from "./load";
import { deepOrdersPage, type OwnerPage, timeOwnerPage } from "./owner-pages";
import { waitForPruning, waitForSearchIndex } from "./pruning-wait";
import { type BenchDatabase, createBenchDatabase } from "./postgres";
import type { BenchResults, CheckoutFigure, StockInvariant } from "./results";
import type { BackOfficeSettings, BenchSettings } from "./settings";
import { liftedLimits, type ShopData, shopEnv, type ShopServer, startShop } from "./shop-server";

/** One back-office page, asked for one request after another (after one to warm up). */
export interface OwnerPageFigure {
  label: string;
  path: string;
  requests: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** Compressed, as a browser gets it. */
  bytes: number;
  /** How the page was reached, when that needs saying (the deep page: by ?page= or by following "Older"). */
  note?: string;
  /** Why it could not be measured (an answer other than 200, the server gone). */
  failed?: string;
}

/** The full orders CSV, downloaded while a storefront page is asked for every few hundred milliseconds. */
export interface CsvExportFigure {
  status: number | null;
  firstByteMs: number | null;
  totalMs: number | null;
  bytes: number;
  /** Of the server process, sampled from /proc throughout. */
  /** The server's RSS when the download began, and its peak during it. */
  startRssBytes: number;
  peakRssBytes: number;
  /** "the server died: …" with what it printed last, or how the download failed. */
  failed?: string;
  storefront: {
    path: string;
    intervalMs: number;
    asked: number;
    answered: number;
    medianMs: number | null;
    p95Ms: number | null;
    maxMs: number | null;
  };
}

export interface GrownShopFigures {
  seconds: number;
  databaseBytes: number;
  /** DESIGN.md's stock invariant on the grown shop: the history is consistent. */
  invariant?: StockInvariant;
  counts: {
    orders: number;
    lines: number;
    emails: number;
    paymentEvents: number;
    refunds: number;
    activity: number;
    stockAdjustments: number;
    accounts: number;
  };
}

export interface BackOfficeEngineFigures {
  engine: "sqlite" | "postgres";
  grown: GrownShopFigures;
  pages: OwnerPageFigure[];
  csv: CsvExportFigure;
  /** On disk once the shop has run its jobs (pruning among them) through the pages and the CSV, before the checkout adds orders. */
  /** The server's first pruning of the sent emails older than OUTBOX_KEEP_DAYS, and the database's size after it. */
  pruning: { seconds: number; done: boolean; bytes: number };
  databaseAfterRun: { bytes: number; serverSeconds: number };
  /** On the grown shop, as the main bench measures it; absent with --no-checkout. */
  checkout?: CheckoutFigure;
}

export interface BackOfficeResults {
  date: string;
  quick: boolean;
  orders: number;
  machine: BenchResults["machine"];
  loadAverage: BenchResults["loadAverage"];
  settings: {
    requestsPerPage: number;
    pageSeconds: number;
    deepPage: number;
    csvSeconds: number;
    probeIntervalMs: number;
    serverFlags: string[];
  };
  /** The checkout's load: compare its ratio only with one measured the same way. */
  checkoutLoad: { generator: string; connections: number; seconds: number; repeats: number };
  engines: BackOfficeEngineFigures[];
}

/** The shopper whose /account the bench opens: a regular with this many orders. */
const REGULAR_ORDERS = 200;
export const ENGINE = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;
/** How long the bench waits for the server's first pruning of a grown shop's old emails. */
const PRUNING_TIMEOUT_MS = 20 * 60_000;

export interface BackOfficeRunOptions {
  settings: BackOfficeSettings;
  /** The main bench's settings, for the checkout run. */
  checkoutSettings: BenchSettings;
  generator: LoadGenerator;
  postgresServer: string;
  workDir: string;
}

/** POST /api/checkout beside its limit, as the main bench measures it, on the grown shop (stock raised by an import first). */
export async function checkoutOnGrownShop(
  shop: ShopServer,
  data: ShopData,
  database: BenchDatabase | undefined,
  options: BackOfficeRunOptions,
  dir: string,
) {
  const catalog = withStock(readDemoCatalog(), MAX_STOCK);
  await importCatalogFile(writeCatalogFile(catalog, path.join(dir, "catalog.json")), data);
  return measureCheckout({
    generator: options.generator,
    shop,
    shopData: data,
    limitDatabaseUrl: database
      ? await database.schemaUrl(`bench_limit_${path.basename(dir).replaceAll("-", "_")}`)
      : undefined,
    catalog,
    bodies: writeCheckoutBodies(catalog, dir),
    settings: options.checkoutSettings,
    dir: path.join(dir, "checkout"),
  });
}

const isGone = (shop: ShopServer) => shop.child.exitCode !== null || shop.child.signalCode !== null;

/**
 * A shop set up as it sets itself up (its first start migrates and loads the
 * demo catalog; a shopper signs up over HTTP; owner:create makes the owner),
 * then grown to `settings.orders` orders and checked against the stock invariant.
 */
export async function setUpAndGrow(engine: "sqlite" | "postgres", data: ShopData, settings: BackOfficeSettings) {
  const config = loadConfig({ ...shopEnv(data), ...liftedLimits });
  const regular = newCredentials("Rosa Whitaker");
  const owner = { ...newCredentials("Mara Wick"), password: "poured-by-hand-2029" };
  await withShop(data, (shop) =>
    Promise.all([signedUp(new BrowserSession(shop.url), regular), createOwner(data, owner)]),
  );
  progress(`${ENGINE[engine]}: growing the shop to ${settings.orders.toLocaleString("en-US")} orders`);
  const { samples, ...grown } = await growShop(data, {
    orders: settings.orders,
    regular: { email: regular.email, orders: REGULAR_ORDERS },
    ownerEmail: owner.email,
    shopEmail: config.shopEmail,
    reservationMs: config.reservationMs,
  });
  grown.invariant = await checkStockInvariant(data);
  progress(
    `${ENGINE[engine]}: grown in ${grown.seconds.toFixed(1)} s, ${(grown.databaseBytes / 1024 ** 2).toFixed(0)} MB: ${JSON.stringify(grown.counts)}`,
  );
  return { grown, samples, regular, owner, keepDays: config.outboxKeepDays };
}

/** The owner signed in, and the pages the table shows in its order (/account as the regular sees it). */
async function ownerPagesOf(
  shopUrl: string,
  grown: Awaited<ReturnType<typeof setUpAndGrow>>,
  settings: BackOfficeSettings,
) {
  const { samples } = grown;
  const cookie = await signedInCookie(shopUrl, grown.owner);
  const deep = await deepOrdersPage(shopUrl, cookie, settings);
  const search = (text: string) => `/admin/orders?q=${encodeURIComponent(text)}`;
  const pages: OwnerPage[] = [
    { label: "Today", path: "/admin", cookie },
    { label: "orders list", path: "/admin/orders", cookie },
    { label: "orders list, deep page", path: deep.path, cookie, note: deep.note },
    { label: "search by name", path: search(samples.name), cookie },
    { label: "search by email", path: search(samples.email), cookie },
    { label: "search by order number", path: search(samples.number), cookie },
    { label: "an order's page", path: `/admin/orders/${samples.number}`, cookie },
    { label: "activity", path: "/admin/activity", cookie },
    {
      label: `account with ${REGULAR_ORDERS} orders`,
      path: "/account",
      cookie: await signedInCookie(shopUrl, grown.regular),
    },
    { label: "products", path: "/admin/products", cookie },
    { label: "sales tax (report and sales by state)", path: "/admin/tax", cookie },
  ];
  return { ownerCookie: cookie, pages };
}

/**
 * The owner's side on one engine, on a grown shop: each back-office page,
 * the full CSV with the storefront beside it, and the checkout.
 */
export async function benchBackOffice(
  engine: "sqlite" | "postgres",
  options: BackOfficeRunOptions,
): Promise<BackOfficeEngineFigures> {
  const { settings } = options;
  const dir = path.join(options.workDir, `orders-${engine}`);
  fs.mkdirSync(dir, { recursive: true });
  const database = engine === "postgres" ? await createBenchDatabase(options.postgresServer, "orders") : undefined;
  try {
    const data: ShopData = { dataDir: path.join(dir, "data"), databaseUrl: database?.url };
    const shopGrown = await setUpAndGrow(engine, data, settings);
    let shop = await startShop(data);
    const serverStarted = performance.now();
    try {
      progress(
        `${ENGINE[engine]}: waiting for the server to prune the sent emails older than ${shopGrown.keepDays} days`,
      );
      const pruning = {
        ...(await waitForPruning(data, shopGrown.keepDays, PRUNING_TIMEOUT_MS)),
        bytes: await databaseBytes(data),
      };
      progress(
        `${ENGINE[engine]}: pruned in ${pruning.seconds.toFixed(0)} s${pruning.done ? "" : " (not finished)"}, ${(pruning.bytes / 1024 ** 2).toFixed(0)} MB`,
      );
      // The pages are measured on the shop as it runs from then on: its search index caught up too.
      if (!(await waitForSearchIndex(data, PRUNING_TIMEOUT_MS)))
        progress(`${ENGINE[engine]}: the search index had not caught up within the wait`);
      const { ownerCookie, pages } = await ownerPagesOf(shop.url, shopGrown, settings);
      const figures: OwnerPageFigure[] = [];
      for (const page of pages) {
        progress(`${ENGINE[engine]}: ${page.label} (${page.path})`);
        figures.push(await timeOwnerPage(shop.url, page, settings));
      }
      progress(`${ENGINE[engine]}: the full orders CSV, /shop every ${settings.probeIntervalMs} ms meanwhile`);
      const csv = await measureCsvExport(shop, path.join(data.dataDir, "server.log"), ownerCookie, settings);
      if (csv.failed) progress(`${ENGINE[engine]}: the CSV failed: ${csv.failed}`);
      const databaseAfterRun = {
        bytes: await databaseBytes(data),
        serverSeconds: (performance.now() - serverStarted) / 1000,
      };
      let checkout;
      if (settings.checkout) {
        if (isGone(shop)) shop = await startShop(data);
        progress(`${ENGINE[engine]}: checkout on the grown shop`);
        checkout = await checkoutOnGrownShop(shop, data, database, options, dir);
      }
      return {
        engine,
        grown: shopGrown.grown,
        pruning,
        pages: figures,
        csv,
        databaseAfterRun,
        ...(checkout ? { checkout } : {}),
      };
    } finally {
      await shop.stop();
    }
  } finally {
    await database?.drop();
  }
}
