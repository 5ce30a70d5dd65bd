import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * One version for all the shop's own images (`/images/…`): a hash of every
 * file's name and bytes under `dir`. The build writes it into the pages'
 * image URLs (`?v=…`, app/lib/images.ts), and the server, hashing the
 * images it serves, keeps those URLs for good: a changed image is a new
 * build, and so new URLs.
 */
export function imagesVersion(dir: string): string {
  const hash = createHash("sha256");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort() : [];
  for (const name of files) {
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(name.split(path.sep).join("/")).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  return hash.digest("base64url").slice(0, 12);
}
