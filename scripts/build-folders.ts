import fs from "node:fs";
import path from "node:path";

/**
 * Each build is a folder of its own under `builds/`, and `build` is a symlink
 * to the one the shop runs: `npm start`, the units and the tests all run
 * `build/server.js`. A new build is written beside the running one and the
 * link is then switched in one rename, so a process never sees a half-written
 * build, and each process goes on serving the build it started from
 * (server/build-folder.ts).
 */
export const BUILDS = "builds";
export const CURRENT_BUILD = "build";

/**
 * Builds kept: the one served and the two before it, for pages already open in
 * browsers (their scripts are served from the build that made them) and for
 * `npm run update -- --back`.
 */
export const KEPT_BUILDS = 3;

/** Where the build being made writes (react-router.config.ts, scripts/compile-server.ts): `build` when run by hand. */
export const buildDirectory = () => process.env.WICKSHOP_BUILD_DIR ?? CURRENT_BUILD;

/** A new, empty build folder, named by the time so that names sort oldest first. */
export function newBuildFolder(root: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
  const folder = path.join(root, BUILDS, `${stamp}-${process.pid}`);
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

/** The build folders, oldest first. */
export function listBuilds(root: string): string[] {
  const builds = path.join(root, BUILDS);
  if (!fs.existsSync(builds)) return [];
  return fs
    .readdirSync(builds, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(builds, entry.name))
    .sort();
}

/** The folder `build` points at, or undefined when there is no build. */
export function currentBuild(root: string): string | undefined {
  try {
    return fs.realpathSync(path.join(root, CURRENT_BUILD));
  } catch {
    return undefined;
  }
}

/** The build made before the current one, for going back a version. */
export function previousBuild(root: string): string | undefined {
  const current = currentBuild(root);
  return listBuilds(root)
    .filter((folder) => current !== undefined && folder < current)
    .at(-1);
}

/**
 * Where a `build` folder goes when it is not a link: one from before builds had
 * folders of their own, or a bare `react-router build`'s. Named to sort oldest.
 */
const earlierBuild = () => `00000000T000000-earlier-${Date.now()}`;

/**
 * Points `build` at `folder` with one rename of a new symlink over it. A
 * `build` folder from before builds had folders of their own is moved into
 * `builds/` first.
 */
export function switchBuild(root: string, folder: string) {
  const link = path.join(root, CURRENT_BUILD);
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat?.isDirectory()) fs.renameSync(link, path.join(root, BUILDS, earlierBuild()));
  const temporary = `${link}.${process.pid}.tmp`;
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(root, folder), temporary);
  fs.renameSync(temporary, link);
}

/** Removes all but the newest KEPT_BUILDS builds, never the current one. */
export function pruneBuilds(root: string) {
  const current = currentBuild(root);
  for (const folder of listBuilds(root).slice(0, -KEPT_BUILDS)) {
    if (folder !== current) fs.rmSync(folder, { recursive: true, force: true });
  }
}
