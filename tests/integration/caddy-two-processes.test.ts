import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { type Caddy, caddyMissing, caddySuite, freePort, startCaddy } from "../helpers/caddy";
import { catalogFile } from "../helpers/catalog-files";
import { rawRequest } from "../helpers/https-client";
import { repoRoot } from "../helpers/run-script";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import {
  cards,
  newIdempotencyKey,
  pay,
  type PaymentAnswer,
  paymentStatus,
  placePendingOrder,
} from "../helpers/shop-api";
import { orderByNumber } from "../helpers/shop-db";
import { expectEveryPlacedOrderStored, shoppersThroughCaddy, unanswered } from "../helpers/shoppers-through-caddy";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";
import { sleep, waitFor } from "../helpers/wait-for";

const candle = { id: 1001, price: 12, stock: 100_000 };
/**
 * Shoppers at once, and the bounds of the loop each runs: rounds (a page and a checkout), and time. The test
 * ends the loop 1.5 s after B has stopped; the bounds only keep a stuck run finite, so they leave room for
 * the stop delay on a fast machine (100 rounds once ended before B stopped).
 */
const SHOPPERS = 4;
const MAX_ROUNDS = 1_000;
const MAX_LOOP_MS = 30_000;

/** The stop delay the shipped template unit gives each process (docs/running-a-shop.md, "Two processes"). */
const stopDelaySeconds = /STOP_DELAY_SECONDS=(\d+)/.exec(
  fs.readFileSync(path.join(repoRoot, "deploy/wickshop@.service"), "utf8"),
)![1]!;

const needsPostgres =
  testEngine === "postgres"
    ? undefined
    : "skipped: several processes share one PostgreSQL database; this run is on SQLite (TEST_DATABASE_URL runs it)";
const title = (text: string) => {
  if (caddyMissing || !needsPostgres) return caddySuite(text);
  console.warn(`${text}: ${needsPostgres}`);
  return `${text}: ${needsPostgres}`;
};

/** Requests process `server` answered to `url` (its request log, LOG_LEVEL=info). */
const answered = (server: ServerProcess, url: string) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"url":"${url}"`)).length;

describe.skipIf(caddyMissing || needsPostgres)(
  title("two shop processes on one PostgreSQL database behind Caddy (deploy/Caddyfile, wickshop@.service)"),
  () => {
    let database: TestDatabase;
    let caddy: Caddy;
    let a: ServerProcess;
    let b: ServerProcess;
    const placedDirectly = newIdempotencyKey();
    beforeAll(async () => {
      database = await createTestDatabase();
      await importCatalog(database.db, parseCatalogFile(catalogFile({ Wax: [candle] })), { replace: false });
      const ports = [await freePort(), await freePort()];
      caddy = await startCaddy(...ports);
      const env = (port: number) => ({
        ...database.env,
        PORT: String(port),
        PUBLIC_URL: caddy.httpsUrl,
        STOP_DELAY_SECONDS: stopDelaySeconds,
        LOG_LEVEL: "info",
      });
      [a, b] = await Promise.all([startServerProcess(env(ports[0]!)), startServerProcess(env(ports[1]!))]);
      // Caddy takes both in turn once its health check has found them up: each answers a request sent through it.
      await waitFor(
        async () => {
          await rawRequest(`${caddy.httpsUrl}/healthz`, { ca: caddy.ca() });
          return answered(a, "/healthz") > 0 && answered(b, "/healthz") > 0;
        },
        { timeoutMs: 10_000, what: "Caddy to send requests to both processes" },
      );
    });
    afterAll(async () => {
      await caddy?.stop();
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.cleanup();
    });

    it("pays through one process an order placed through the other", async () => {
      const order = await placePendingOrder(a, [{ id: candle.id, quantity: 2 }], { idempotencyKey: placedDirectly });
      const paid = await pay(b, order, cards.success);
      expect(paid.status).toBe(200);
      expect(paid.body.order).toMatchObject({ number: order.number, status: "paid", amountCents: 2400 });

      // The process that placed it, and Caddy, say so too: nothing is kept in one process alone.
      expect((await paymentStatus(a, order.number, order.accessToken)).body.order?.status).toBe("paid");
      const throughCaddy = await rawRequest(`${caddy.httpsUrl}/api/orders/${order.number}/payment`, {
        ca: caddy.ca(),
        headers: { "X-Order-Token": order.accessToken },
      });
      expect((JSON.parse(throughCaddy.body.toString("utf8")) as PaymentAnswer).order?.status).toBe("paid");
      expect((await orderByNumber(database.db, order.number)).status).toBe("paid");
    });

    it(`loses no request and no checkout while one process is stopped with SIGTERM for good (STOP_DELAY_SECONDS=${stopDelaySeconds})`, async () => {
      let shopping = true;
      const shoppers = shoppersThroughCaddy(caddy, candle.id, {
        shoppers: SHOPPERS,
        maxRounds: MAX_ROUNDS,
        maxMs: MAX_LOOP_MS,
        keepGoing: () => shopping,
      });
      // Both take checkouts in turn before B is stopped.
      await waitFor(() => answered(a, "/api/checkout") > 3 && answered(b, "/api/checkout") > 3, {
        timeoutMs: 10_000,
        what: "both processes to take checkouts",
      });
      const stopping = Date.now();
      expect(await b.stop()).toBe(0);
      const stopped = Date.now();
      await sleep(1_500);
      shopping = false;
      const sent = await shoppers;

      expect(unanswered(sent), caddy.errors()).toEqual([]);
      // B went on answering for its stop delay, then exited; its share of the checkouts went to A meanwhile and after.
      expect(stopped - stopping).toBeGreaterThanOrEqual(Number(stopDelaySeconds) * 1000);
      expect(answered(b, "/api/checkout")).toBeGreaterThan(0);
      expect(sent.filter(({ what, sentAt }) => what === "checkout" && sentAt > stopped).length).toBeGreaterThan(0);
      const placed = await expectEveryPlacedOrderStored(database.db, sent, [placedDirectly]);
      // Each checkout reached one process once (the loop's, and the one placed at A directly): none was sent twice.
      const checkouts = sent.filter(({ what }) => what === "checkout").length + 1;
      const reached = () => answered(a, "/api/checkout") + answered(b, "/api/checkout");
      await waitFor(() => reached() >= checkouts, { timeoutMs: 5_000, what: "the last request log lines" });
      expect(reached()).toBe(checkouts);
      console.log(
        `${sent.length} requests, ${placed.length} orders; checkouts answered by A: ${answered(a, "/api/checkout")}, by B: ${answered(b, "/api/checkout")}; B took ${stopped - stopping} ms to stop`,
      );
    });
  },
);
