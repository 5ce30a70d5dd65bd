import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/.server/logger";
import { preferredEncoding } from "./content-encoding";
import { type CachedPage, PageStore, cachedPage, matchesEtag } from "./page-store";
import { carriesSessionCookie } from "~/.server/accounts/session-cookie";

/** Rendered-page cache for the browsing pages: why and how in docs/decisions/001-page-cache.md. */

/** Where the cached pages live; a page costs its bodies in three encodings. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Paths whose answer depends only on the catalog and the shop's settings:
 * home, the overview, category and product pages with their single-fetch
 * `.data` twins (`/shop/wax.data`, `/shop/wax/1001/_.data`). Anything else
 * (cart, checkout, accounts, orders) is never cached, nor the JSON catalog,
 * whose exact stock counts change with every sale (the catalog version does
 * not: app/.server/catalog/version.ts).
 */
const CACHEABLE_PATHS = [/^\/(?:_\.data)?$/, /^\/shop(?:\/[^/]+){0,2}(?:\/|\.data|\/_\.data)?$/];

/**
 * Query parameters that select what such a page shows: the page of a long
 * list, and React Router's list of loaders to run. Other parameters (a
 * campaign's tags, a cache-buster) would only fill the cache with copies.
 */
const CACHEABLE_PARAMS = new Set(["page", "_routes"]);

/**
 * A product page's chosen variant (`?variant=1234`) is a page of its own: the
 * server renders that variant's price and photo. Its loader redirects an id
 * that is not one of the product's to the product, so only real variants are
 * kept, one copy each.
 */
const PRODUCT_PATH = /^\/shop\/[^/]+\/[^/.]+(?:\/|\.data|\/_\.data)?$/;
const VARIANT_ID = /^[1-9]\d{0,9}$/;

const cacheableParam = (path: string, name: string, value: string) =>
  CACHEABLE_PARAMS.has(name) || (name === "variant" && VARIANT_ID.test(value) && PRODUCT_PATH.test(path));

/** The cache key of a request, or undefined when its answer may not be shared. */
export function cacheKey(request: { method?: string; url?: string; cookie?: string }): string | undefined {
  const { method, url } = request;
  if ((method !== "GET" && method !== "HEAD") || !url) return undefined;
  if (carriesSessionCookie(request.cookie)) return undefined;
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (!CACHEABLE_PATHS.some((pattern) => pattern.test(path))) return undefined;
  if (query !== -1) {
    for (const [name, value] of new URLSearchParams(url.slice(query + 1))) {
      if (!cacheableParam(path, name, value)) return undefined;
    }
  }
  return url;
}

export interface PageCacheOptions {
  readVersion: () => Promise<number>;
  logger: Logger;
  /** The client's address, as Express's own request lines give it (client-address.ts). */
  clientOf: (req: IncomingMessage) => string;
  maxBytes?: number;
}

/** How a cached page goes out: raw `writeHead` before Express, or through Express's own response on a miss. */
type Send = (status: number, head: string[], body?: Buffer) => void;

/** Answers a request from a kept page: 304 for the ETag it holds, else the page in the encoding the client prefers. */
function answerFrom(page: CachedPage, req: IncomingMessage, send: Send): number {
  if (matchesEtag(req.headers["if-none-match"], page.etag)) {
    send(304, page.notModifiedHead);
    return 304;
  }
  const { head, body } = page.answers[preferredEncoding(req.headers["accept-encoding"])];
  send(200, head, req.method === "HEAD" ? undefined : body);
  return 200;
}

