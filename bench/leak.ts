import type { CheckoutBodies } from "./checkout-bodies";
import { checkStockInvariant } from "./invariant";
import type { LoadGenerator } from "./load";
import { waitUntilIdle } from "./process";
import type { LeakFigure, MemorySample } from "./results";
import type { BenchSettings } from "./settings";
import type { ShopData, ShopServer } from "./shop-server";
import { median } from "./stats";

/** Growth allowed from the second quarter of the run to the last before memory counts as still climbing. */
const LEVEL_TOLERANCE = 1.1;

function levelledOff(samples: MemorySample[], seconds: number): boolean {
  const within = (from: number, to: number) => samples.filter((s) => s.atSeconds >= from * seconds && s.atSeconds <= to * seconds);
  const second = within(0.25, 0.5);
  const last = within(0.75, 1);
  if (second.length === 0 || last.length === 0) return false;
  return (["rssBytes", "heapUsedBytes"] as const).every(
    (key) => median(last.map((s) => s[key])) <= median(second.map((s) => s[key])) * LEVEL_TOLERANCE,
  );
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
}): Promise<LeakFigure> {
  const { generator, shop, settings } = options;
  const seconds = settings.leakSeconds;
  await waitUntilIdle([shop.pid]);
  const started = performance.now();
  const samples: MemorySample[] = [];
  const sample = () => {
    const memory = shop.memory();
    samples.push({ atSeconds: (performance.now() - started) / 1000, rssBytes: memory.rss, heapUsedBytes: memory.heapUsed ?? 0 });
  };
  sample();
  const timer = setInterval(sample, Math.max(250, (seconds * 1000) / 60));
  let run;
  try {
    run = await generator.run(
      shop.url,
      // One checkout per round of the paths: this bounds the checkouts.
      { kind: "mixed", paths: options.paths, bodies: options.bodies, maxRequests: settings.leakCheckoutBound * (options.paths.length + 1) },
      { connections: settings.connections, seconds },
    );
  } finally {
    clearInterval(timer);
  }
  sample();
  return {
    seconds,
    requests: run.requests,
    requestsPerSecond: run.requestsPerSecond,
    samples,
    start: samples[0]!,
    end: samples.at(-1)!,
    levelledOff: levelledOff(samples, seconds),
    invariantAfter: await checkStockInvariant(options.shopData),
  };
}
