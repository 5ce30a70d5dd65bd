import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { type Caddy, caddyMissing, caddySuite, freePort, startCaddy } from "../helpers/caddy";
import { catalogFile } from "../helpers/catalog-files";
import { expectEveryPlacedOrderStored, shoppersThroughCaddy, unanswered } from "../helpers/shoppers-through-caddy";
import { type SocketActivatedShop, socketActivatedShop } from "../helpers/socket-activation";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { sleep } from "../helpers/wait-for";

const candle = { id: 1001, price: 12, stock: 100_000 };
/** Shoppers at once, and the bounds of the loop each runs: rounds (a page and a checkout), and time. */
const SHOPPERS = 4;
const MAX_ROUNDS = 150;
const MAX_LOOP_MS = 25_000;
const RESTARTS = 2;

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

    it(`loses no request and no checkout while the shop is stopped with SIGTERM and started again, ${RESTARTS} times`, async () => {
      const started = Date.now();
      let restarting = true;
      const shoppers = shoppersThroughCaddy(caddy, candle.id, {
        shoppers: SHOPPERS,
        maxRounds: MAX_ROUNDS,
        maxMs: MAX_LOOP_MS,
        keepGoing: () => restarting,
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
      const sent = await shoppers;

      expect(unanswered(sent), caddy.errors()).toEqual([]);
      // Each restart happened under the loop: requests sent before the old shop exited were answered by the new one.
      const waitedThrough = exits.map((exit) =>
        sent.filter(({ sentAt, answeredAt }) => sentAt < exit && answeredAt! > exit),
      );
      for (const requests of waitedThrough) expect(requests.length).toBeGreaterThan(0);

      await expectEveryPlacedOrderStored(database.db, sent);
      console.log(
        `${sent.length} requests in ${Date.now() - started} ms; waited through the restarts: ${waitedThrough.map((requests) => requests.length).join(", ")}`,
      );
    });
  },
);
