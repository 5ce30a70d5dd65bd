import fs from "node:fs";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PHOTO_FORM_BYTES } from "~/.server/admin/photo-upload";
import { parseSetCookie } from "../helpers/browser-session";
import { type Caddy, caddyMissing, caddySuite, freePort, shippedCaddyfile, startCaddy } from "../helpers/caddy";
import { type RawRequest, rawRequest } from "../helpers/https-client";
import { makeTestOwner } from "../helpers/owner";
import { productForm } from "../helpers/product-form";
import { checkoutBody, openShop, type Shop } from "../helpers/shop-api";
import { orderByNumber } from "../helpers/shop-db";
import { startStripeStandIn, type StripeStandIn, stripeTestSettings, succeededEvent } from "../helpers/stripe-stand-in";

const AUTH_ATTEMPTS_PER_IP = 3;
const owner = { email: "mara@wickshop.test", name: "Mara Wick", password: "poured-by-hand-2026" };

/** A PNG of random pixels, stored uncompressed: 15.2 MB (the shop takes photos up to 15 MiB). */
async function fifteenMegabytePhoto() {
  const { default: sharp } = await import("sharp");
  const side = 2250;
  const pixels = Buffer.alloc(side * side * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A form as a browser encodes it for sending: the body and its multipart Content-Type. */
async function encodedForm(form: FormData) {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

describe.skipIf(caddyMissing)(caddySuite("the shop behind Caddy (deploy/Caddyfile)"), () => {
  let stripe: StripeStandIn;
  let shop: Shop;
  let caddy: Caddy;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    const port = await freePort();
    caddy = await startCaddy(port);
    shop = await openShop(
      { Wax: [{ id: 1001, price: 19.99, stock: 50 }] },
      {
        PORT: String(port),
        PUBLIC_URL: caddy.httpsUrl,
        AUTH_ATTEMPTS_PER_IP: String(AUTH_ATTEMPTS_PER_IP),
        STRIPE_SECRET_KEY: stripeTestSettings.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripeTestSettings.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripeTestSettings.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
    );
  });
  afterAll(async () => {
    await caddy?.stop();
    await shop?.close();
    await stripe?.close();
  });

  /** A request to the shop's public address, from a client that checks Caddy's certificate. */
  const send = (path: string, options: RawRequest = {}) =>
    rawRequest(`${caddy.httpsUrl}${path}`, { ca: caddy.ca(), ...options });
  const form = (fields: Record<string, string>) => {
    const body = new URLSearchParams(fields).toString();
    return { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), body };
  };
  const signIn = (fields: Record<string, string>, options: RawRequest = {}) => {
    const { body, ...headers } = form({ intent: "sign-in", returnTo: "/shop", ...fields });
    return send("/auth", { method: "POST", body, ...options, headers: { ...headers, ...options.headers } });
  };

  it("answers over https, and redirects plain http there", async () => {
    const page = await send("/shop");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);

    const plain = await rawRequest(`${caddy.httpUrl}/shop?page=2`);
    expect(plain.status).toBe(308);
    // Caddy names no port when it redirects to its own https_port: 443 on a VPS, a free port here.
    expect(plain.headers.location).toBe("https://localhost/shop?page=2");
  });

  it("gives the owner a Secure session cookie, and sends HSTS", async () => {
    await makeTestOwner(shop.database, owner);
    const answer = await signIn({ email: owner.email, password: owner.password });
    expect(answer.status).toBe(302);
    const session = (answer.headers["set-cookie"] ?? [])
      .map(parseSetCookie)
      .find(({ name }) => /session_token/.test(name));
    expect(session?.attributes).toMatchObject({ secure: true, httponly: true, samesite: "Lax" });
    expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect((await send("/shop")).headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("counts sign-in attempts per client address, whatever X-Forwarded-For a client sends", async () => {
    // A form without its fields is refused (400) after it has been counted.
    const attempt = (localAddress: string, forwardedFor?: string) =>
      signIn({}, { localAddress, headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} });
    for (let index = 0; index < AUTH_ATTEMPTS_PER_IP; index++) expect((await attempt("127.0.0.2")).status).toBe(400);
    expect((await attempt("127.0.0.2")).status).toBe(429);
    // Another client has attempts of its own, and neither can pass for another address.
    expect((await attempt("127.0.0.3")).status).toBe(400);
    expect((await attempt("127.0.0.2", "203.0.113.7")).status).toBe(429);
    expect((await attempt("127.0.0.3", "127.0.0.2")).status).toBe(400);
  });

  it("lets a 15 MB photo through to the back office", async () => {
    // Caddy's own bound is above the shop's largest upload, so the shop's limits are the ones that answer.
    const [, megabytes] = /max_size (\d+)MB/.exec(fs.readFileSync(shippedCaddyfile, "utf8"))!;
    expect(Number(megabytes) * 1_000_000).toBeGreaterThan(MAX_PHOTO_FORM_BYTES);

    const signedIn = await signIn({ email: owner.email, password: owner.password });
    const cookies = (signedIn.headers["set-cookie"] ?? []).map((header) => header.split(";")[0]).join("; ");
    const photo = await fifteenMegabytePhoto();
    expect(photo.length).toBeGreaterThan(15_000_000);
    const { body, contentType } = await encodedForm(
      productForm({ name: "Big Photo" }, [{ name: "IMG_0001.png", type: "image/png", bytes: photo }]),
    );
    const created = await send("/admin/products/new", {
      method: "POST",
      body,
      headers: { Cookie: cookies, "Content-Type": contentType, "Content-Length": body.length },
    });
    expect(created.status).toBe(302);
    expect(created.headers.location).toMatch(/^\/admin\/products\/\d+\?created$/);
    const product = await shop.db.selectFrom("products").select("images").where("name", "=", "Big Photo").execute();
    expect(JSON.parse(product[0]!.images)).toHaveLength(1);
  });

  it("compresses a page once, with the shop's own encoding, and adds none to the checkout's answer", async () => {
    for (const path of ["/shop", "/about"]) {
      const page = await send(path, { headers: { "Accept-Encoding": "gzip, br" } });
      expect(page.headers["content-encoding"]).toMatch(/^(br|gzip)$/);
      const decode = page.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync : zlib.gunzipSync;
      expect(decode(page.body).toString("utf8")).toMatch(/^<!DOCTYPE html>/i);
    }
    const checkout = await send("/api/checkout", {
      method: "POST",
      headers: { "Accept-Encoding": "gzip, br", "Content-Type": "application/json" },
      body: JSON.stringify(checkoutBody([{ id: 1001, quantity: 1 }])),
    });
    expect(checkout.status).toBe(201);
    expect(checkout.headers["content-encoding"]).toBeUndefined();
  });

  it("passes Stripe's webhook through with its signature intact", async () => {
    const placed = await send("/api/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(checkoutBody([{ id: 1001, quantity: 2 }])),
    });
    expect(placed.status).toBe(201);
    const { order } = JSON.parse(placed.body.toString("utf8")) as { order: { number: string } };
    const intent = stripe.intents.get((await orderByNumber(shop.db, order.number)).payment_ref!)!;
    const event = succeededEvent("evt_through_caddy", stripe.succeed(intent.id));
    const deliver = (signature: string) =>
      send("/api/payments/stripe/webhook", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: event.payload,
      });
    expect((await deliver("t=1,v1=0000")).status).toBe(400);
    expect((await deliver(event.signature)).status).toBe(200);
    expect((await orderByNumber(shop.db, order.number)).status).toBe("paid");
  });
});
