import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caddy, caddyMissing, caddySuite, freePort, shippedCaddyfile, startCaddy } from "../helpers/caddy";
import { type RawRequest, rawRequest } from "../helpers/https-client";
import type { ServerProcess } from "../helpers/server-process";
import { openShop, type Shop } from "../helpers/shop-api";
import { waitFor } from "../helpers/wait-for";

/** The shop's JSON log lines so far. */
const logLines = (server: ServerProcess) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg?: string; client?: string; req?: { url?: string }; cache?: string });

/** The clients of the request lines for `url`, once `count` of them are written. */
async function clientsOf(server: ServerProcess, url: string, count: number) {
  const lines = () => logLines(server).filter((line) => line.msg === "request completed" && line.req?.url === url);
  await waitFor(() => lines().length >= count, { timeoutMs: 5_000, what: `${count} request lines for ${url}` });
  return lines().map((line) => line.client);
}

/** A sign-in with a password no account has: refused (401) and logged as a failed sign-in. */
const wrongSignIn = () => {
  const body = new URLSearchParams({ intent: "sign-in", email: "nobody@wickshop.test", password: "wrong-password-1" });
  return {
    method: "POST",
    body: body.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.toString().length },
  } satisfies RawRequest;
};

async function refusalClients(server: ServerProcess, count: number) {
  const lines = () => logLines(server).filter((line) => line.msg === "user sign in failed");
  await waitFor(() => lines().length >= count, { timeoutMs: 5_000, what: `${count} refused sign-ins` });
  return lines().map((line) => line.client);
}

const CATALOG = { Wax: [{ id: 1001, price: 19.99, stock: 5 }] };

describe("the client's address in request lines and refused sign-ins", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(CATALOG, { LOG_LEVEL: "info" });
  });
  afterAll(() => shop?.close());

  it("is the peer's address without X-Forwarded-For, and the forwarded one from a trusted proxy (loopback)", async () => {
    await rawRequest(`${shop.url}/healthz`, { localAddress: "127.0.0.2" });
    await rawRequest(`${shop.url}/healthz`, {
      localAddress: "127.0.0.3",
      headers: { "X-Forwarded-For": "203.0.113.7" },
    });
    expect(await clientsOf(shop.server, "/healthz", 2)).toEqual(["127.0.0.2", "203.0.113.7"]);
  });

  it("names the client in a cached page's line as in a rendered one", async () => {
    for (const localAddress of ["127.0.0.2", "127.0.0.3", "127.0.0.4"])
      expect((await rawRequest(`${shop.url}/shop`, { localAddress })).status).toBe(200);
    expect(await clientsOf(shop.server, "/shop", 3)).toEqual(["127.0.0.2", "127.0.0.3", "127.0.0.4"]);
    expect(logLines(shop.server).some((line) => line.req?.url === "/shop" && line.cache === "hit")).toBe(true);
  });

  it("names the client of a refused sign-in", async () => {
    const form = wrongSignIn();
    const origin = { Origin: shop.url };
    await rawRequest(`${shop.url}/auth`, {
      ...form,
      localAddress: "127.0.0.5",
      headers: { ...form.headers, ...origin },
    });
    const forwarded = { ...form.headers, ...origin, "X-Forwarded-For": "198.51.100.4" };
    await rawRequest(`${shop.url}/auth`, { ...form, localAddress: "127.0.0.5", headers: forwarded });
    expect(await refusalClients(shop.server, 2)).toEqual(["127.0.0.5", "198.51.100.4"]);
  });
});

describe("the client's address with TRUST_PROXY=false", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(CATALOG, { LOG_LEVEL: "info", TRUST_PROXY: "false" });
  });
  afterAll(() => shop?.close());

  it("is the peer's address, whatever X-Forwarded-For says", async () => {
    await rawRequest(`${shop.url}/healthz`, {
      localAddress: "127.0.0.2",
      headers: { "X-Forwarded-For": "203.0.113.7" },
    });
    expect(await clientsOf(shop.server, "/healthz", 1)).toEqual(["127.0.0.2"]);
  });
});

