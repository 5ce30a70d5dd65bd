import { MAX_STOCK } from "./catalog-generator";
import { UNITS_PER_LINE } from "./checkout-bodies";

export interface BenchSettings {
  quick: boolean;
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
  leakSeconds: number;
  /** Checkout requests one run may send at most: with the repeats and the leak run, within the stock. */
  checkoutBound: number;
  /** Requests of all kinds the leak run may send at most. */
  leakBound: number;
}

const full = { quick: false, connections: 32, seconds: 5, roundsPerRun: 3, longestSeconds: 60, repeats: 3, browserLoads: 5, leakSeconds: 120 };
const quick = { quick: true, connections: 32, seconds: 1, roundsPerRun: 1, longestSeconds: 5, repeats: 1, browserLoads: 1, leakSeconds: 6 };

export function benchSettings(options: { quick: boolean }): BenchSettings {
  const base = options.quick ? quick : full;
  // A product loses at most one unit per checkout, and the mixed run sends at least
  // one GET per checkout, so these bounds cannot exhaust MAX_STOCK.
  const checkoutBound = 200_000;
  const leakBound = 800_000;
  if ((base.repeats * checkoutBound + leakBound / 2) * UNITS_PER_LINE > MAX_STOCK) {
    throw new Error("the count bounds could exhaust the stock");
  }
  return { ...base, checkoutBound, leakBound };
}
