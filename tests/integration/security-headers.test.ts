import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Shop, openShop } from "../helpers/shop-api";
import { cspOf, inlineHashes, inlineNonces, policyNonce } from "../helpers/csp";
import { testEngine } from "../helpers/test-database";

const candle = { id: 1101, stock: 5 };

describe(`security headers on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle] });
  });
  afterAll(() => shop?.close());

  it("sends a strict Content-Security-Policy that allows the page's inline scripts and style sheet by a fresh nonce, or by their hashes from the page cache", async () => {
    // Each page twice: a browsing page served again may come from the page cache.
    const pages = ["/", "/shop/wax", `/shop/wax/${candle.id}`, "/auth", "/checkout"].flatMap((path) => [path, path]);
    const nonces: string[] = [];
    for (const path of pages) {
      const response = await fetch(`${shop.url}${path}`);
      const csp = cspOf(response);
      expect(csp["script-src"]).not.toContain("'unsafe-inline'");
      expect(csp["default-src"]).toEqual(["'self'"]);
      expect(csp["frame-ancestors"]).toEqual(["'none'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["script-src"]!.join(" "), "Stripe's origin only when Stripe is configured").not.toContain(
        "stripe.com",
      );
      const html = await response.text();
      const scripts = inlineNonces(html);
      expect(scripts.length, path).toBeGreaterThan(0);
      // The whole style sheet is in the page, so the first paint waits on no other request.
      expect(html, path).not.toContain('rel="stylesheet"');
      expect(inlineNonces(html, "style"), path).toHaveLength(1);
      const nonce = policyNonce(response);
      if (response.headers.get("etag")) {
        // From the page cache: a fixed page, whose scripts the policy names by their hashes.
        expect(nonce, path).toBeUndefined();
        expect(csp["script-src"], path).toEqual(["'self'", ...inlineHashes(html)]);
        expect(csp["style-src"], path).toEqual(["'self'", ...inlineHashes(html, "style")]);
      } else {
        expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(
          scripts.every((scriptNonce) => scriptNonce === nonce),
          path,
        ).toBe(true);
        expect(csp["style-src"], path).toEqual(["'self'", `'nonce-${nonce}'`]);
        expect(inlineNonces(html, "style"), path).toEqual([nonce]);
        nonces.push(nonce!);
      }
    }
    // Never one nonce twice; /auth and /checkout are never cached, so they are rendered every time.
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(nonces.length).toBeGreaterThanOrEqual(4);
  });

  it("sends nosniff, a referrer policy, no framing, and no HSTS over plain http", async () => {
    const response = await fetch(`${shop.url}/`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // DENY, as the policy's frame-ancestors 'none' says: SAMEORIGIN contradicted it.
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("answers HEAD with the headers GET sends", async () => {
    for (const path of ["/about", "/auth", "/shop/wax"]) {
      const get = await fetch(`${shop.url}${path}`);
      await get.text();
      const head = await fetch(`${shop.url}${path}`, { method: "HEAD" });
      expect(head.status, path).toBe(get.status);
      for (const name of [
        "content-type",
        "cache-control",
        "x-frame-options",
        "x-content-type-options",
        "referrer-policy",
        "vary",
      ]) {
        expect(head.headers.get(name), `${path}: ${name}`).toBe(get.headers.get(name));
      }
      expect(head.headers.get("content-security-policy"), path).toMatch(/script-src/);
    }
  });

  it("refuses a form post that is too large with 413 before anything reads it", async () => {
    const response = await fetch(`${shop.url}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `intent=sign-in&email=a%40example.com&password=${"x".repeat(20_000)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: "body_too_large", message: "The body must be at most 16384 bytes." },
    });
  });

  it("refuses a JSON body over the API's limit with 413", async () => {
    const response = await fetch(`${shop.url}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ junk: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});

describe(`behind HTTPS and with Stripe on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(
      { Wax: [candle] },
      {
        PUBLIC_URL: "https://candles.example.com",
        STRIPE_SECRET_KEY: "sk_test_headers",
        STRIPE_PUBLISHABLE_KEY: "pk_test_headers",
        STRIPE_WEBHOOK_SECRET: "whsec_headers",
      },
    );
  });
  afterAll(() => shop?.close());

  it("adds HSTS and Stripe's origins, and asks for https sub-resources", async () => {
    const response = await fetch(`${shop.url}/checkout`);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const csp = cspOf(response);
    expect(csp["script-src"]).toContain("https://js.stripe.com");
    expect(csp["frame-src"]).toEqual(["https://js.stripe.com", "https://hooks.stripe.com"]);
    expect(csp["connect-src"]).toContain("https://api.stripe.com");
    expect(csp).toHaveProperty("upgrade-insecure-requests");
  });
});

describe(`slow clients on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle] }, { SLOW_CLIENT_TIMEOUT_SECONDS: "1" });
  });
  afterAll(() => shop?.close());

  it("cuts off a client that never finishes its headers, and keeps serving others", async () => {
    const { port } = new URL(shop.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    // Bounded: the server closes it after about a second; the test gives up after 15.
    const closed = await new Promise<boolean>((resolve) => {
      const giveUp = setTimeout(() => resolve(false), 15_000);
      socket.on("close", () => {
        clearTimeout(giveUp);
        resolve(true);
      });
    });
    socket.destroy();
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  });
});

describe(`TRUST_PROXY on ${testEngine}`, () => {
  const signInFrom = (shop: Shop, forwardedFor: string) =>
    fetch(`${shop.url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forwardedFor },
      body: "intent=sign-in&email=nobody%40example.com&password=wrong-password&returnTo=%2F",
    });

  it("ignores X-Forwarded-For from a proxy it does not trust, and says once which setting to change", async () => {
    const shop = await openShop({ Wax: [candle] }, { AUTH_ATTEMPTS_PER_IP: "1", TRUST_PROXY: "false" });
    try {
      expect((await signInFrom(shop, "203.0.113.1")).status).toBe(401);
      expect((await signInFrom(shop, "203.0.113.2")).status).toBe(429);
      const warnings = shop.server
        .output()
        .split("\n")
        .filter((line) => line.includes("X-Forwarded-For came from a proxy TRUST_PROXY does not name"));
      expect(warnings).toHaveLength(1);
    } finally {
      await shop.close();
    }
  });

  it("by default trusts a proxy on the same machine: shoppers behind it are counted apart", async () => {
    const shop = await openShop({ Wax: [candle] }, { AUTH_ATTEMPTS_PER_IP: "1" });
    try {
      expect((await signInFrom(shop, "203.0.113.1")).status).toBe(401);
      expect((await signInFrom(shop, "203.0.113.2")).status).toBe(401);
      expect((await signInFrom(shop, "203.0.113.1")).status).toBe(429);
    } finally {
      await shop.close();
    }
  });
});
