import type { CheckoutBodies } from "./checkout-bodies";
import { checkStockInvariant } from "./invariant";
import type { LoadGenerator } from "./load";
import { waitUntilIdle } from "./process";
import type { LeakFigure, MemorySample } from "./results";
import type { BenchSettings } from "./settings";
import type { ShopData, ShopServer } from "./shop-server";
import { median } from "./stats";

/** Growth allowed from the second quarter of the run to the last before memory counts as still climbing. */
const LEVEL_TOLERANCE = 0.1;

/**
 * Growth from the run's second quarter to its last (the first is warm-up): of
 * the heap's floor, its least value in a quarter, which is what survives
 * garbage collection (the sawtooth above it is garbage), and of the median
 * resident memory, which also holds native memory and the heap's spare room.
 */
function growth(samples: MemorySample[], seconds: number) {
  const quarter = (from: number) =>
    samples.filter((s) => s.atSeconds >= from * seconds && s.atSeconds <= (from + 0.25) * seconds);
  const [second, last] = [quarter(0.25), quarter(0.75)];
  if (second.length === 0 || last.length === 0)
    throw new Error("too few memory samples to tell whether memory levelled off");
  const change = (before: number, after: number) => after / before - 1;
  const floor = (window: MemorySample[]) => Math.min(...window.map((s) => s.heapUsedBytes));
  const rss = (window: MemorySample[]) => median(window.map((s) => s.rssBytes));
  return { heapFloor: change(floor(second), floor(last)), rss: change(rss(second), rss(last)) };
}

/**
 * A bounded mixed run (pages, a cart refresh through /api/products, a
 * checkout) against a warmed-up shop, sampling its resident memory (/proc) and
 * V8 heap (its probe) throughout; then the stock invariant once more.
 */
export async function measureLeak(options: {
  generator: LoadGenerator;
  shop: ShopServer;
  shopData: ShopData;
  paths: string[];
  bodies: CheckoutBodies;
  settings: BenchSettings;
  catalog: LeakFigure["catalog"];
}): Promise<LeakFigure> {
  const { generator, shop, settings } = options;
  const seconds = settings.leakSeconds;
  await waitUntilIdle([shop.pid]);
  const started = performance.now();
  const samples: MemorySample[] = [];
  const sample = () => {
    const memory = shop.memory();
    samples.push({
      atSeconds: (performance.now() - started) / 1000,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed ?? 0,
      externalBytes: memory.external ?? 0,
      arrayBuffersBytes: memory.arrayBuffers ?? 0,
    });
  };
  sample();
  const timer = setInterval(sample, Math.max(250, (seconds * 1000) / 60));
  let run;
  try {
    run = await generator.run(
      shop.url,
      // One checkout per round of the paths: this bounds the checkouts.
      {
        kind: "mixed",
        paths: options.paths,
        bodies: options.bodies,
        maxRequests: settings.leakCheckoutBound * (options.paths.length + 1),
      },
      { connections: settings.connections, seconds },
    );
  } finally {
    clearInterval(timer);
  }
  sample();
  const grew = growth(samples, seconds);
  return {
    catalog: options.catalog,
    seconds,
    requests: run.requests,
    requestsPerSecond: run.requestsPerSecond,
    samples,
    start: samples[0]!,
    end: samples.at(-1)!,
    growth: grew,
    levelledOff: { heap: grew.heapFloor <= LEVEL_TOLERANCE, rss: grew.rss <= LEVEL_TOLERANCE },
    invariantAfter: await checkStockInvariant(options.shopData),
  };
}
