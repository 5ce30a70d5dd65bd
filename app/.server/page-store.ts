import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Encoding } from "./content-encoding";

/** One encoding of a page, with its response head ready for writeHead. */
export interface Variant {
  body: Buffer;
  head: string[];
}

/** A rendered page, kept for the catalog version it was rendered after. */
export interface CachedPage {
  version: number;
  /** The footer shows the year: a page rendered last year is not served this year. */
  validUntil: number;
  etag: string;
  variants: Record<Encoding, Variant>;
  /** The head of a 304 answer to a request that already holds this page. */
  notModifiedHead: string[];
  bytes: number;
}

/**
 * Headers that belong to one response, or that the cache writes itself. A
 * Set-Cookie never gets this far: such a response is not kept at all.
 */
const PER_RESPONSE_HEADERS = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "transfer-encoding",
  "vary",
]);

/** The cache answers differently by encoding, and never to a request with a session cookie. */
const VARY = "Accept-Encoding, Cookie";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses a rendered page once, so a hit does no compression work. Runs in
 * libuv's thread pool: the event loop keeps serving while it works.
 */
export async function cachedPage(
  rendered: { version: number; headers: OutgoingHttpHeaders; body: Buffer },
  now: number,
): Promise<CachedPage> {
  const { body } = rendered;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const cacheControl = String(rendered.headers["cache-control"] ?? "no-cache");
  const kept = Object.entries(rendered.headers).flatMap(([name, value]) =>
    PER_RESPONSE_HEADERS.has(name) || value === undefined ? [] : [name, Array.isArray(value) ? value.join(", ") : String(value)],
  );
  const common = [...kept, "cache-control", cacheControl, "etag", etag, "vary", VARY];
  const variant = (encoded: Buffer, encoding: Encoding): Variant => ({
    body: encoded,
    head: [...common, "content-length", String(encoded.length), ...(encoding === "identity" ? [] : ["content-encoding", encoding])],
  });
  const year = new Date(now).getUTCFullYear();
  return {
    version: rendered.version,
    validUntil: Date.UTC(year + 1, 0, 1),
    etag,
    variants: { identity: variant(body, "identity"), br: variant(br, "br"), gzip: variant(gz, "gzip") },
    notModifiedHead: ["cache-control", cacheControl, "etag", etag, "vary", VARY],
    // The bodies, plus a rough allowance for the key, the heads and the objects around them.
    bytes: body.length + br.length + gz.length + 1024,
  };
}

/**
 * Pages by key, least recently used first out once their bytes pass
 * `maxBytes`. A Map keeps insertion order: a hit moves its page to the end.
 */
export class PageStore<Page extends { bytes: number } = CachedPage> {
  private readonly pages = new Map<string, Page>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get bytes() {
    return this.total;
  }

  get size() {
    return this.pages.size;
  }

  get(key: string): Page | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: Page) {
    this.delete(key);
    if (page.bytes > this.maxBytes) return;
    this.pages.set(key, page);
    this.total += page.bytes;
    for (const [oldest, old] of this.pages) {
      if (this.total <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.total -= old.bytes;
    }
  }

  delete(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.total -= page.bytes;
  }
}

/** Whether an If-None-Match header names this page (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}