export function createPageCache({ readVersion, logger, clientOf, maxBytes = DEFAULT_MAX_BYTES }: PageCacheOptions) {
  const store = new PageStore(maxBytes);
  /** What a missed GET was looked up as: `capture` keeps its page under that key and version. */
  const misses = new WeakMap<
    IncomingMessage,
    { key: string; version: number; kept: (page: CachedPage | undefined) => void }
  >();
  /**
   * Pages being rendered, by key: the requests that miss the same page of the
   * same version meanwhile wait for it, so a page is rendered and compressed
   * once per version, however many shoppers ask for it at that moment.
   */
  const rendering = new Map<string, { version: number; page: Promise<CachedPage | undefined> }>();

  // A hit's line holds its method, URL and status, nothing to redact: redaction was most of the line's cost.
  const hitLogger = logger.child({}, { redact: [] });
  const logHit = (req: IncomingMessage, status: number, started: number) => {
    if (!hitLogger.isLevelEnabled("info")) return;
    // The line pino-http writes for the requests Express serves, so logs read the same.
    const responseTime = Math.round(performance.now() - started);
    hitLogger.info(
      {
        req: { method: req.method, url: req.url },
        client: clientOf(req),
        res: { statusCode: status },
        responseTime,
        cache: "hit",
      },
      "request completed",
    );
  };

  /** Answers a cacheable request from the cache, or hands it to `next` (Express). */
  async function serve(req: IncomingMessage, res: ServerResponse, next: () => void) {
    const key = cacheKey({ method: req.method, url: req.url, cookie: req.headers.cookie });
    if (key === undefined) return next();
    const started = performance.now();
    let version: number;
    try {
      version = await readVersion();
    } catch (error) {
      logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        "Could not read the catalog version; rendering without the page cache",
      );
      return next();
    }
    const sendRaw: Send = (status, head, body) => {
      res.writeHead(status, head);
      // Given to end(), the body leaves with the head in one write.
      res.end(body);
    };
    const page = store.get(key);
    if (page && page.version === version && Date.now() < page.validUntil)
      return logHit(req, answerFrom(page, req, sendRaw), started);
    const underway = rendering.get(key);
    if (underway && underway.version >= version) {
      const rendered = await underway.page;
      // Not kept (a cookie, a 404): this request is rendered for itself, as any other.
      if (rendered) return logHit(req, answerFrom(rendered, req, sendRaw), started);
      return next();
    }
    if (req.method !== "GET") return next();
    let kept!: (page: CachedPage | undefined) => void;
    const entry = { version, page: new Promise<CachedPage | undefined>((resolve) => (kept = resolve)) };
    rendering.set(key, entry);
    void entry.page.then(() => {
      if (rendering.get(key) === entry) rendering.delete(key);
    });
    misses.set(req, { key, version, kept });
    next();
  }

  /**
   * Express middleware just before React Router, for a request `serve`
   * missed: holds the page React Router renders, keeps it (compressed once,
   * in each encoding) and answers with the kept page, as a hit would. An
   * answer that may not be kept (not a 200, a Set-Cookie) goes out as it was
   * rendered, through the compression middleware.
   */
  function capture(req: Request, res: Response, next: NextFunction) {
    const miss = misses.get(req);
    if (!miss) return next();
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const callbackOf = (args: unknown[]) => args.find((arg): arg is () => void => typeof arg === "function");
    const end = res.end;
    const sendAsRendered = (body: Buffer) => (end as (body: Buffer) => Response).call(res, body);
    const sendThroughExpress: Send = (status, head, body) => {
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      for (let index = 0; index < head.length; index += 2) res.setHeader(head[index]!, head[index + 1]!);
      res.statusCode = status;
      (end as (body?: Buffer) => Response).call(res, body);
    };
    res.write = function (chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      const callback = callbackOf(rest);
      if (callback) process.nextTick(callback);
      return true;
    } as typeof res.write;
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== "function") collect(chunk, rest[0]);
      const callback = callbackOf([chunk, ...rest]);
      if (callback) res.once("finish", callback);
      const body = Buffer.concat(chunks);
      if (res.statusCode !== 200 || res.hasHeader("set-cookie")) {
        miss.kept(undefined);
        sendAsRendered(body);
        return this;
      }
      const rendered = {
        version: miss.version,
        headers: res.getHeaders(),
        body,
        nonce: res.locals.cspNonce as string | undefined,
      };
      cachedPage(rendered, Date.now()).then(
        (page) => {
          store.set(miss.key, page);
          miss.kept(page);
          answerFrom(page, req, sendThroughExpress);
        },
        (error: unknown) => {
          logger.warn(
            { error: error instanceof Error ? error.message : String(error) },
            "Could not keep a rendered page",
          );
          miss.kept(undefined);
          sendAsRendered(body);
        },
      );
      return this;
    } as typeof res.end;
    // A request that ends without an answer (the client left, an error) leaves nothing to wait for.
    res.once("close", () => miss.kept(undefined));
    next();
  }

  return { serve, capture, store };
}

export type PageCache = ReturnType<typeof createPageCache>;
