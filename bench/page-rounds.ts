import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import { ENGINE } from "./back-office-run";
import type { CatalogRunOptions } from "./catalog-run";
import { progress } from "./catalog-run";
import { capture, headerOf, sizeOnTheWire } from "./limits";
import type { PageToMeasure } from "./pages";
import { waitUntilIdle } from "./process";
import type { PageCacheFigure, RoundPageFigure, RoundPageRuns } from "./results";
import type { ShopData, ShopServer } from "./shop-server";
import { alternatingRounds, type RoundRun, roundRatios } from "./side-by-side";
import { medianBy } from "./stats";

/**
 * The storefront's pages on two shops of one engine at once, in alternating
 * rounds (bench/side-by-side.ts), as `--own-shop` and `--variants` measure
 * them: each page checked to come from the page cache and to show what its
 * shop should, then run round after round, and the shops' logs read for
 * how many of the load's requests the page cache answered.
 */

const DECODE: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
  identity: (body) => body,
};

/** What a shop's page must show, or the bench would measure something else: throws if it does not. */
export type ExpectShown = (html: string, page: PageToMeasure, pagePath: string) => void;

/** One of the two shops: `pathOf` is where it serves a page (the same, unless its page has a twin of its own). */
export interface RoundPageShop<Key extends string> {
  key: Key;
  data: ShopData;
  shop: ShopServer;
  pathOf?: (page: PageToMeasure) => string;
  expectShown: ExpectShown;
}

const pathIn = <Key extends string>(measured: RoundPageShop<Key>, page: PageToMeasure) =>
  measured.pathOf?.(page) ?? page.path;

/**
 * Asks for each page twice as a browser does, before the load: the second
 * answer must come from the page cache (its ETag, the same as the first's:
 * a page rendered for itself has none) and show what the shop should.
 * Resolves with each page's size on the wire, by label.
 */
async function checkPages<Key extends string>(measured: RoundPageShop<Key>, pages: PageToMeasure[]) {
  const sizes = new Map<string, { bytes: number; encoding: string }>();
  for (const page of pages) {
    const pagePath = pathIn(measured, page);
    const first = await capture(measured.shop.url, pagePath);
    const again = await capture(measured.shop.url, pagePath);
    const etag = headerOf(again, "etag");
    if (!etag || etag !== headerOf(first, "etag"))
      throw new Error(`${measured.key} shop's ${pagePath} did not come from the page cache (ETag ${etag})`);
    const size = sizeOnTheWire(again);
    const html = DECODE[size.encoding]!(Buffer.from(again.bodyBase64, "base64")).toString("utf8");
    measured.expectShown(html, page, pagePath);
    sizes.set(page.label, size);
  }
  return sizes;
}

export const serverLog = (data: ShopData) => path.join(data.dataDir, "server.log");

/**
 * The requests a shop's log records from `offset` on, and how many of them
 * the page cache answered from a kept page (its line says `"cache":"hit"`;
 * a page rendered for the request has pino-http's line, without it).
 */
async function pageCacheFigure(logFile: string, offset: number): Promise<PageCacheFigure> {
  const figure = { requests: 0, hits: 0 };
  const lines = readline.createInterface({
    input: fs.createReadStream(logFile, { start: offset }),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (!line.includes('"request completed"')) continue;
    figure.requests++;
    if (line.includes('"cache":"hit"')) figure.hits++;
  }
  return figure;
}

/** A shop's runs of one page: the median round, each round's rate and CPU time per request, the page's size. */
function pageRunsOf(runs: RoundRun[], size: { bytes: number; encoding: string }): RoundPageRuns {
  const { cpuMsPerRequest: _, ...middle } = medianBy(runs, (run) => run.requestsPerSecond);
  return {
    median: middle,
    rounds: runs.map((run) => run.requestsPerSecond),
    cpuMsPerRequest: runs.map((run) => run.cpuMsPerRequest),
    ...size,
  };
}

/**
 * Every page on both shops, `base` then `other`, in `rounds` alternating
 * rounds; a page's ratios are `other`'s over `base`'s in the same round.
 * The shops are left running; `pageCache` reads their logs once they are
 * stopped (each has then written every line of its log).
 */
export async function pagesInRounds<Key extends string>(
  options: Pick<CatalogRunOptions, "generator" | "settings"> & {
    engine: "sqlite" | "postgres";
    /** Names the runs in the progress lines: "own shop", "variants". */
    what: string;
    rounds: number;
    pages: PageToMeasure[];
    shops: [base: RoundPageShop<Key>, other: RoundPageShop<Key>];
  },
) {
  const { generator, settings, engine, what, rounds, pages, shops } = options;
  const [base, other] = shops;
  const sizes = new Map<Key, Map<string, { bytes: number; encoding: string }>>();
  const logOffsets = new Map<Key, number>();
  for (const measured of shops) {
    sizes.set(measured.key, await checkPages(measured, pages));
    // The checks' own lines are written before the load's begin.
    await waitUntilIdle([measured.shop.pid]);
    logOffsets.set(measured.key, fs.statSync(serverLog(measured.data)).size);
  }
  const figures: RoundPageFigure<Key>[] = [];
  const all = new Map<Key, RoundRun[]>(shops.map(({ key }) => [key, []]));
  for (const page of pages) {
    const runs = await alternatingRounds(
      generator,
      shops.map((measured) => ({
        key: measured.key,
        shop: measured.shop,
        workload: { kind: "get" as const, path: pathIn(measured, page) },
      })),
      {
        connections: settings.connections,
        seconds: settings.seconds,
        rounds,
        onRun: (key, round, run) =>
          progress(
            `${what} on ${ENGINE[engine]}, ${page.label}, round ${round + 1}, ${key}: ${Math.round(run.requestsPerSecond)} req/s, ${(run.cpuMsPerRequest * 1000).toFixed(0)} µs of the shop's CPU each`,
          ),
      },
    );
    for (const { key } of shops) all.get(key)!.push(...runs.get(key)!);
    figures.push({
      ...page,
      paths: Object.fromEntries(shops.map((measured) => [measured.key, pathIn(measured, page)])) as Record<Key, string>,
      shops: Object.fromEntries(
        shops.map(({ key }) => [key, pageRunsOf(runs.get(key)!, sizes.get(key)!.get(page.label)!)]),
      ) as Record<Key, RoundPageRuns>,
      ratios: roundRatios(runs.get(other.key)!, runs.get(base.key)!),
    });
  }
  return {
    pages: figures,
    overall: roundRatios(all.get(other.key)!, all.get(base.key)!),
    /** How many of the load's requests the page cache answered, per shop: once the shops are stopped. */
    pageCache: async () => {
      const cache = {} as Record<Key, PageCacheFigure>;
      for (const { key, data } of shops) cache[key] = await pageCacheFigure(serverLog(data), logOffsets.get(key)!);
      return cache;
    },
  };
}
