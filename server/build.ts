import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import type { ServerBuild } from "react-router";
import type { Config } from "~/.server/config";
import type { Logger } from "~/.server/logger";
import { answerDatabaseOutages } from "./database-outage";
import { imagesVersion } from "./images-version";
import { BUILDS } from "../scripts/build-folders";
import { ownBuildFolder } from "./build-folder";
import { otherBuildsAssets } from "./other-builds-assets";
import { precompressedAssets, typeOfEncodedTwin } from "./precompressed-assets";

/**
 * The app React Router serves, and the middleware for its assets: the
 * production build this process started from (server/build-folder.ts), or Vite's dev
 * server that builds on request (`npm run dev`).
 */
export async function loadBuild(root: string, mode: Config["mode"], logger: Logger) {
  if (mode !== "development") {
    const folder = ownBuildFolder(root);
    const build = (await import(pathToFileURL(path.join(folder, "server/index.js")).href)) as ServerBuild;
    const clientDir = path.join(folder, "client");
    const setHeaders = cacheHeaders(clientDir, imagesVersion(path.join(clientDir, "images")));
    const assets = express
      .Router()
      .use(
        precompressedAssets(clientDir),
        express.static(clientDir, { index: false, setHeaders }),
        otherBuildsAssets(path.join(root, BUILDS), folder),
      );
    return { build: answerDatabaseOutages(build, logger), assets, close: async () => {} };
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  return {
    build: async () =>
      answerDatabaseOutages(
        (await devServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild,
        logger,
      ),
    assets: devServer.middlewares,
    close: () => devServer.close(),
  };
}

/**
 * Hashed build assets never change, nor does an image asked for by this
 * build's version of the images (`?v=`, as the pages name them). Other
 * public files (an image without it, the icon) may, so they are kept for a day.
 */
const cacheHeaders = (clientDir: string, images: string) => (res: express.Response, file: string) => {
  typeOfEncodedTwin(res, file);
  const immutable =
    file.startsWith(path.join(clientDir, "assets") + path.sep) ||
    (file.startsWith(path.join(clientDir, "images") + path.sep) && res.req.query.v === images);
  res.setHeader("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=86400");
};
