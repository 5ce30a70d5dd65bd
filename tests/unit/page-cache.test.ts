import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { coalesceReads } from "~/.server/catalog/version";
import { cacheKey, createPageCache } from "../../server/page-cache";
import { waitFor } from "../helpers/wait-for";

describe("cacheKey", () => {
  const key = (url: string, options: { method?: string; cookie?: string } = {}) =>
    cacheKey({ method: "GET", url, ...options });

  it("keys the browsing pages and their navigation data by their URL", () => {
    for (const url of [
      "/",
      "/_.data",
      "/shop",
      "/shop/",
      "/shop.data",
      "/shop/wax",
      "/shop/wax.data",
      "/shop/wax/1001/",
      "/shop/wax/1001/_.data",
    ]) {
      expect(key(url), url).toBe(url);
    }
    expect(key("/shop/wax", { method: "HEAD" })).toBe("/shop/wax");
  });

  it("keeps pages of a long list and React Router's loader lists apart, and refuses other query parameters", () => {
    expect(key("/shop/wax?page=2")).toBe("/shop/wax?page=2");
    expect(key("/shop/wax.data?_routes=routes%2Fcategory")).toBe("/shop/wax.data?_routes=routes%2Fcategory");
    expect(key("/shop/wax?utm_source=mail")).toBeUndefined();
    expect(key("/shop?page=2&nocache=1")).toBeUndefined();
  });

  it("keeps a product page's chosen variant apart, and refuses a variant anywhere else or not written as an id", () => {
    for (const url of [
      "/shop/wax/1001/?variant=5012",
      "/shop/wax/1001.data?variant=5012",
      "/shop/wax/1001/_.data?variant=5012&_routes=routes%2Fproduct",
    ])
      expect(key(url), url).toBe(url);
    for (const url of [
      "/shop/wax?variant=5012",
      "/shop?variant=5012",
      "/shop/wax/1001/?variant=abc",
      "/shop/wax/1001/?variant=05012",
      "/shop/wax/1001/?variant=",
      "/shop/wax/1001/?variant=5012&utm_source=mail",
    ])
      expect(key(url), url).toBeUndefined();
  });

  it("refuses everything that is not a guest's GET of a browsing page", () => {
    expect(key("/shop", { method: "POST" })).toBeUndefined();
    for (const url of [
      "/checkout",
      "/auth",
      "/contact",
      "/api/products?ids=1",
      "/api/catalog",
      "/api/catalog/wax",
      "/api/orders/WS-1/payment",
      "/api/checkout",
      "/shop/wax/1001/extra",
      "/assets/app.js",
    ]) {
      expect(key(url), url).toBeUndefined();
    }
    expect(key("/shop", { cookie: "better-auth.session_token=abc" })).toBeUndefined();
    expect(key("/shop", { cookie: "theme=dark; __Secure-better-auth.session_token=abc" })).toBeUndefined();
    expect(key("/shop", { cookie: "better-auth.session_data=abc" })).toBeUndefined();
    expect(key("/shop", { cookie: "theme=dark" })).toBe("/shop");
  });
});

describe("coalesceReads", () => {
  it("gives the callers of one turn one read that starts after all of them called, and overlaps the turns' reads", async () => {
    const reads: { startedAfter: number; finish: () => void }[] = [];
    let calls = 0;
    const read = coalesceReads(
      () =>
        new Promise<number>((resolve) => {
          const n = reads.length + 1;
          reads.push({ startedAfter: calls, finish: () => resolve(n) });
        }),
    );
    const call = () => {
      calls++;
      return read();
    };
    const first = [call(), call(), call()];
    expect(reads).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads.map((r) => r.startedAfter)).toEqual([3]);

    // A caller in a later turn does not wait for the first read to finish, nor take its value.
    const later = call();
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads.map((r) => r.startedAfter)).toEqual([3, 4]);
    reads[1]!.finish();
    expect(await later).toBe(2);
    reads[0]!.finish();
    expect(await Promise.all(first)).toEqual([1, 1, 1]);
  });
});

