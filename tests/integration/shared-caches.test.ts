import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCredentials, signOut, signUp } from "../helpers/accounts";
import { BrowserSession, type PageResponse } from "../helpers/browser-session";
import { checkoutBody, openShop, type Shop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

/**
 * What a CDN or a corporate proxy between the shop and its shoppers may keep
 * (issue #14, defect 13): nothing built for a session, and a guest's page
 * only for requests without the cookie it was rendered without.
 */

/** The pages the page cache keeps for guests, and their client-side navigation data. */
const cacheablePaths = [
  "/",
  "/shop",
  "/shop/wax",
  "/shop/wax/1001",
  "/_.data",
  "/shop.data",
  "/shop/wax.data",
  "/shop/wax/1001/_.data",
];
/** Answers rendered afresh every time: pages that show the nav bar, which names a signed-in shopper, and the JSON catalog. */
const otherPages = ["/about", "/contact", "/auth", "/checkout", "/no-such-page", "/api/catalog"];

const varyOf = (response: Pick<PageResponse, "headers">) =>
  new Set(
    (response.headers.get("vary") ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );

/** Vary names Cookie, and Accept-Encoding too where there is a body to compress (a redirect has none). */
function expectVariesByCookie(response: Pick<PageResponse, "headers" | "location">, what: string) {
  expect(varyOf(response), what).toEqual(
    new Set(response.location === null ? ["accept-encoding", "cookie"] : ["cookie"]),
  );
}

describe(`what shared caches may keep, on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, stock: 5 }] });
  });
  afterAll(() => shop?.close());

  // First in the file: nothing has asked for these pages yet, so their first answers are fresh renders.
  it("a guest's page varies by Cookie from its first, freshly rendered answer on, cached, HEAD and 304 answers too", async () => {
    const guest = new BrowserSession(shop.url);
    for (const path of cacheablePaths) {
      const head = await guest.send(path, { method: "HEAD" });
      expect(head.status, `HEAD ${path}`).toBe(200);
      expectVariesByCookie(head, `HEAD ${path}, rendered`);

      // The first GET renders the page, keeps it and answers with the kept copy, ETag and all.
      const first = await guest.get(path);
      expect(first.headers.get("etag"), `${path}: the first answer is the kept copy`).not.toBeNull();
      expectVariesByCookie(first, `${path}, rendered`);
      // Still shareable: only answers built for a session are private.
      expect(first.headers.get("cache-control"), path).not.toMatch(/private/);

      const cached = await guest.get(path);
      expect(cached.headers.get("etag"), `${path}, cached`).toBe(first.headers.get("etag"));
      expectVariesByCookie(cached, `${path}, cached`);
      expectVariesByCookie(await guest.send(path, { method: "HEAD" }), `HEAD ${path}, cached`);
      const notModified = await guest.send(path, { headers: { "If-None-Match": first.headers.get("etag")! } });
      expect(notModified.status, `${path}, revalidated`).toBe(304);
      expectVariesByCookie(notModified, `${path}, 304`);
    }
    for (const path of otherPages) {
      expectVariesByCookie(await guest.get(path), path);
      expectVariesByCookie(await guest.send(path, { method: "HEAD" }), `HEAD ${path}`);
    }
  });

  it("every answer built for a signed-in shopper is private and never stored, pages, data, JSON and HEAD alike", async () => {
    const shopper = new BrowserSession(shop.url);
    const signedUp = await signUp(shopper, newCredentials("Perpetua Wick"));
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get("cache-control"), "the answer that sets the session cookie").toBe("private, no-store");

    for (const path of [...cacheablePaths, ...otherPages]) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await shopper.send(path, { method });
        expect(answer.headers.get("cache-control"), `${method} ${path}`).toBe("private, no-store");
        expectVariesByCookie(answer, `${method} ${path}`);
      }
    }

    const order = await shopper.send("/api/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(checkoutBody([{ id: 1001, quantity: 1 }])),
    });
    expect(order.status).toBe(201);
    expect(order.headers.get("cache-control"), "the signed-in shopper's order").toBe("private, no-store");

    const signedOut = await signOut(shopper);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("cache-control"), "the answer that ends the session").toBe("private, no-store");
  });
});