describe.skipIf(caddyMissing)(caddySuite("the client's address through Caddy (deploy/Caddyfile)"), () => {
  let shop: Shop;
  let caddy: Caddy;
  beforeAll(async () => {
    const port = await freePort();
    caddy = await startCaddy(port);
    shop = await openShop(CATALOG, { PORT: String(port), PUBLIC_URL: caddy.httpsUrl, LOG_LEVEL: "info" });
  });
  afterAll(async () => {
    await caddy?.stop();
    await shop?.close();
  });

  it("is each client's own, in the shop's request lines and refusals and in Caddy's access log", async () => {
    const send = (path: string, options: RawRequest) =>
      rawRequest(`${caddy.httpsUrl}${path}`, { ca: caddy.ca(), ...options });
    expect((await send("/healthz", { localAddress: "127.0.0.2" })).status).toBe(200);
    // What a client claims in X-Forwarded-For, Caddy does not pass on.
    const claim = { "X-Forwarded-For": "203.0.113.7" };
    expect((await send("/healthz", { localAddress: "127.0.0.3", headers: claim })).status).toBe(200);
    expect(await clientsOf(shop.server, "/healthz", 2)).toEqual(["127.0.0.2", "127.0.0.3"]);

    const form = wrongSignIn();
    const headers = { ...form.headers, Origin: caddy.httpsUrl };
    await send("/auth", { ...form, localAddress: "127.0.0.3", headers });
    await send("/auth", { ...form, localAddress: "127.0.0.2", headers });
    expect(await refusalClients(shop.server, 2)).toEqual(["127.0.0.3", "127.0.0.2"]);

    const accessed = () =>
      caddy
        .accessLog()
        .map((line) => line.request as { remote_ip: string; uri: string })
        .filter((request) => request.uri === "/healthz" || request.uri === "/auth")
        .map((request) => `${request.remote_ip} ${request.uri}`);
    await waitFor(() => accessed().length >= 4, { timeoutMs: 5_000, what: "Caddy's access log" });
    expect(accessed()).toEqual(["127.0.0.2 /healthz", "127.0.0.3 /healthz", "127.0.0.3 /auth", "127.0.0.2 /auth"]);
  });

  /** deploy/Caddyfile as Caddy reads it with this environment. */
  const adapt = (env: Record<string, string>) =>
    JSON.parse(
      execFileSync("caddy", ["adapt", "--adapter", "caddyfile", "--config", shippedCaddyfile], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
        stdio: ["ignore", "pipe", "ignore"],
      }).toString("utf8"),
    ) as {
      logging: { logs: Record<string, { writer?: Record<string, unknown> }> };
      apps: {
        http: { servers: Record<string, { logs?: { logger_names: Record<string, string> } }> };
        pki?: unknown;
        tls?: unknown;
      };
    };

  it("takes the guide's local test options: Caddy's own certificate, its root out of the trust store", () => {
    const local = adapt({ SITE: "shop.test", SITE_TLS: "tls internal", CADDY_OPTIONS: "skip_install_trust" });
    expect(local.apps.pki).toEqual({ certificate_authorities: { local: { install_trust: false } } });
    expect(local.apps.tls).toMatchObject({
      automation: { policies: [{ subjects: ["shop.test"], issuers: [{ module: "internal" }] }] },
    });
    const server = adapt({ SITE: "shop.example.com" });
    expect(server.apps.pki).toBeUndefined();
    expect(server.apps.tls).toBeUndefined();
  });

  it("keeps the access log as the guide says: /var/log/caddy, a new file at 10 MiB, the 10 newest, 90 days", () => {
    const adapted = adapt({ SITE: "shop.example.com" });
    const [server] = Object.values(adapted.apps.http.servers);
    const logger = server!.logs!.logger_names["shop.example.com"]!;
    expect(adapted.logging.logs[logger]!.writer).toEqual({
      output: "file",
      filename: "/var/log/caddy/wickshop-access.log",
      roll_size_mb: 10,
      roll_keep: 10,
      roll_keep_days: 90,
    });
  });
});