describe("createPageCache in front of a real HTTP server", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A stand-in for React Router behind the cache: counts its renders, answers what `route` says. */
  async function serveWith(route: (req: express.Request, res: express.Response) => unknown) {
    let version = 1;
    const cache = createPageCache({
      readVersion: async () => version,
      logger: pino({ level: "silent" }),
      clientOf: () => "127.0.0.1",
      maxBytes: 1024 * 1024,
    });
    let renders = 0;
    const app = express();
    // React Router's answers carry no ETag of their own: only the cache's answers do.
    app.set("etag", false);
    app.use(compression());
    app.use(cache.capture);
    app.use((req, res) => {
      renders++;
      void route(req, res);
    });
    server = http.createServer((req, res) => void cache.serve(req, res, () => app(req, res)));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      get: (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers }),
      renders: () => renders,
      bump: () => version++,
      stored: () => cache.store.size,
    };
  }

  it("answers a kept page until the version changes, with 304s for the ETag it gave", async () => {
    let count = 0;
    const shop = await serveWith((req, res) => {
      res.type("html").send(`<p>render ${++count} for ${req.url}</p>`);
    });
    const rendered = await shop.get("/shop/wax");
    expect(await rendered.text()).toBe("<p>render 1 for /shop/wax</p>");
    expect(rendered.headers.get("cache-control")).toBe("no-cache");
    const etag = rendered.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(shop.stored()).toBe(1);
    const hit = await shop.get("/shop/wax");
    expect(await hit.text()).toBe("<p>render 1 for /shop/wax</p>");
    expect(hit.headers.get("etag")).toBe(etag);
    expect(shop.renders()).toBe(1);
    expect((await shop.get("/shop/wax", { "If-None-Match": etag })).status).toBe(304);

    shop.bump();
    const fresh = await shop.get("/shop/wax");
    expect(await fresh.text()).toBe("<p>render 2 for /shop/wax</p>");
    expect(fresh.headers.get("etag")).not.toBe(etag);
    expect(shop.renders()).toBe(2);
  });

  it("renders and compresses a page once for the shoppers who ask for it while it renders, and answers each in its encoding", async () => {
    const page = `<main>${"<p>Hand-poured soy wax, cotton wick.</p>".repeat(200)}</main>`;
    const shop = await serveWith(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      res.type("html").send(page);
    });
    const encodings = ["br", "gzip", "br, gzip", "identity", "gzip;q=1, br;q=0.5"];
    const answers = await Promise.all(
      encodings.map((encoding) => shop.get("/shop/wax", { "Accept-Encoding": encoding })),
    );
    expect(shop.renders()).toBe(1);
    expect(answers.map((answer) => answer.headers.get("content-encoding"))).toEqual(["br", "gzip", "br", null, "gzip"]);
    for (const answer of answers) expect(await answer.text()).toBe(page);
    expect(new Set(answers.map((answer) => answer.headers.get("etag"))).size).toBe(1);
  });

  it("never keeps an answer that sets a cookie or is not a 200", async () => {
    const shop = await serveWith((req, res) => {
      if (req.url === "/shop/wax") res.cookie("flavour", "vanilla").type("html").send("<p>with a cookie</p>");
      else if (req.url === "/shop/none") res.status(404).type("html").send("<p>not here</p>".repeat(100));
      else res.type("html").send("<p>plain</p>");
    });
    for (const path of ["/shop/wax", "/shop/wax", "/shop/none", "/shop/none"]) await shop.get(path);
    // A plain page after them is kept: once it is, they had their chance and were not.
    await shop.get("/shop/plain");
    await waitFor(() => shop.stored() > 0, { what: "the plain page to be kept" });
    expect(shop.stored()).toBe(1);
    const again = await shop.get("/shop/wax");
    expect(again.headers.get("set-cookie")).toBe("flavour=vanilla; Path=/");
    expect(again.headers.get("etag")).toBeNull();
    expect(shop.renders()).toBe(6);
    // Not kept, but still compressed for the client as any rendered answer.
    const notFound = await shop.get("/shop/none", { "Accept-Encoding": "gzip" });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("content-encoding")).toBe("gzip");
    expect(await notFound.text()).toBe("<p>not here</p>".repeat(100));
  });
});
