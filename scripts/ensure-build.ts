import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtServer = path.join(root, "build/server/index.js");
const sources = ["app", "public", "vite.config.ts", "scripts/precompress-assets.ts", "react-router.config.ts", "package-lock.json"];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function buildIsStale() {
  const built = fs.statSync(builtServer, { throwIfNoEntry: false });
  return !built || sources.some((source) => newestChange(path.join(root, source)) > built.mtimeMs);
}

/** Builds the production bundle when there is none, or when its sources changed since. */
export function ensureFreshBuild() {
  if (!buildIsStale()) return;
  console.log("Building the shop (no build yet, or the sources changed)…");
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
}
