import { createHash } from "node:crypto";
import type { Metadata } from "sharp";
import { sql } from "kysely";
import type { Db, Trx } from "../db";

/**
 * The owner's photos (DESIGN.md, "Photos"): each upload is turned upright
 * from its EXIF orientation, stripped of every metadata field (GPS
 * included: sharp writes none unless asked), cropped to the shape its place
 * in the shop shows and written as WebP at the two widths the storefront's
 * srcset offers. The files live in the database, so a backup holds them and
 * every process serves them, at URLs named by their content.
 */

/** Photos larger than this are refused before they are decoded. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** A photo that decodes to more pixels than this is refused (a phone's 48 MP mode is rare; a bomb is not). */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** Formats a phone or a camera gives; HEIC where this build of sharp can read it. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

/** The widths written, largest first; the largest names the URL's hash. */
const WIDTHS = [800, 400] as const;

/** Width to height: products are shown 4:5 (800 × 1000), category tiles 4:3 (800 × 600). */
export type PhotoShape = "product" | "category";
const ASPECT: Record<PhotoShape, number> = { product: 1000 / 800, category: 600 / 800 };

/**
 * sharp (libvips) is loaded on the first upload, so the server's memory holds
 * it only once the owner has uploaded a photo. Each upload is decoded once;
 * its cache would only hold memory.
 */
let library: Promise<typeof import("sharp")> | undefined;
const loadSharp = () =>
  (library ??= import("sharp").then((module) => {
    module.default.cache(false);
    return module;
  }));

export class PhotoRejected extends Error {
  override name = "PhotoRejected";
}

export interface ProcessedPhoto {
  hash: string;
  files: { width: number; height: number; bytes: Buffer }[];
}

/**
 * An upload checked before it is decoded (its size, its format among
 * `formats`, its pixels), and a pipeline for it: upright from its EXIF
 * orientation, every metadata field left behind. Throws PhotoRejected with
 * a message for the owner.
 */
async function checkedUpload(bytes: Uint8Array, name: string, formats: { accepted: Set<string>; said: string }) {
  const { default: sharp } = await loadSharp();
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw new PhotoRejected(`${name} is larger than 15 MB.`);
  let metadata: Metadata;
  try {
    // Only the header is read here, so a bomb's claimed size is safe to learn and refuse below.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejected(`${name} is not a photo: use ${formats.said} file.`);
  }
  if (!formats.accepted.has(metadata.format))
    throw new PhotoRejected(`${name} is a ${metadata.format.toUpperCase()} file: use ${formats.said} file.`);
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS)
    throw new PhotoRejected(`${name} is larger than 40 megapixels: save it smaller and try again.`);
  return () => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" }).rotate();
}

/** Runs the writing of an upload's files, which decodes it to the end: a damaged file is refused there. */
async function writtenFiles<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch {
    throw new PhotoRejected(`${name} could not be read to the end: it may be damaged. Try another copy.`);
  }
}

const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 24);

/** Turns an upload into the WebP files the shop serves, or throws PhotoRejected with a message for the owner. */
export async function processPhoto(bytes: Uint8Array, fileName: string, shape: PhotoShape): Promise<ProcessedPhoto> {
  const name = fileName || "The photo";
  const image = await checkedUpload(bytes, name, { accepted: ACCEPTED_FORMATS, said: "a JPEG, PNG, WebP or HEIC" });
  const files = await writtenFiles(name, async () => {
    const written = [];
    for (const width of WIDTHS) {
      const height = Math.round(width * ASPECT[shape]);
      const output = await image()
        .resize({ width, height, fit: "cover", position: "attention" })
        .webp({ quality: 80, effort: 4 })
        .toBuffer();
      written.push({ width, height, bytes: output });
    }
    return written;
  });
  return { hash: hashOf(files[0]!.bytes), files };
}

/** A logo is a PNG, JPEG or WebP: a drawing (SVG) could carry scripts, and a phone's HEIC is no logo. */
const LOGO_FORMATS = { accepted: new Set(["png", "jpeg", "webp"]), said: "a PNG, JPEG or WebP" };

