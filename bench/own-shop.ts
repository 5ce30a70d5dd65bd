import path from "node:path";
import sharp from "sharp";
import { ENGINE } from "./back-office-run";
import { productIdsOf, readDemoCatalog } from "./catalog-generator";
import { type CatalogRunOptions, pagesOf, progress } from "./catalog-run";
import { newOwnerBrowser, submitForm } from "./owner";
import type { PageToMeasure } from "./pages";
import type { BenchResults, MeasuredOn, RoundPagesEngine } from "./results";
import type { ShopData } from "./shop-server";
import { type Engine, twoShopsOnEachEngine } from "./two-shops";

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

/** What a page must show, or the bench would measure something else: her name, logo and announcement, or none of them. */
const expectShown = (variant: OwnShopVariant) => (html: string, _page: PageToMeasure, pagePath: string) => {
  const shows = {
    name: html.includes(`aria-label="${OWN_SHOP.name} home"`),
    logo: /<img class="logo__image" src="\/photos\/[0-9a-f]+-\d+\.webp"/.test(html),
    announcement: html.includes(OWN_SHOP.announcement),
  };
  const wanted = variant === "named";
  if (Object.values(shows).some((shown) => shown !== wanted))
    throw new Error(`${variant} shop's ${pagePath} shows ${JSON.stringify(shows)}`);
};

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
  options: CatalogRunOptions & { rounds: number; engines: readonly Engine[] },
): Promise<{ products: number; categories: number; logo: Buffer; engines: OwnShopEngine[] }> {
  const { generator, settings, rounds, postgresServer, workDir } = options;
  const catalog = readDemoCatalog();
  const logo = await ownLogo();
  const engines = await twoShopsOnEachEngine({
    generator,
    settings,
    postgresServer,
    engines: options.engines,
    what: "own shop",
    dir: path.join(workDir, "own-shop"),
    keys: VARIANTS,
    rounds,
    pages: pagesOf(catalog).throughput,
    // The owner names hers while it runs.
    setUp: async (running, variant, data, engine) => {
      if (variant === "named") {
        progress(`own shop on ${ENGINE[engine]}: naming the shop and uploading its logo`);
        await nameTheShop(running.url, data, logo);
      }
      return { expectShown: expectShown(variant) };
    },
  });
  return { products: productIdsOf(catalog).length, categories: catalog.length, logo, engines };
}
