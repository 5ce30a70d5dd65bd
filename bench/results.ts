import type { SLOW_4G } from "./add-to-cart";
import type { CatalogName } from "./catalog-run";
import type { LoadRun, ShopperAddresses } from "./load";

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

/** Each round's figure over the same round's of the setup it is compared with, and their median. */
export interface RoundRatios {
  rounds: number[];
  median: number;
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
