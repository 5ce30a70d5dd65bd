import type { SLOW_4G } from "./add-to-cart";
import type { CatalogName } from "./catalog-run";
import type { LoadRun, ShopperAddresses } from "./load";
import type { OWN_SHOP, OwnShopVariant } from "./own-shop";
import type { PRICING_SETUP, PricingVariant } from "./pricing-setup";
import type { VariantsShop } from "./variants";

/** The median of the repeated runs of one figure, and whether a run stopped at its count bound. */
export interface Throughput extends LoadRun {
  /** Length of each run: the configured seconds, or more for a slow page. */
  seconds: number;
  boundReached: boolean;
}

export interface PageFigure {
  label: string;
  path: string;
  shop: Throughput;
  limit: Throughput;
  /** shop ÷ limit, requests per second. */
  ratio: number;
  /** The shop's response as a browser gets it (and the limit replays): size on the wire and encoding. */
  bytes: number;
  encoding: string;
}

export interface StockInvariant {
  /** DESIGN.md §Data for every product: recorded adjustments (imports) = stock + pending + paid quantities. */
  ok: boolean;
  orders: number;
  paidOrders: number;
  /** Products whose figures disagree, with both sides. */
  mismatches: { id: number; adjusted: number; accounted: number }[];
}

export interface CheckoutFigure {
  engine: "sqlite" | "postgres";
  /** Each checkout from a shopper address of its own, or all from one (bench/load.ts). */
  addresses: ShopperAddresses;
  shop: Throughput;
  limit: Throughput;
  ratio: number;
  /** Every run's requests per second, in the order they ran. */
  runs: { shop: number[]; limit: number[] };
  invariant: StockInvariant;
}

export interface BrowserFigure {
  label: string;
  path: string;
  /** Compressed bytes of the JavaScript the page loaded, and of the page itself with its style sheet (Resource Timing's encodedBodySize). */
  jsBytes: number;
  htmlBytes: number;
  ttfbMs: number;
  domContentLoadedMs: number;
  largestContentfulPaintMs: number;
}

export interface LighthouseFigure {
  label: string;
  path: string;
  /** 0–100 in each category. */
  scores: { performance: number; accessibility: number; "best-practices": number; seo: number };
  /** As Lighthouse estimates them for a mid-range phone on slow 4G. */
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  /** The same page without its scripts (bench/script-free-proxy.ts), in runs alternated with the page's. */
  floor: { firstContentfulPaintMs: number; largestContentfulPaintMs: number };
  /** The page's LCP over the floor's: 1 is as fast as the page can paint. */
  ratioToFloor: number;
  /** As Lighthouse measures it in its run. */
  cumulativeLayoutShift: number;
  /** The machine's 1-minute load average when the page's runs ended. */
  loadAverage: number;
}

/** When Add to Cart first works on a product page on a phone on slow 4G (bench/add-to-cart.ts), median of cold loads. */
export interface AddToCartFigure {
  path: string;
  /** Milliseconds after the navigation began: the median, and each load's in order. */
  workedAtMs: number;
  runs: number[];
  /** Of the same loads, as Chromium reports them under the throttling. */
  largestContentfulPaintMs: number;
  /** Compressed bytes of the JavaScript the page loaded until then. */
  jsBytes: number;
}

export interface CatalogFigures {
  name: CatalogName;
  products: number;
  /** What a shopper can buy: products without options, and each variant of those with them. */
  variants: number;
  categories: number;
  /** Seconds `npm run catalog:import` took for a generated catalog, per engine (the whole command). */
  importSeconds?: { sqlite: number; postgres: number };
  pages: PageFigure[];
  checkout: CheckoutFigure[];
  browser: BrowserFigure[];
  /** The full run only. */
  lighthouse?: LighthouseFigure[];
}

export interface MemorySample {
  atSeconds: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** Memory V8 knows of outside its heap (Buffers and their like), and the ArrayBuffers within it. */
  externalBytes: number;
  arrayBuffersBytes: number;
}

export interface LeakFigure {
  /** The memory run's own shop holds the demo catalog. */
  catalog: { products: number; categories: number };
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  samples: MemorySample[];
  start: MemorySample;
  end: MemorySample;
  /** From the run's second quarter to its last: the heap's floor (what survives GC) and the median resident memory, as fractions. */
  growth: { heapFloor: number; rss: number };
  /** Each grew by 10% or less. */
  levelledOff: { heap: boolean; rss: boolean };
  invariantAfter: StockInvariant;
}

export interface BenchResults {
  date: string;
  quick: boolean;
  machine: { cores: number; cpu: string; memoryBytes: number; node: string; platform: string };
  /** The machine's 1-minute load average at the start and end: other work on it weighs on every figure. */
  loadAverage: { start: number; end: number };
  loadGenerator: { name: string; version: string };
  settings: {
    connections: number;
    seconds: number;
    repeats: number;
    browserLoads: number;
    lighthouseRuns: number;
    leakSeconds: number;
  };
  /** Environment the shop ran with that differs from its defaults, and why. */
  shopEnv: Record<string, string>;
  catalogs: CatalogFigures[];
  leak: LeakFigure;
}

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

