import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import sharp from "sharp";
import { ENGINE } from "./back-office-run";
import { productIdsOf, readDemoCatalog } from "./catalog-generator";
import { type CatalogRunOptions, pagesOf, progress, withShop } from "./catalog-run";
import { capture, headerOf, sizeOnTheWire } from "./limits";
import { newOwnerBrowser, submitForm } from "./owner";
import type { PageToMeasure } from "./pages";
import { type BenchDatabase, createBenchDatabase } from "./postgres";
import { waitUntilIdle } from "./process";
import type { OwnShopEngine, OwnShopPageFigure, OwnShopPageRuns, PageCacheFigure } from "./results";
import { type ShopData, type ShopServer, startShop } from "./shop-server";
import { alternatingRounds, type RoundRun, roundRatios } from "./side-by-side";
import { medianBy } from "./stats";

/** A fresh shop (SPEC's, named Wickshop) and one its owner has made hers on /admin/settings. */
export type OwnShopVariant = "fresh" | "named";
const VARIANTS = ["fresh", "named"] as const satisfies OwnShopVariant[];

/** What the named shop's owner saves on /admin/settings: every field of the form, a name, tagline and announcement among them. */
export const OWN_SHOP = {
  name: "Hollow Oak Candle Co.",
  tagline: "Soy candles poured by hand in small batches in Burlington, Vermont.",
  contactEmail: "hello@hollowoak.example",
  phone: "+1 802 555 0142",
  address: "14 Maple Street, Burlington, VT 05401",
  facebook: "",
  instagram: "https://www.instagram.com/hollowoakcandles",
  etsy: "https://www.etsy.com/shop/hollowoakcandles",
  announcement: "Free shipping over $75 this week",
  announcementLink: "/shop",
} as const;

/** Her logo's file, as she uploads it: a PNG of a candle and its flame on a round badge, wider than the nav shows. */
export const OWN_LOGO = { width: 640, height: 240 } as const;

function ownLogo(): Promise<Buffer> {
  const { width, height } = OWN_LOGO;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <circle cx="120" cy="120" r="110" fill="#5b3a29"/>
    <rect x="95" y="110" width="50" height="90" rx="6" fill="#f3e6d0"/>
    <path d="M120 40 C140 70 135 95 120 102 C105 95 100 70 120 40 Z" fill="#f0a030"/>
    <rect x="260" y="70" width="340" height="36" rx="8" fill="#5b3a29"/>
    <rect x="260" y="134" width="250" height="28" rx="8" fill="#a07050"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Names the shop as its owner would: she is made by `npm run owner:create`,
 * signs in, saves /admin/settings' form and uploads her logo on it, which
 * the shop's own logo code processes and stores (processLogo, setShopLogo).
 */
async function nameTheShop(shopUrl: string, data: ShopData, logo: Buffer) {
  const owner = await newOwnerBrowser(shopUrl, data);
  await submitForm(owner, "/admin/settings", { intent: "save", ...OWN_SHOP });
  const upload = new FormData();
  upload.set("intent", "logo");
  upload.set("logo", new Blob([new Uint8Array(logo)], { type: "image/png" }), "hollow-oak-logo.png");
  const answer = await submitForm(owner, "/admin/settings", upload);
  if (!answer.html.includes("Logo saved")) throw new Error("/admin/settings did not save the logo");
}

const DECODE: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
  identity: (body) => body,
};

/** What a page must show, or the bench would measure something else: her name, logo and announcement, or none of them. */
function expectShown(variant: OwnShopVariant, html: string, page: string) {
  const shows = {
    name: html.includes(`aria-label="${OWN_SHOP.name} home"`),
    logo: /<img class="logo__image" src="\/photos\/[0-9a-f]+-\d+\.webp"/.test(html),
    announcement: html.includes(OWN_SHOP.announcement),
  };
  const wanted = variant === "named";
  if (Object.values(shows).some((shown) => shown !== wanted))
    throw new Error(`${variant} shop's ${page} shows ${JSON.stringify(shows)}`);
}

/**
 * Asks for each page twice as a browser does, before the load: the second
 * answer must come from the page cache (its ETag, the same as the first's:
 * a page rendered for itself has none) and show what the shop should.
 * Resolves with each page's size on the wire.
 */
async function checkPages(variant: OwnShopVariant, shop: ShopServer, pages: PageToMeasure[]) {
  const sizes = new Map<string, { bytes: number; encoding: string }>();
  for (const page of pages) {
    const first = await capture(shop.url, page.path);
    const again = await capture(shop.url, page.path);
    const etag = headerOf(again, "etag");
    if (!etag || etag !== headerOf(first, "etag"))
      throw new Error(`${variant} shop's ${page.path} did not come from the page cache (ETag ${etag})`);
    const size = sizeOnTheWire(again);
    expectShown(variant, DECODE[size.encoding]!(Buffer.from(again.bodyBase64, "base64")).toString("utf8"), page.path);
    sizes.set(page.path, size);
  }
  return sizes;
}

