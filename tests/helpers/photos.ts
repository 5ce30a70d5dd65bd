import zlib from "node:zlib";
import sharp from "sharp";

/**
 * Photos as a phone or an attacker sends them. The phone photo is stored
 * sideways (red on the left, blue on the right, 1000 × 800) with EXIF
 * orientation 6, which means "turn 90° clockwise to view": upright it is red
 * on top and blue below, 800 × 1000, the product photos' own shape. It
 * carries a GPS position and a camera model, which must not survive.
 */
export async function sidewaysPhonePhoto(): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: 500, height: 800, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 1000, height: 800, channels: 3, background: "#000" } })
    .composite([
      { input: await half(255, 0), left: 0, top: 0 },
      { input: await half(0, 255), left: 500, top: 0 },
    ])
    .withExif({
      IFD0: { Make: "Phone Maker", Model: "Pocket Camera 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 31/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "122/1 40/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A plain photo of one colour, for uploads whose content does not matter. */
export const plainPhoto = (colour: string, format: "png" | "jpeg" | "webp" = "png") => {
  const photo = sharp({ create: { width: 640, height: 800, channels: 3, background: colour } });
  return photo[format]().toBuffer();
};

/** A photo of random pixels: it does not compress, so its file is several hundred KB. */
export const noisyPhoto = () => {
  const width = 400;
  const height = 500;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
};

/**
 * A decompression bomb: a PNG of a few dozen bytes whose header claims
 * 50 000 × 50 000 pixels (2.5 gigapixels, 7.5 GB once decoded).
 */
export function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per sample, RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The colour of one pixel of an image, as [r, g, b]. */
export async function pixelAt(image: Buffer | Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}
