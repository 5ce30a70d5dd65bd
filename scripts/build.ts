import path from "node:path";
import { CURRENT_BUILD } from "./build-folders";
import { makeBuild, publishBuild } from "./build-shop";

/**
 * `npm run build`: a new build beside the running one, then `build` switched
 * to it. A running shop goes on serving its own build until it restarts.
 */
const projectRoot = path.resolve(import.meta.dirname, "..");

try {
  const folder = makeBuild(projectRoot, { quiet: false });
  publishBuild(projectRoot, folder);
  console.log(`${CURRENT_BUILD} → ${path.relative(projectRoot, folder)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
