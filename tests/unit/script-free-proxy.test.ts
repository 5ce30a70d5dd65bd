import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptFreeProxy, startScriptFreeProxy } from "../../bench/script-free-proxy";

const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<link rel="preload" as="image" href="/images/a-800.webp" fetchPriority="high"/>',
  '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/>',
  '<script nonce="n">document.documentElement.classList.add("x")</script>',
  '<link rel="icon" href="/favicon.svg"/>',
  "</head><body><h1>Lavender</h1>",
  '<script type="application/ld+json">{"@type":"Product"}</script>',
  '<script type="module" async="">import "/assets/root.js";</script>',
  "</body></html>",
].join("");
const SCRIPT = 'console.log("<script>")';

/** The shop's side: the page in brotli, as the page cache answers it, and a script as it is. */
function startPageServer(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url === "/assets/root.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(SCRIPT);
      return;
    }
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "br", etag: 'W/"page"' })
      .end(zlib.brotliCompressSync(PAGE));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("the floor's proxy", () => {
  let shop: http.Server;
  let proxy: ScriptFreeProxy;
  beforeAll(async () => {
    shop = await startPageServer();
    proxy = await startScriptFreeProxy(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await proxy?.stop();
    shop?.close();
  });

  it("answers a page without any script or module preload, encoded as the shop encoded it", async () => {
    const answer = await fetch(`${proxy.url}/shop/wax/1001`, { headers: { "accept-encoding": "br" } });
    expect(answer.headers.get("content-encoding")).toBe("br");
    expect(answer.headers.get("etag")).toBeNull();
    expect(await answer.text()).toBe(
      [
        "<!DOCTYPE html><html><head>",
        '<link rel="preload" as="image" href="/images/a-800.webp" fetchPriority="high"/>',
        '<link rel="icon" href="/favicon.svg"/>',
        "</head><body><h1>Lavender</h1>",
        "</body></html>",
      ].join(""),
    );
  });

  it("passes every other answer through as it is", async () => {
    const answer = await fetch(`${proxy.url}/assets/root.js`);
    expect(answer.headers.get("content-type")).toBe("text/javascript");
    expect(await answer.text()).toBe(SCRIPT);
  });
});