/** The logo's files, each its own photo at its one width: the nav's, the favicon's and the touch icon's. */
export interface ProcessedLogo {
  nav: ProcessedPhoto;
  icon: ProcessedPhoto;
  touchIcon: ProcessedPhoto;
}

/** The nav shows the logo 48 px tall at most; it is written twice that, for sharp screens. */
const LOGO_NAV = { width: 480, height: 96 };

/**
 * The owner's logo as the nav, the browser's tab and a phone's home screen
 * show it (DESIGN.md, "The shop's own name, pages and policies"): upright,
 * without metadata, WebP. The icons are square, the logo centred; the touch
 * icon on the page's colour, as a phone shows no transparency there.
 */
export async function processLogo(bytes: Uint8Array, fileName: string): Promise<ProcessedLogo> {
  const name = fileName || "The logo";
  const image = await checkedUpload(bytes, name, LOGO_FORMATS);
  const one = async (pipeline: ReturnType<typeof image>): Promise<ProcessedPhoto> => {
    const { data, info } = await pipeline.webp({ quality: 90, effort: 4 }).toBuffer({ resolveWithObject: true });
    return { hash: hashOf(data), files: [{ width: info.width, height: info.height, bytes: data }] };
  };
  return writtenFiles(name, async () => ({
    nav: await one(image().resize({ ...LOGO_NAV, fit: "inside", withoutEnlargement: true })),
    icon: await one(image().resize(32, 32, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })),
    touchIcon: await one(
      image().resize(180, 180, { fit: "contain", background: "#faf6f0" }).flatten({ background: "#faf6f0" }),
    ),
  }));
}

export const photoUrl = (hash: string, width: number = WIDTHS[0]) => `/photos/${hash}-${width}.webp`;

/** The hash of a URL this module made (any of its widths), or undefined for any other image URL. */
export function photoHashOf(url: string): string | undefined {
  return /^\/photos\/([0-9a-f]{24})-\d+\.webp$/.exec(url)?.[1];
}

/** Stores processed photos in the caller's transaction; a photo uploaded twice is stored once. */
export async function storePhotos(trx: Trx, photos: ProcessedPhoto[], now: number) {
  for (const photo of photos) {
    await trx
      .insertInto("photos")
      .values(
        photo.files.map((file) => ({
          hash: photo.hash,
          width: file.width,
          height: file.height,
          bytes: file.bytes,
          created_at: now,
        })),
      )
      .onConflict((conflict) => conflict.columns(["hash", "width"]).doNothing())
      .execute();
  }
}

/**
 * Deletes stored photos no product, category or the shop's logo shows any
 * more, in the caller's transaction (after the change that dropped them):
 * those behind the image URLs given, or every stored one (after an import).
 * One statement.
 */
export async function deleteUnusedPhotos(trx: Trx, urls?: string[]) {
  const hashes = urls?.flatMap((url) => photoHashOf(url) ?? []);
  if (hashes?.length === 0) return;
  let query = trx.deleteFrom("photos").where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom("products")
          .select("id")
          .where(sql<boolean>`products.images like '%/photos/' || photos.hash || '-%'`)
          .union(
            selectFrom("categories")
              .select("id")
              .where(sql<boolean>`categories.image_url like '%/photos/' || photos.hash || '-%'`),
          )
          .union(
            selectFrom("shop_settings")
              .select(sql<number>`1`.as("id"))
              .where("key", "=", "logo")
              .where(sql<boolean>`shop_settings.value like '%/photos/' || photos.hash || '-%'`),
          ),
      ),
    ),
  );
  if (hashes) query = query.where("hash", "in", hashes);
  await query.execute();
}

/** One stored file, as /photos/{hash}-{width}.webp serves it. */
export function findPhotoFile(db: Db, hash: string, width: number) {
  return db.selectFrom("photos").select("bytes").where("hash", "=", hash).where("width", "=", width).executeTakeFirst();
}
