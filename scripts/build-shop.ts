import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { newBuildFolder, pruneBuilds, switchBuild } from "./build-folders";

/**
 * Builds the app and compiles the server into a new folder under `builds/`,
 * beside the build a running shop serves, which it leaves alone. Always the
 * production build (React's development build is twice the size and several
 * times slower), whatever NODE_ENV the caller runs under. Quiet, Vite's file
 * list is shown only if the build fails. A failed build's folder is removed.
 */
export function makeBuild(root: string, { quiet }: { quiet: boolean }): string {
  const folder = newBuildFolder(root);
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", WICKSHOP_BUILD_DIR: path.relative(root, folder) },
    encoding: "utf8",
    stdio: quiet ? "pipe" : "inherit",
  });
  if (build.status === 0) return folder;
  fs.rmSync(folder, { recursive: true, force: true });
  if (quiet) process.stderr.write(`${build.stdout}${build.stderr}`);
  throw new Error(`The build failed (exit ${build.status ?? build.signal}); its output is above.`);
}

/** Makes `folder` the build `build/server.js` runs, and removes builds older than those kept. */
export function publishBuild(root: string, folder: string) {
  switchBuild(root, folder);
  pruneBuilds(root);
}
