import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Encoding } from "./content-encoding";

/**
 * A rendered page, kept for the catalog version it was rendered after, in a
 * form that takes a fresh Content-Security-Policy nonce per response without
 * any compression work (docs/decisions/001-page-cache.md):
 *
 * - `parts` is the page cut at each occurrence of the nonce it was rendered
 *   with; an answer joins them with its own nonce.
 * - A page without a nonce (JSON, navigation data) is also kept compressed
 *   whole, in brotli and gzip.
 * - A page with one is kept as raw deflate of each part, each compressed on
 *   its own (so none refers back into another) and ending on a byte
 *   boundary. A gzip answer is those parts with the nonce between them as
 *   deflate "stored" blocks, and the gzip trailer's CRC-32 over the page as
 *   sent. (Brotli offers no such seam, so such pages go out in gzip.)
 */
export interface CachedPage {
  version: number;
  /** The footer shows the year: a page rendered last year is not served this year. */
  validUntil: number;
  etag: string;
  /** The head of a 200 answer, but for the length, the encoding and the policy. */
  head: string[];
  /** The Content-Security-Policy header cut at the nonce, if the page had one. */
  policy?: string[];
  parts: Buffer[];
  gzip: Buffer[];
  br?: Buffer;
  /** The head of a 304: no policy, so the browser keeps the one that matches the page it holds. */
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
  "content-security-policy",
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
const deflateRaw = promisify(zlib.deflateRaw);

/** Splits `body` at every occurrence of `separator`. */
function cut(body: Buffer, separator: string): Buffer[] {
  if (!separator) return [body];
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator, start); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/**
 * Keeps a rendered page: cut at its nonce and compressed once, in libuv's
 * thread pool, so the event loop keeps serving meanwhile.
 */
export async function cachedPage(
  rendered: { version: number; headers: OutgoingHttpHeaders; body: Buffer; nonce?: string },
  now: number,
): Promise<CachedPage> {
  const { body, nonce = "" } = rendered;
  const parts = cut(body, nonce);
  const [br, gz] =
    parts.length === 1
      ? await Promise.all([
          brotli(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzip(body, { level: 9 }).then((whole) => [whole]),
        ])
      : [
          undefined,
          await Promise.all(
            parts.map((part, index) =>
              deflateRaw(part, { level: 9, finishFlush: index < parts.length - 1 ? zlib.constants.Z_FULL_FLUSH : zlib.constants.Z_FINISH }),
            ),
          ),
        ];
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const cacheControl = String(rendered.headers["cache-control"] ?? "no-cache");
  const policy = rendered.headers["content-security-policy"];
  const kept = Object.entries(rendered.headers).flatMap(([name, value]) =>
    PER_RESPONSE_HEADERS.has(name) || value === undefined ? [] : [name, Array.isArray(value) ? value.join(", ") : String(value)],
  );
  const year = new Date(now).getUTCFullYear();
  return {
    version: rendered.version,
    validUntil: Date.UTC(year + 1, 0, 1),
    etag,
    head: [...kept, "cache-control", cacheControl, "etag", etag, "vary", VARY],
    policy: policy === undefined ? undefined : String(policy).split(nonce || "\0"),
    parts,
    gzip: gz,
    br,
    notModifiedHead: ["cache-control", cacheControl, "etag", etag, "vary", VARY],
    // The bodies, plus a rough allowance for the key, the heads and the objects around them.
    bytes: body.length + (br?.length ?? 0) + gz.reduce((sum, part) => sum + part.length, 0) + 1024,
  };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** The header of a deflate block that holds `length` bytes as they are (BFINAL 0, BTYPE 00), on a byte boundary. */
function storedBlockHeader(length: number): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}

/**
 * The page as one response sends it, with `nonce` in place of the render's,
 * in `accepted` where kept: the pieces of its body, to be written in one go
 * without copying them together.
 */
export function answer(page: CachedPage, accepted: Encoding, nonce: string): { head: string[]; body: Buffer[] } {
  const head = page.policy ? [...page.head, "content-security-policy", page.policy.join(nonce)] : [...page.head];
  const { parts } = page;
  const encoding = accepted === "br" && !page.br ? "gzip" : accepted;
  let body: Buffer[];
  if (parts.length === 1) {
    body = [encoding === "br" ? page.br! : encoding === "gzip" ? page.gzip[0]! : parts[0]!];
  } else {
    const nonceBytes = Buffer.from(nonce);
    if (encoding === "identity") {
      body = parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part]));
    } else {
      const stored = storedBlockHeader(nonceBytes.length);
      let crc = 0;
      let length = 0;
      for (const [index, part] of parts.entries()) {
        if (index > 0) crc = zlib.crc32(nonceBytes, crc);
        crc = zlib.crc32(part, crc);
        length += part.length + (index > 0 ? nonceBytes.length : 0);
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(length % 2 ** 32, 4);
      body = [GZIP_HEADER, ...page.gzip.flatMap((part, index) => (index === 0 ? [part] : [stored, nonceBytes, part])), trailer];
    }
  }
  head.push("content-length", String(body.reduce((sum, piece) => sum + piece.length, 0)));
  if (encoding !== "identity") head.push("content-encoding", encoding);
  return { head, body };
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