/** What the back office's indexes cost a checkout on a grown shop (bench/index-cost.ts). */
export interface IndexCostFigure {
  engine: "sqlite" | "postgres";
  /** Checkout's ratio to its limit in each run, with the indexes and without them. */
  ratios: { with: number[]; without: number[] };
  /** The median ratio with them over the median without, less one: −0.03 is 3 % slower. */
  change: number;
}

export interface IndexCostResults {
  date: string;
  orders: number;
  machine: BenchResults["machine"];
  loadAverage: BenchResults["loadAverage"];
  checkoutLoad: BackOfficeResults["checkoutLoad"];
  rounds: number;
  engines: IndexCostFigure[];
}

/** `--checkout`: the main table's checkout figure on each engine, with every checkout from an address of its own and all from one. */
export interface CheckoutResults {
  date: string;
  quick: boolean;
  machine: BenchResults["machine"];
  loadAverage: BenchResults["loadAverage"];
  loadGenerator: BenchResults["loadGenerator"];
  settings: { connections: number; seconds: number; repeats: number; maxRequestsPerRun: number };
  shopEnv: BenchResults["shopEnv"];
  catalog: { products: number; categories: number };
  figures: CheckoutFigure[];
}

/** One shop's checkout in alternating rounds (bench/checkout.ts, checkoutRoundsFigure). */
export interface CheckoutRoundsFigure {
  /** The round with the median rate, with its latencies. */
  median: Throughput;
  /** Each round's orders per second, in order. */
  rounds: number[];
  /** Each round's CPU time of the shop's process per order placed, in milliseconds. */
  cpuMsPerOrder: number[];
  invariant: StockInvariant;
}

/** One setup of `--checkout-pricing` on one engine: its shop's checkout in each round. */
export interface PricingVariantFigure extends CheckoutRoundsFigure {
  variant: PricingVariant;
}

/** Each round's figure over the same round's of the setup it is compared with, and their median. */
export interface RoundRatios {
  rounds: number[];
  median: number;
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

/** What a storefront report starts with: when, where, under what load and with which load generator (bench/run.ts, measuredOn). */
export type MeasuredOn = Pick<BenchResults, "date" | "quick" | "machine" | "loadAverage" | "loadGenerator">;

/** `--first-paint`: each browsing page's LCP beside its floor without scripts, and when Add to Cart first works. */
export interface FirstPaintResults extends MeasuredOn {
  settings: { lighthouseRuns: number; addToCartRuns: number; throttling: typeof SLOW_4G };
  catalogs: {
    name: CatalogName;
    products: number;
    categories: number;
    lighthouse: LighthouseFigure[];
    addToCart: AddToCartFigure;
  }[];
}

/** One shop's page in the rounds of `--own-shop` or `--variants` (bench/page-rounds.ts). */
export interface RoundPageRuns {
  /** The round with the median rate, with its latencies. */
  median: Throughput;
  /** Each round's requests per second, in order. */
  rounds: number[];
  /** Each round's CPU time of the shop's process per request answered, in milliseconds. */
  cpuMsPerRequest: number[];
  /** The page as a browser gets it: size on the wire and encoding. */
  bytes: number;
  encoding: string;
}

/** A page of two shops: where each serves it, each one's runs, and the second's against the first's. */
export interface RoundPageFigure<Key extends string> {
  label: string;
  path: string;
  paths: Record<Key, string>;
  shops: Record<Key, RoundPageRuns>;
  ratios: { rate: RoundRatios; cpu: RoundRatios };
}

/** The measured pages' GETs a shop's log records during the rounds, and how many of them the page cache answered from a kept copy. */
export interface PageCacheFigure {
  requests: number;
  hits: number;
}

/** One engine's pages on two shops (bench/two-shops.ts). */
export interface RoundPagesEngine<Key extends string> {
  engine: "sqlite" | "postgres";
  loadAverage: BenchResults["loadAverage"];
  pages: RoundPageFigure<Key>[];
  /** The second shop's against the first's over every page's rounds together. */
  overall: { rate: RoundRatios; cpu: RoundRatios };
  pageCache: Record<Key, PageCacheFigure>;
}

/** The named shop's pages against the fresh shop's. */
export type OwnShopEngine = RoundPagesEngine<OwnShopVariant>;

/** `--own-shop`: page throughput of a shop with her name, tagline, logo and announcement against a fresh shop's (issue #43). */
export interface OwnShopResults extends MeasuredOn {
  settings: { connections: number; seconds: number; rounds: number };
  shopEnv: BenchResults["shopEnv"];
  catalog: { products: number; categories: number };
  setup: typeof OWN_SHOP;
  /** The PNG she uploads, before the shop's logo code processes it. */
  logo: { bytes: number; width: number; height: number };
  engines: OwnShopEngine[];
}

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
