/**
 * Draws the demo product photos, category tiles and favicon for the seed
 * catalogue. Everything is an original illustration built as SVG in code
 * (see scripts/demo-images/) and rasterised to WebP with sharp.
 *
 *   npx tsx scripts/draw-demo-images.ts
 */
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { CATEGORY_TILES, PALETTES } from "./demo-images/palettes";
import {
  categoryTile,
  detailShot,
  heroShot,
  pairShot,
  topDownShot,
  type ProductArt,
  type Scene,
} from "./demo-images/scenes";

interface CatalogItem {
  name: string;
  images: string[];
}

interface CatalogCategory {
  title: string;
  imageUrl: string;
  items: CatalogItem[];
}

const ROOT = path.resolve(import.meta.dirname, "..");
const PUBLIC = path.join(ROOT, "public");
const WEBP_QUALITY = 78;

const PRODUCT_IMAGE = /^\/images\/products\/([a-z0-9-]+)-(\d+)-800\.webp$/;
const CATEGORY_IMAGE = /^\/images\/categories\/([a-z0-9-]+)-800\.webp$/;

/** 32×32 lit candle: a flame over a cream candle with a brown rim. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <path d="M16 2.5c2.8 3.6 4.4 6.2 4.4 8.6a4.4 4.4 0 0 1-8.8 0c0-2.4 1.6-5 4.4-8.6z" fill="#f2992e"/>
  <path d="M16 8c1.3 1.8 2 3 2 4.2a2 2 0 0 1-4 0c0-1.2.7-2.4 2-4.2z" fill="#ffe7a3"/>
  <path d="M16 15.5v2.5" stroke="#3b2a20" stroke-width="1.4" stroke-linecap="round"/>
  <rect x="9" y="17.5" width="14" height="12.5" rx="2.2" fill="#f4e7cf" stroke="#7a5233" stroke-width="1.5"/>
  <path d="M9.8 20.5h12.4" stroke="#7a5233" stroke-width="1" opacity="0.5"/>
</svg>
`;

const written: string[] = [];

async function writeWebp(scene: Scene, urlPath: string, width: number, height: number): Promise<void> {
  const file = path.join(PUBLIC, urlPath);
  await mkdir(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(scene(width, height)))
    .webp({ quality: WEBP_QUALITY })
    .toFile(file);
  written.push(file);
}

/** Writes the 800 px image named in the catalogue and its 400 px sibling. */
async function writeBothSizes(scene: Scene, url800: string, width: number, height: number): Promise<void> {
  await writeWebp(scene, url800, width, height);
  await writeWebp(scene, url800.replace(/-800\.webp$/, "-400.webp"), width / 2, height / 2);
}

function productScene(product: ProductArt, n: number): Scene {
  if (n === 1) return heroShot(product);
  if (n === 2) return detailShot(product);
  return product.palette.closeUp === "pair" ? pairShot(product) : topDownShot(product);
}

function match(pattern: RegExp, url: string): RegExpExecArray {
  const m = pattern.exec(url);
  if (!m) throw new Error(`Unexpected image URL "${url}" (expected ${pattern.source})`);
  return m;
}

async function main(): Promise<void> {
  const catalog = JSON.parse(await readFile(path.join(ROOT, "seed/catalog.json"), "utf8")) as CatalogCategory[];

  for (const category of catalog) {
    const slug = match(CATEGORY_IMAGE, category.imageUrl)[1] ?? "";
    const tile = CATEGORY_TILES[slug];
    if (!tile) throw new Error(`No tile layout for category "${slug}" in scripts/demo-images/palettes.ts`);
    await writeBothSizes(categoryTile(slug, tile), category.imageUrl, 800, 600);

    for (const [index, item] of category.items.entries()) {
      for (const url of item.images) {
        const [, key = "", n = "1"] = match(PRODUCT_IMAGE, url);
        const palette = PALETTES[key];
        if (!palette) throw new Error(`No palette for "${key}" (${category.title}) in scripts/demo-images/palettes.ts`);
        await writeBothSizes(productScene({ key, name: item.name, index, palette }, Number(n)), url, 800, 1000);
      }
    }
  }

  const favicon = path.join(PUBLIC, "favicon.svg");
  await writeFile(favicon, FAVICON);
  written.push(favicon);

  let total = 0;
  for (const file of written) {
    const { size } = await stat(file);
    total += size;
    console.log(`${path.relative(ROOT, file)}  ${(size / 1024).toFixed(1)} KB`);
  }
  console.log(`${written.length} files, ${(total / 1024).toFixed(0)} KB in total`);
}

await main();
