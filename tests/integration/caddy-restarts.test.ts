import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { type Caddy, caddyMissing, caddySuite, freePort, startCaddy } from "../helpers/caddy";
import { catalogFile } from "../helpers/catalog-files";
import { rawRequest } from "../helpers/https-client";
import { checkoutBody } from "../helpers/shop-api";
import { type SocketActivatedShop, socketActivatedShop } from "../helpers/socket-activation";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { sleep } from "../helpers/wait-for";

const candle = { id: 1001, price: 12, stock: 100_000 };
/** Shoppers at once, and the bounds of the loop each runs: rounds (a page and a checkout), and time. */
const SHOPPERS = 4;
const MAX_ROUNDS = 150;
const MAX_LOOP_MS = 25_000;
const RESTARTS = 2;

interface Sent {
  what: "page" | "checkout";
  sentAt: number;
  answeredAt?: number;
  idempotencyKey?: string;
  status?: number;
  body?: string;
  error?: string;
}

/** Sends one request through Caddy and notes when, and what came back (or the client's error). */
async function send(sent: Sent[], what: Sent["what"], url: string, options: Parameters<typeof rawRequest>[1]) {
  const entry: Sent = { what, sentAt: Date.now() };
  sent.push(entry);
  try {
    const answer = await rawRequest(url, options);
    entry.status = answer.status;
    entry.body = answer.body.toString("utf8");
  } catch (error) {
    entry.error = String(error);
  }
  entry.answeredAt = Date.now();
  return entry;
}

describe.skipIf(caddyMissing)(
  caddySuite("restarting the shop behind Caddy (deploy/Caddyfile, wickshop.socket)"),
  () => {
    let database: TestDatabase;
    let caddy: Caddy;
    let shop: SocketActivatedShop;
    beforeAll(async () => {
      database = await createTestDatabase();
      await importCatalog(database.db, parseCatalogFile(catalogFile({ Wax: [candle] })), { replace: false });
      const port = await freePort();
      caddy = await startCaddy(port);
      shop = await socketActivatedShop({ ...database.env, PUBLIC_URL: caddy.httpsUrl }, port);
      await shop.start();
    });
    afterAll(async () => {
      await caddy?.stop();
      await shop?.close();
      await database?.cleanup();
    });

    /** One round of a shopper: a page, then a checkout with a key of its own. */
    async function shopperRound(sent: Sent[]) {
      const ca = caddy.ca();
      await send(sent, "page", `${caddy.httpsUrl}/shop`, { ca });
      const body = checkoutBody([{ id: candle.id, quantity: 1 }]);
      const checkout = await send(sent, "checkout", `${caddy.httpsUrl}/api/checkout`, {
        method: "POST",
        ca,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      checkout.idempotencyKey = body.idempotencyKey;
    }

    it(`loses no request and no checkout while the shop is stopped with SIGTERM and started again, ${RESTARTS} times`, async () => {
      const sent: Sent[] = [];
      const started = Date.now();
      let restarting = true;
      const shoppers = Array.from({ length: SHOPPERS }, async () => {
        for (let round = 0; round < MAX_ROUNDS && restarting && Date.now() - started < MAX_LOOP_MS; round++) {
          await shopperRound(sent);
        }
      });
      const exits: number[] = [];
      for (let restart = 0; restart < RESTARTS; restart++) {
        await sleep(1_000);
        // As `systemctl restart` does: SIGTERM, wait for the exit, start again (on the socket systemd holds).
        expect(await shop.stop()).toBe(0);
        exits.push(Date.now());
        await shop.start();
      }
      await sleep(500);
      restarting = false;
      await Promise.all(shoppers);

      const failed = sent.filter(({ what, status, body }) => {
        if (status === undefined) return true;
        if (what === "page") return status !== 200;
        return !(status === 201 || (status >= 400 && status < 500 && body?.startsWith('{"error":')));
      });
      expect(failed, caddy.errors()).toEqual([]);
      // Each restart happened under the loop: requests sent before the old shop exited were answered by the new one.
      const waitedThrough = exits.map((exit) =>
        sent.filter(({ sentAt, answeredAt }) => sentAt < exit && answeredAt! > exit),
      );
      for (const requests of waitedThrough) expect(requests.length).toBeGreaterThan(0);

      const placed = sent.filter(({ what, status }) => what === "checkout" && status === 201);
      const orders = await database.db.selectFrom("orders").select(["idempotency_key", "number"]).execute();
      expect(new Set(orders.map((order) => order.idempotency_key))).toEqual(
        new Set(placed.map((checkout) => checkout.idempotencyKey)),
      );
      for (const checkout of placed) {
        const { order } = JSON.parse(checkout.body!) as { order: { number: string } };
        expect(orders).toContainEqual({ idempotency_key: checkout.idempotencyKey, number: order.number });
      }
      console.log(
        `${sent.length} requests in ${Date.now() - started} ms; waited through the restarts: ${waitedThrough.map((requests) => requests.length).join(", ")}`,
      );
    });
  },
);
