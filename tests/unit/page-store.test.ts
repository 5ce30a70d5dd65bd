import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { preferredEncoding } from "../../server/content-encoding";
import { newNonce } from "../../server/csp-nonce";
import { PageStore, answer, cachedPage, matchesEtag } from "../../server/page-store";

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

describe("cachedPage and answer", () => {
  const headers = {
    "content-type": "text/html; charset=utf-8",
    "x-frame-options": "SAMEORIGIN",
    "content-encoding": "gzip",
    date: "then",
    vary: "Accept-Encoding",
  };
  const headOf = (head: string[]) => Object.fromEntries(chunk(head));

  it("keeps a page without a nonce compressed whole, with the headers of any answer and none of the one response's", async () => {
    const body = Buffer.from(JSON.stringify({ items: Array.from({ length: 50 }, (_, id) => ({ id, name: `Candle ${id}` })) }));
    const page = await cachedPage({ version: 7, headers, body }, Date.UTC(2026, 5, 1));
    expect(page.validUntil).toBe(Date.UTC(2027, 0, 1));
    const plain = answer(page, "identity", newNonce());
    expect(Buffer.concat(plain.body)).toEqual(body);
    expect(headOf(plain.head)).toEqual({
      "content-type": "text/html; charset=utf-8",
      "x-frame-options": "SAMEORIGIN",
      "cache-control": "no-cache",
      etag: page.etag,
      vary: "Accept-Encoding, Cookie",
      "content-length": String(body.length),
    });
    const br = answer(page, "br", newNonce());
    expect(zlib.brotliDecompressSync(Buffer.concat(br.body))).toEqual(body);
    expect(headOf(br.head)).toMatchObject({ "content-encoding": "br", "content-length": String(Buffer.concat(br.body).length) });
    expect(zlib.gunzipSync(Buffer.concat(answer(page, "gzip", newNonce()).body))).toEqual(body);
  });

  it("gives every answer of a page with a nonce a fresh one, in the page and its policy, as it is or in gzip", async () => {
    const rendered = newNonce();
    const page$ = (nonce: string) =>
      [
        "<!DOCTYPE html><html><head><title>Wax</title></head><body>",
        "<p>Hand-poured candles.</p>".repeat(200),
        `<script nonce="${nonce}">window.__context = {};</script>`,
        `<script type="module" nonce="${nonce}">import "/assets/entry.js";</script>`,
        `<script nonce="${nonce}">${"enqueue('[1,2,3]');".repeat(50)}</script></body></html>`,
      ].join("");
    const policy = (nonce: string) => `default-src 'self';script-src 'self' 'nonce-${nonce}';object-src 'none'`;
    const page = await cachedPage(
      { version: 3, headers: { ...headers, "content-security-policy": policy(rendered) }, body: Buffer.from(page$(rendered)), nonce: rendered },
      Date.now(),
    );
    expect(page.parts).toHaveLength(4);

    const seen = new Set<string>();
    for (const encoding of ["identity", "gzip", "br", "gzip"] as const) {
      const nonce = newNonce();
      const answered = answer(page, encoding, nonce);
      const { head } = answered;
      const body = Buffer.concat(answered.body);
      // Brotli has no seam to put a nonce in: such pages go out in gzip. gunzip checks the CRC-32 and length.
      const sent = encoding === "identity" ? body : zlib.gunzipSync(body);
      expect(sent.toString(), encoding).toBe(page$(nonce));
      expect(headOf(head), encoding).toMatchObject({
        "content-security-policy": policy(nonce),
        "content-length": String(body.length),
        ...(encoding === "identity" ? {} : { "content-encoding": "gzip" }),
      });
      seen.add(nonce);
    }
    expect(seen.size).toBe(4);
    expect(page.notModifiedHead).not.toContain("content-security-policy");
  });
});

const chunk = (flat: string[]) => Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!] as const);
