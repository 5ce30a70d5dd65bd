import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageAssets } from "../helpers/asset-requests";
import { repoRoot } from "../helpers/run-script";
import { openShop, type Shop } from "../helpers/shop-api";

describe("hashed assets", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001 }] });
  });
  afterAll(() => shop?.close());

  it("go out as the build compressed them, brotli or gzip as the browser takes them, and cached for good", async () => {
    const html = await (await fetch(`${shop.url}/shop/wax`)).text();
    const scripts = pageAssets(html).filter((asset) => asset.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(3);

    for (const asset of scripts) {
      const plain = await fetch(shop.url + asset, { headers: { "Accept-Encoding": "identity" } });
      const original = Buffer.from(await plain.arrayBuffer());
      expect(plain.headers.get("content-encoding"), asset).toBeNull();

      for (const [accept, encoding, suffix, decode] of [
        ["gzip, deflate, br", "br", ".br", zlib.brotliDecompressSync],
        ["gzip", "gzip", ".gz", zlib.gunzipSync],
      ] as const) {
        // Node's fetch would decode the body itself; a raw request shows what was sent.
        const { headers, body } = await rawGet(shop.url + asset, accept);
        expect(headers["content-encoding"], asset).toBe(encoding);
        expect(headers["content-type"], asset).toMatch(/^text\/javascript/);
        expect(headers["cache-control"], asset).toBe("public, max-age=31536000, immutable");
        expect(headers["vary"], asset).toMatch(/Accept-Encoding/);
        expect(decode(body).equals(original), `${asset} as ${encoding}`).toBe(true);
        // The very bytes the build wrote, not a compression made for this request.
        expect(
          body.equals(fs.readFileSync(path.join(repoRoot, "build/client", asset + suffix))),
          `${asset}${suffix}`,
        ).toBe(true);
      }
    }
  });

  it("name the shop's own images by their version, which is cached for good; the same image otherwise for a day", async () => {
    const html = await (await fetch(`${shop.url}/`)).text();
    const image = /src="(\/images\/categories\/wax-800\.webp)\?v=([\w-]+)"/.exec(html);
    expect(image, "the Wax tile's image").not.toBeNull();
    const [, file, version] = image!;
    const answers = await Promise.all(
      [`${file}?v=${version}`, file, `${file}?v=older`].map((url) => fetch(shop.url + url)),
    );
    const bytes = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(bytes[0]!.equals(fs.readFileSync(path.join(repoRoot, "public", file!)))).toBe(true);
    expect(answers.map((answer) => answer.headers.get("cache-control"))).toEqual([
      "public, max-age=31536000, immutable",
      "public, max-age=86400",
      "public, max-age=86400",
    ]);
  });
});

function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
