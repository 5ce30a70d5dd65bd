import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
 * Builds the app and compiles the server when there is no build, or when
 * their sources changed since. Always the production build (React's
 * development build is twice the size and several times slower), whatever
 * NODE_ENV the caller runs under. Vite's file list is shown only if the
 * build fails.
 */
export function ensureFreshBuild() {
  if (!buildIsStale()) return;
  console.log("Building the shop (no build yet, or the sources changed)…");
  const started = performance.now();
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}${build.stderr}`);
    throw new Error(`The build failed (exit ${build.status ?? build.signal}); its output is above.`);
  }
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
