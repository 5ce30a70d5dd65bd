import type { Request, Response } from "express";
import { findPhotoFile } from "~/.server/catalog/photos";
import type { Db } from "~/.server/db";

/** A product's and a category's photos are 800 and 400 wide; the logo's files as wide as they came out. */
const FILE_NAME = /^([0-9a-f]{24})-([1-9]\d{0,3})\.webp$/;

/**
 * GET /photos/{hash}-{width}.webp: the owner's uploaded photos, from the
 * database. A URL names its content, so an answer never changes: browsers
 * and proxies keep it for good and revalidate by ETag if they must.
 */
export function servePhotos(db: Db) {
  return async (req: Request<{ file: string }>, res: Response) => {
    const match = FILE_NAME.exec(req.params.file);
    const etag = `"${req.params.file}"`;
    if (match && req.get("if-none-match") === etag) {
      res.status(304).set("ETag", etag).end();
      return;
    }
    const file = match ? await findPhotoFile(db, match[1]!, Number(match[2])) : undefined;
    if (!file) {
      res.status(404).type("text/plain").send("No such photo.");
      return;
    }
    res
      .set({ "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable", ETag: etag })
      .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  };
}
