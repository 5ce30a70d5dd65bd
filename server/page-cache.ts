import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/.server/logger";
import { preferredEncoding } from "./content-encoding";
import { PageStore, cachedPage, matchesEtag } from "./page-store";
import { carriesSessionCookie } from "./session-cookie";

/** Rendered-page cache for the browsing pages: why and how in docs/decisions/001-page-cache.md. */

/** Where the cached pages live; a page costs its bodies in three encodings. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Paths whose answer depends only on the catalog and the shop's settings:
 * home, the overview, category and product pages with their single-fetch
 * `.data` twins (`/shop/wax.data`, `/shop/wax/1001/_.data`), and the JSON
 * catalog. Anything else (cart, checkout, accounts, orders) is never cached.
 */
const CACHEABLE_PATHS = [/^\/(?:_\.data)?$/, /^\/shop(?:\/[^/]+){0,2}(?:\/|\.data|\/_\.data)?$/, /^\/api\/catalog(?:\/[^/]+)?$/];

/**
 * Query parameters that select what such a page shows: the page of a long
 * list, and React Router's list of loaders to run. Other parameters (a
 * campaign's tags, a cache-buster) would only fill the cache with copies.
 */
const CACHEABLE_PARAMS = new Set(["page", "_routes"]);

/** The cache key of a request, or undefined when its answer may not be shared. */
export function cacheKey(request: { method?: string; url?: string; cookie?: string }): string | undefined {
  const { method, url } = request;
  if ((method !== "GET" && method !== "HEAD") || !url) return undefined;
  if (carriesSessionCookie(request.cookie)) return undefined;
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (!CACHEABLE_PATHS.some((pattern) => pattern.test(path))) return undefined;
  if (query !== -1) {
    for (const name of new URLSearchParams(url.slice(query + 1)).keys()) {
      if (!CACHEABLE_PARAMS.has(name)) return undefined;
    }
  }
  return url;
}

export interface PageCacheOptions {
  readVersion: () => Promise<number>;
  logger: Logger;
  maxBytes?: number;
}

export function createPageCache({ readVersion, logger, maxBytes = DEFAULT_MAX_BYTES }: PageCacheOptions) {
  const store = new PageStore(maxBytes);
  /** What a missed request was looked up as: `capture` keeps its page under that key and version. */
  const misses = new WeakMap<IncomingMessage, { key: string; version: number }>();

  /** Answers a cacheable request from the cache, or hands it to `next` (Express). */
  async function serve(req: IncomingMessage, res: ServerResponse, next: () => void) {
    const key = cacheKey({ method: req.method, url: req.url, cookie: req.headers.cookie });
    if (key === undefined) return next();
    const started = performance.now();
    let version: number;
    try {
      version = await readVersion();
    } catch (error) {
      logger.warn({ error: error instanceof Error ? error.message : String(error) }, "Could not read the catalog version; rendering without the page cache");
      return next();
    }
    const page = store.get(key);
    if (!page || page.version !== version || Date.now() >= page.validUntil) {
      misses.set(req, { key, version });
      return next();
    }
    let status = 200;
    if (matchesEtag(req.headers["if-none-match"], page.etag)) {
      status = 304;
      res.writeHead(304, page.notModifiedHead);
      res.end();
    } else {
      const { head, body } = page.answers[preferredEncoding(req.headers["accept-encoding"])];
      res.writeHead(200, head);
      // Given to end(), the body leaves with the head in one write.
      res.end(req.method === "HEAD" ? undefined : body);
    }
    if (logger.isLevelEnabled("info")) {
      // The line pino-http writes for the requests Express serves, so logs read the same.
      const responseTime = Math.round(performance.now() - started);
      logger.info({ req: { method: req.method, url: req.url }, res: { statusCode: status }, responseTime, cache: "hit" }, "request completed");
    }
  }

  /** Express middleware just before React Router: keeps the page it renders for a request `serve` missed. */
  function capture(req: Request, res: Response, next: NextFunction) {
    const miss = misses.get(req);
    if (!miss || req.method !== "GET") return next();
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding: unknown) => {
      // The page that is about to be kept goes out as its cached copies will: to be checked again every time.
      if (!res.headersSent && !res.hasHeader("cache-control")) res.setHeader("Cache-Control", "no-cache");
      if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as typeof res.end;
    res.once("finish", () => {
      if (res.statusCode !== 200 || res.hasHeader("set-cookie")) return;
      const rendered = { version: miss.version, headers: res.getHeaders(), body: Buffer.concat(chunks), nonce: res.locals.cspNonce as string | undefined };
      cachedPage(rendered, Date.now()).then(
        (page) => store.set(miss.key, page),
        (error: unknown) => logger.warn({ error: error instanceof Error ? error.message : String(error) }, "Could not keep a rendered page"),
      );
    });
    next();
  }

  return { serve, capture, store };
}

export type PageCache = ReturnType<typeof createPageCache>;
