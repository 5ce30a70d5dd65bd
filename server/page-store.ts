import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Encoding } from "./content-encoding";
import { MODULE_AFTER_PHOTO } from "~/.server/render/photo-first";

/**
 * A rendered page, kept for the catalog version it was rendered after, as
 * the answers a hit writes without any work: the page in each encoding,
 * compressed once, behind a head of its own. Its inline scripts and style
 * sheet are fixed with it, so its Content-Security-Policy names their hashes
 * instead of the nonce it was rendered with (docs/decisions/002-csp-hashes-for-cached-pages.md).
 */
export interface CachedPage {
  version: number;
  /** The footer shows the year: a page rendered last year is not served this year. */
  validUntil: number;
  etag: string;
  answers: Record<Encoding, { head: string[]; body: Buffer }>;
  /** The head of a 304: no policy, so the browser keeps the one that came with the page it holds. */
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

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style>/gi;
/** What a script's `type` may be for it to run; anything else (JSON-LD) is data, which no policy governs. */
const RUNNABLE_TYPE = /^(?:|module|(?:text|application)\/(?:java|ecma)script)$/i;

/** A tag's attributes by name. Values are quoted, as React writes them, so a nonce ending in `src=` is no `src`. */
const attributesOf = (tag: string) =>
  new Map(
    [...tag.matchAll(/([^\s="]+)(?:="([^"]*)")?/g)].map(([, name = "", value = ""]) => [name.toLowerCase(), value]),
  );

/**
 * The `'sha256-…'` source of each inline element the policy must allow, as a
 * browser hashes it: the text between the tags, after HTML parsing has
 * turned every CR LF and CR into LF.
 */
function inlineHashes(html: string, element: RegExp, applies: (attributes: Map<string, string>) => boolean): string[] {
  const hashes = new Set<string>();
  for (const [, tag = "", text = ""] of html.matchAll(element)) {
    if (applies(attributesOf(tag))) hashes.add(`'sha256-${sha256(text.replace(/\r\n?/g, "\n"))}'`);
  }
  return [...hashes];
}

/** A script that runs as it is, or that a browsing page runs once its photo is on screen (photo-first.ts). */
const runsInline = (attributes: Map<string, string>) =>
  !attributes.has("src") &&
  (RUNNABLE_TYPE.test(attributes.get("type") ?? "") || attributes.get("type") === MODULE_AFTER_PHOTO);

/**
 * The policy a kept page is answered with: the one it was rendered with, but
 * for the render's nonce, whose place the hashes of the page's inline
 * scripts take in `script-src`, and of its style sheets in `style-src`.
 */
function hashedPolicy(policy: string, nonce: string | undefined, body: Buffer, contentType: string): string {
  if (!nonce) return policy;
  const html = contentType.startsWith("text/html") ? body.toString("utf8") : "";
  const hashes = new Map([
    ["script-src", inlineHashes(html, INLINE_SCRIPT, runsInline)],
    ["style-src", inlineHashes(html, INLINE_STYLE, () => true)],
  ]);
  return policy
    .split(";")
    .map((directive) => {
      const name = directive.trim().split(" ")[0] ?? "";
      return directive.replace(` 'nonce-${nonce}'`, (hashes.get(name) ?? []).map((hash) => ` ${hash}`).join(""));
    })
    .join(";");
}

/** Keeps a rendered page: compressed once, in libuv's thread pool, so the event loop keeps serving meanwhile. */
export async function cachedPage(
  rendered: { version: number; headers: OutgoingHttpHeaders; body: Buffer; nonce?: string },
  now: number,
): Promise<CachedPage> {
  const { body, headers } = rendered;
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
  const cacheControl = String(headers["cache-control"] ?? "no-cache");
  const policy = headers["content-security-policy"];
  const kept = Object.entries(headers).flatMap(([name, value]) =>
    PER_RESPONSE_HEADERS.has(name) || value === undefined
      ? []
      : [name, Array.isArray(value) ? value.join(", ") : String(value)],
  );
  if (policy !== undefined) {
    kept.push(
      "content-security-policy",
      hashedPolicy(String(policy), rendered.nonce, body, String(headers["content-type"] ?? "")),
    );
  }
  const head = [...kept, "cache-control", cacheControl, "etag", etag, "vary", VARY];
  const answerWith = (encoded: Buffer, encoding?: Encoding) => ({
    head: [...head, "content-length", String(encoded.length), ...(encoding ? ["content-encoding", encoding] : [])],
    body: encoded,
  });
  const year = new Date(now).getUTCFullYear();
  return {
    version: rendered.version,
    validUntil: Date.UTC(year + 1, 0, 1),
    etag,
    answers: { br: answerWith(br, "br"), gzip: answerWith(gz, "gzip"), identity: answerWith(body) },
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
