import fs from "node:fs";
import path from "node:path";
import type { RequestHandler, Response } from "express";
import { preferredEncoding } from "./content-encoding";

const SUFFIX = { br: ".br", gzip: ".gz" } as const;

/**
 * Sends the `.br` or `.gz` twin the build wrote beside a hashed asset
 * (scripts/precompress-assets.ts) to a browser that takes it, by pointing the
 * static file handler behind it at the twin. The twins are listed once, at
 * start: the build does not change under a running server.
 */
export function precompressedAssets(clientDir: string): RequestHandler {
  const assetsDir = path.join(clientDir, "assets");
  const files = new Set(fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir).map((name) => `/assets/${name}`) : []);
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !files.has(`${req.path}.br`)) return next();
    res.vary("Accept-Encoding");
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    if (encoding === "identity" || !files.has(req.path + SUFFIX[encoding])) return next();
    res.setHeader("Content-Encoding", encoding);
    req.url = req.path + SUFFIX[encoding];
    next();
  };
}

/** The type of the file a twin encodes (app.js for app.js.br), for the static handler's `setHeaders`. */
export function typeOfEncodedTwin(res: Response, file: string) {
  if (!res.getHeader("Content-Encoding")) return;
  const original = file.replace(/\.(?:br|gz)$/, "");
  if (original !== file) res.type(path.extname(original));
}
