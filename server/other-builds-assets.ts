import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const HASHED_ASSET = /^\/assets\/\w[\w.-]*$/;

/**
 * Serves a hashed script or style sheet this build lacks from the other builds
 * kept beside it (scripts/build-folders.ts), newest first. A hashed name has
 * one content whichever build wrote it. Pages rendered by one version ask
 * for that version's files from whichever process answers next: an old
 * page's lazily loaded route after a restart, or during a restart of two
 * processes in turn, a new page's files from the process not yet restarted.
 * Only misses come here, so the folders are listed when asked.
 */
export function otherBuildsAssets(builds: string, ownFolder: string): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !HASHED_ASSET.test(req.path)) return next();
    const others = fs.existsSync(builds) ? fs.readdirSync(builds).sort().reverse() : [];
    const file = others
      .map((name) => path.join(builds, name, "client", req.path))
      .find((candidate) => candidate !== path.join(ownFolder, "client", req.path) && fs.existsSync(candidate));
    if (!file) return next();
    res.sendFile(file, { headers: { "Cache-Control": "public, max-age=31536000, immutable" } });
  };
}
