import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUILDS, CURRENT_BUILD } from "../scripts/build-folders";

/**
 * The build this process runs, found once at start: the `builds/<id>` folder
 * its own compiled code was loaded from (Node loads `build/server.js` from
 * the folder the link points at, and this module is compiled into it), or
 * wherever `build` points when it runs as TypeScript. The process serves that
 * build's pages and assets until it stops, even after `build` is switched to
 * a newer one (scripts/build-folders.ts).
 */
export function ownBuildFolder(root: string): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const builds = path.join(root, BUILDS) + path.sep;
  if (here.startsWith(builds)) return path.join(builds, here.slice(builds.length).split(path.sep)[0]!);
  return fs.realpathSync(path.join(root, CURRENT_BUILD));
}
