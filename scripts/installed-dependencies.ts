import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Written into node_modules after `npm ci`: the package-lock.json it installed, by its hash. */
const STAMP = "node_modules/.wickshop-installed";

const lockfileHash = (root: string) =>
  createHash("sha256")
    .update(fs.readFileSync(path.join(root, "package-lock.json")))
    .digest("hex");

/** Whether node_modules holds exactly what package-lock.json lists, as the last `npm ci` left it. */
export function installedFromLockfile(root: string): boolean {
  const stamp = path.join(root, STAMP);
  return fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === lockfileHash(root);
}

/** Records that node_modules was just installed from package-lock.json (a new file, never a half-written one). */
export function recordInstall(root: string) {
  const stamp = path.join(root, STAMP);
  fs.writeFileSync(`${stamp}.tmp`, lockfileHash(root));
  fs.renameSync(`${stamp}.tmp`, stamp);
}
