import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { preferredEncoding } from "../../server/content-encoding";
import { MODULE_AFTER_PHOTO } from "../../app/.server/render/photo-first";
import { PageStore, cachedPage, matchesEtag } from "../../server/page-store";

describe("PageStore", () => {
  const page = (bytes: number) => ({ bytes });

  it("stays within its byte bound, dropping the least recently used pages first", () => {
    const store = new PageStore<{ bytes: number }>(1000);
    store.set("a", page(400));
    store.set("b", page(400));
    expect(store.get("a")).toBeDefined(); // b is now the least recently used
    store.set("c", page(400));
    expect([store.get("a"), store.get("b"), store.get("c")].map(Boolean)).toEqual([true, false, true]);
    expect(store.bytes).toBe(800);

    for (let i = 0; i < 100; i++) store.set(`page-${i}`, page(150));
    expect(store.bytes).toBeLessThanOrEqual(1000);
    expect(store.size).toBe(6);
  });

  it("counts a replaced page once, and keeps no page bigger than the bound", () => {
    const store = new PageStore<{ bytes: number }>(1000);
    store.set("a", page(300));
    store.set("a", page(500));
    expect(store.bytes).toBe(500);
    store.set("a", page(1001));
    expect(store.get("a")).toBeUndefined();
    expect(store.bytes).toBe(0);
  });
});

describe("preferredEncoding and matchesEtag", () => {
  it("answers brotli, then gzip, then the page as it is, as the client accepts them", () => {
    expect(preferredEncoding(undefined)).toBe("identity");
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding("*")).toBe("br");
  });

  it("compares entity tags weakly, in lists and as *", () => {
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
  });
});

describe("cachedPage", () => {
  const headers = {
    "content-type": "text/html; charset=utf-8",
    "x-frame-options": "SAMEORIGIN",
    "content-encoding": "gzip",
    date: "then",
    vary: "Accept-Encoding",
  };
  const headOf = (head: string[]) => Object.fromEntries(chunk(head));

  it("keeps a page without a nonce compressed whole, with the headers of any answer and none of the one response's", async () => {
    const body = Buffer.from(
      JSON.stringify({ items: Array.from({ length: 50 }, (_, id) => ({ id, name: `Candle ${id}` })) }),
    );
    const page = await cachedPage({ version: 7, headers, body }, Date.UTC(2026, 5, 1));
    expect(page.validUntil).toBe(Date.UTC(2027, 0, 1));
    const plain = page.answers.identity;
    expect(plain.body).toEqual(body);
    expect(headOf(plain.head)).toEqual({
      "content-type": "text/html; charset=utf-8",
      "x-frame-options": "SAMEORIGIN",
      "cache-control": "no-cache",
      etag: page.etag,
      vary: "Accept-Encoding, Cookie",
      "content-length": String(body.length),
    });
    const br = page.answers.br;
    expect(zlib.brotliDecompressSync(br.body)).toEqual(body);
    expect(headOf(br.head)).toMatchObject({ "content-encoding": "br", "content-length": String(br.body.length) });
    expect(zlib.gunzipSync(page.answers.gzip.body)).toEqual(body);
  });

  // What a browser allows an inline script or style sheet by: the base64 SHA-256 of its text.
  const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
  // Base64 may end like an attribute (`+src==`): a script carrying such a nonce is still inline.
  const nonce = "cmVuZGVyZWQtbm9uY2+src==";
  const policy = (scriptSources: string[], styleSources: string[] = []) =>
    [
      "default-src 'self'",
      ["script-src 'self'", ...scriptSources].join(" "),
      ["style-src 'self'", ...styleSources].join(" "),
      "object-src 'none'",
    ].join(";");
  const rendered = policy([`'nonce-${nonce}'`], [`'nonce-${nonce}'`]);
  const style = ".card{color:#2e2219}";
  const scripts = ["window.__context = {};", 'import "/assets/entry.js";', "enqueue('[1,2,3]');".repeat(50)];
  const html = [
    `<!DOCTYPE html><html><head><title>Wax</title><style id="page-style" nonce="${nonce}">${style}</style>`,
    `<script type="application/ld+json">{"@type":"Product"}</script>`,
    `<script src="/assets/app.js" nonce="${nonce}"></script></head><body>`,
    "<p>Hand-poured candles.</p>".repeat(200),
    `<script nonce="${nonce}">${scripts[0]}</script>`,
    `<script type="module" nonce="${nonce}" async="">${scripts[1]}</script>`,
    `<script nonce="${nonce}">${scripts[2]}</script>`,
    `<script nonce="${nonce}">${scripts[0]}</script></body></html>`,
  ].join("");
  const keep = (body: string, extra: Record<string, string> = { "content-security-policy": rendered }) =>
    cachedPage({ version: 3, headers: { ...headers, ...extra }, body: Buffer.from(body), nonce }, Date.now());

  it("names the sha-256 of each inline script the page runs and of its style sheet in its policy instead of the nonce, every other directive as rendered", async () => {
    const page = await keep(html);
    const hashed = policy(scripts.map(hashOf), [hashOf(style)]);
    for (const encoding of ["br", "gzip", "identity"] as const) {
      expect(headOf(page.answers[encoding].head)["content-security-policy"], encoding).toBe(hashed);
    }
    expect(page.notModifiedHead).not.toContain("content-security-policy");
  });

  it("names the hash of the module script a browsing page runs once its photo is on screen (photo-first.ts)", async () => {
    const later = html.replace('<script type="module"', `<script type="${MODULE_AFTER_PHOTO}"`);
    const page = await keep(later);
    expect(headOf(page.answers.br.head)["content-security-policy"]).toBe(policy(scripts.map(hashOf), [hashOf(style)]));
  });

  it("answers in brotli, gzip and as it is, each the very page that was rendered", async () => {
    const page = await keep(html);
    const { br, gzip, identity } = page.answers;
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(html);
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(html);
    expect(identity.body.toString()).toBe(html);
    for (const [encoding, answer] of Object.entries(page.answers)) {
      expect(headOf(answer.head), encoding).toMatchObject({
        "content-length": String(answer.body.length),
        etag: page.etag,
      });
      expect(headOf(answer.head)["content-encoding"], encoding).toBe(encoding === "identity" ? undefined : encoding);
    }
    expect(br.body.length).toBeLessThan(gzip.body.length);
  });

  it("hashes a script as the browser parses it, line breaks as line feeds", async () => {
    const page = await keep(`<html><body><script nonce="${nonce}">one();\r\ntwo();\rthree();</script></body></html>`);
    expect(headOf(page.answers.br.head)["content-security-policy"]).toBe(policy([hashOf("one();\ntwo();\nthree();")]));
  });

  it("drops the nonce and names no hash when nothing is inline: a page without scripts or styles, or one that is not HTML", async () => {
    const withoutScripts = await keep("<html><body><p>Hand-poured candles.</p></body></html>");
    const json = await keep(
      JSON.stringify({ description: `<script nonce="${nonce}">alert(1)</script><style>*{}</style>` }),
      {
        "content-security-policy": rendered,
        "content-type": "application/json; charset=utf-8",
      },
    );
    for (const page of [withoutScripts, json]) {
      expect(headOf(page.answers.identity.head)["content-security-policy"]).toBe(policy([]));
    }
  });

  it("keeps no policy for a page that was rendered without one", async () => {
    const page = await keep(html, {});
    for (const answer of Object.values(page.answers)) expect(answer.head).not.toContain("content-security-policy");
  });
});

const chunk = (flat: string[]) =>
  Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!] as const);
