import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeBuild, publishBuild } from "./build-shop";
import { COMPILED_SERVER } from "./server-command";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, COMPILED_SERVER);
const sources = [
  "app",
  "server",
  "server.ts",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts",
  "package-lock.json",
];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function buildIsStale() {
  const compiled = fs.statSync(built, { throwIfNoEntry: false });
  return !compiled || sources.some((source) => newestChange(path.join(root, source)) > compiled.mtimeMs);
}

/**
 * Builds the shop (scripts/build-shop.ts) when there is no build, or when its
 * sources changed since, and switches `build` to it.
 */
export function ensureFreshBuild() {
  if (!buildIsStale()) return;
  console.log("Building the shop (no build yet, or the sources changed)…");
  const started = performance.now();
  publishBuild(root, makeBuild(root, { quiet: true }));
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
