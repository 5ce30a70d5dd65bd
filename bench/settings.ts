import { MAX_STOCK } from "./catalog-generator";
import { UNITS_PER_LINE } from "./checkout-bodies";
import { CHECKOUTS_PER_ADDRESS } from "./shop-server";

export interface BenchSettings {
  quick: boolean;
  /** `--memory`: only the memory run, longer and under more load. */
  memoryOnly: boolean;
  connections: number;
  /** Each throughput run. */
  seconds: number;
  /**
   * A slow page's runs last long enough for each connection to get this many
   * answers (estimated from one lone request; see side-by-side.ts), up to `longestSeconds`.
   */
  roundsPerRun: number;
  longestSeconds: number;
  /** Runs per figure; the median is reported. */
  repeats: number;
  browserLoads: number;
  /** Lighthouse runs per page (the full run only); the median LCP's run is reported. */
  lighthouseRuns: number;
  leakSeconds: number;
  /** Checkout requests one run may send at most. */
  checkoutBound: number;
  /** Checkouts the leak run may send at most (on a shop of its own). */
  leakCheckoutBound: number;
}

const full = {
  quick: false,
  memoryOnly: false,
  connections: 32,
  seconds: 5,
  roundsPerRun: 3,
  longestSeconds: 60,
  repeats: 3,
  browserLoads: 5,
  lighthouseRuns: 3,
  leakSeconds: 120,
};
const quick = {
  quick: true,
  memoryOnly: false,
  connections: 32,
  seconds: 1,
  roundsPerRun: 1,
  longestSeconds: 5,
  repeats: 1,
  browserLoads: 1,
  lighthouseRuns: 0,
  leakSeconds: 6,
};

/** `--memory`: ten minutes of the mixed run at twice the connections. */
const memory = { ...full, memoryOnly: true, connections: 64, leakSeconds: 600 };

/**
 * Checkouts one of `runs` runs on one shop may send. Each checkout comes from a shopper address of its own
 * (bench/wrk/shoppers.lua), and the runs together stay within what one address may do (with room for the
 * load generator's rounding): safe however the addresses repeat. As a product loses at most one unit per
 * checkout, they stay within its stock too.
 */
export function checkoutBoundFor(runs: number): number {
  const bound = Math.floor((0.95 * CHECKOUTS_PER_ADDRESS) / runs);
  if (runs * bound * UNITS_PER_LINE > MAX_STOCK) throw new Error("the count bounds could exhaust the stock");
  return bound;
}

export function benchSettings(options: { quick: boolean; memory: boolean }): BenchSettings {
  const base = options.memory ? memory : options.quick ? quick : full;
  const checkoutBound = checkoutBoundFor(base.repeats);
  // The memory run's ten minutes need more: addresses repeat only every 65,536 checkouts of a load
  // thread, so there the stock is the bound.
  const leakCheckoutBound = Math.floor(0.95 * (base.memoryOnly ? MAX_STOCK / UNITS_PER_LINE : CHECKOUTS_PER_ADDRESS));
  if (leakCheckoutBound * UNITS_PER_LINE > MAX_STOCK) throw new Error("the count bounds could exhaust the stock");
  return { ...base, checkoutBound, leakCheckoutBound };
}

export interface BackOfficeSettings {
  quick: boolean;
  orders: number;
  /** Sequential requests per page after one to warm it up; fewer if they take longer than `pageSeconds` together. */
  requestsPerPage: number;
  pageSeconds: number;
  /** The deep page of the orders list: the middle of the list, by ?page= or by following "Older" as many times (for up to `deepSeconds`). */
  deepPage: number;
  deepSeconds: number;
  /** The whole CSV download may take this long before the bench gives up on it. */
  csvSeconds: number;
  /** A storefront page is asked for this often during the download. */
  probeIntervalMs: number;
  /** The checkout's ratio to its limit on the grown shop, as the main bench measures it. */
  checkout: boolean;
}

/** The orders list shows 25 a page (app/routes/admin.orders.tsx). */
const ORDERS_PER_PAGE = 25;

export function backOfficeSettings(options: { quick: boolean; orders: number; checkout: boolean }): BackOfficeSettings {
  const bounds = options.quick
    ? { requestsPerPage: 3, pageSeconds: 10, deepSeconds: 10, csvSeconds: 30 }
    : { requestsPerPage: 20, pageSeconds: 60, deepSeconds: 120, csvSeconds: 180 };
  const deepPage = Math.max(2, Math.floor(options.orders / ORDERS_PER_PAGE / 2));
  return { ...options, ...bounds, deepPage, probeIntervalMs: 200 };
}