const serverLog = (data: ShopData) => path.join(data.dataDir, "server.log");

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

interface MeasuredShop {
  variant: OwnShopVariant;
  data: ShopData;
  shop: ShopServer;
  sizes: Map<string, { bytes: number; encoding: string }>;
  /** Where the measuring process's log begins: the lines of the load. */
  logOffset: number;
}

/**
 * `--own-shop`: the storefront's pages on two shops of one engine at once,
 * each with the demo catalog the shop loads itself: a fresh one, and one
 * whose owner has saved a name, tagline, contact, links and an announcement
 * and uploaded a logo through /admin/settings (issue #43). Each is measured
 * in a process started afresh, as after a deploy. Each page is run in
 * `rounds` alternating rounds (bench/side-by-side.ts); the ratio is the
 * named shop's over the fresh shop's in the same round. The shops' logs
 * then say how many of the load's requests the page cache answered.
 */
export async function benchOwnShop(
  options: CatalogRunOptions & { rounds: number },
): Promise<{ products: number; categories: number; logo: Buffer; engines: OwnShopEngine[] }> {
  const { generator, settings, rounds, postgresServer, workDir } = options;
  const dir = path.join(workDir, "own-shop");
  const catalog = readDemoCatalog();
  const pages = pagesOf(catalog).throughput;
  const logo = await ownLogo();
  const engines: OwnShopEngine[] = [];
  for (const engine of ["sqlite", "postgres"] as const) {
    const loadAtStart = os.loadavg()[0]!;
    const shops: MeasuredShop[] = [];
    const databases: BenchDatabase[] = [];
    const figures: OwnShopPageFigure[] = [];
    const all = { fresh: [] as RoundRun[], named: [] as RoundRun[] };
    try {
      for (const variant of VARIANTS) {
        const database =
          engine === "postgres" ? await createBenchDatabase(postgresServer, `own_shop_${variant}`) : undefined;
        if (database) databases.push(database);
        const data: ShopData = { dataDir: path.join(dir, `${engine}-${variant}`), databaseUrl: database?.url };
        // The first start loads the demo catalog into both; the owner names hers while it runs.
        await withShop(data, async (setUp) => {
          if (variant === "named") {
            progress(`own shop on ${ENGINE[engine]}: naming the shop and uploading its logo`);
            await nameTheShop(setUp.url, data, logo);
          }
        });
        const shop = await startShop(data);
        shops.push({ variant, data, shop, sizes: new Map(), logOffset: 0 });
      }
      for (const measured of shops) {
        measured.sizes = await checkPages(measured.variant, measured.shop, pages);
        // The checks' own lines are written before the load's begin.
        await waitUntilIdle([measured.shop.pid]);
        measured.logOffset = fs.statSync(serverLog(measured.data)).size;
      }
      for (const page of pages) {
        const runs = await alternatingRounds(
          generator,
          shops.map(({ variant, shop }) => ({
            key: variant,
            shop,
            workload: { kind: "get" as const, path: page.path },
          })),
          {
            connections: settings.connections,
            seconds: settings.seconds,
            rounds,
            onRun: (variant, round, run) =>
              progress(
                `own shop on ${ENGINE[engine]}, ${page.label}, round ${round + 1}, ${variant}: ${Math.round(run.requestsPerSecond)} req/s, ${(run.cpuMsPerRequest * 1000).toFixed(0)} µs of the shop's CPU each`,
              ),
          },
        );
        const runsOf = (variant: OwnShopVariant): OwnShopPageRuns => {
          const own = runs.get(variant)!;
          all[variant].push(...own);
          const { cpuMsPerRequest: _, ...middle } = medianBy(own, (run) => run.requestsPerSecond);
          const size = shops.find((measured) => measured.variant === variant)!.sizes.get(page.path)!;
          return {
            median: middle,
            rounds: own.map((run) => run.requestsPerSecond),
            cpuMsPerRequest: own.map((run) => run.cpuMsPerRequest),
            ...size,
          };
        };
        figures.push({
          ...page,
          shops: { fresh: runsOf("fresh"), named: runsOf("named") },
          ratios: roundRatios(runs.get("named")!, runs.get("fresh")!),
        });
      }
    } finally {
      // Stopped, each has written every line of its log.
      for (const { shop } of shops) await shop.stop();
      for (const database of databases) await database.drop();
    }
    const pageCache = {} as Record<OwnShopVariant, PageCacheFigure>;
    for (const { variant, data, logOffset } of shops)
      pageCache[variant] = await pageCacheFigure(serverLog(data), logOffset);
    engines.push({
      engine,
      loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
      pages: figures,
      overall: roundRatios(all.named, all.fresh),
      pageCache,
    });
  }
  return { products: productIdsOf(catalog).length, categories: catalog.length, logo, engines };
}
