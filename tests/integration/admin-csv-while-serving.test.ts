import http from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { insertVariedOrders } from "../helpers/order-rows";
import { type Shop, openShop } from "../helpers/shop-api";
import { logEntries } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

/**
 * An export of about 25 MB (12 batches of about 2 MB): a client that stops
 * reading holds the server back long before its end. The socket's buffers
 * take about 4 MB (Linux's default tcp_wmem maximum; the receiving side does
 * not grow its buffer while nothing is read), the response and the stream
 * hold a batch each: the server stops after about 9 MB.
 */
const ORDERS = 6_000;
const LONG_ADDRESS = "1 Very Long Wick Lane, ".repeat(80);

/** A download the test reads at its own pace: while it is paused nothing leaves the socket, so the server meets back-pressure. */
interface SlowDownload {
  status: number;
  /** Reads until at least `bytes` in all have arrived, then pauses again. */
  readAtLeast: (bytes: number) => Promise<void>;
  /** Reads to the end: everything received, and whether the body ended as HTTP says it should or was cut short. */
  rest: () => Promise<{ body: Buffer; outcome: "complete" | "cut short" }>;
  /** Hangs up, as a browser whose owner closed the tab. */
  hangUp: () => void;
}

function slowDownload(url: string, cookie: string): Promise<SlowDownload> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Cookie: cookie } }, (response) => {
      response.pause();
      const chunks: Buffer[] = [];
      let received = 0;
      let wanted = 0;
      let arrived = () => {};
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= wanted) {
          response.pause();
          arrived();
        }
      });
      const ended = new Promise<"complete" | "cut short">((settle) => {
        response.on("end", () => settle("complete"));
        response.on("error", () => settle("cut short"));
        response.on("close", () => settle(response.complete ? "complete" : "cut short"));
      });
      resolve({
        status: response.statusCode!,
        readAtLeast: (bytes) =>
          new Promise<void>((done) => {
            wanted = bytes;
            arrived = done;
            if (received >= wanted) return done();
            response.resume();
          }),
        rest: async () => {
          wanted = Infinity;
          response.resume();
          const outcome = await ended;
          return { body: Buffer.concat(chunks), outcome };
        },
        hangUp: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}

describe(`the shop while a CSV export runs, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001 }] }, { LOG_LEVEL: "info" });
    owner = await signedInOwner(shop);
    await insertVariedOrders(shop.db, ORDERS);
    await shop.db.updateTable("orders").set({ shipping_address: LONG_ADDRESS }).execute();
  });
  afterAll(() => shop.close());

  const ordersCsv = () => slowDownload(`${shop.url}/admin/orders.csv`, owner.cookieHeader());
  const wholeOrdersCsv = async () =>
    Buffer.from(
      await (await fetch(`${shop.url}/admin/orders.csv`, { headers: { Cookie: owner.cookieHeader() } })).arrayBuffer(),
    );
  /** The server's log lines about CSV exports, from `from` (an index into its output) on. */
  const exportLines = (from: number) =>
    logEntries({ output: () => shop.server.output().slice(from) }).filter((entry) => typeof entry.csv === "string");
  const expectStillServing = async () => {
    expect(shop.server.child.exitCode).toBeNull();
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
    expect((await owner.get("/admin/orders")).status).toBe(200);
  };

  it("answers other pages while a slow client holds a large export, which goes on reading afterwards", async () => {
    const download = await ordersCsv();
    expect(download.status).toBe(200);
    await download.readAtLeast(1);

    // The client has taken the first batch and reads no more; the shop answers meanwhile, from the database too.
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
    expect((await owner.get("/admin/orders")).status).toBe(200);
    expect((await fetch(`${shop.url}/shop/wax`)).status).toBe(200);

    // The export reads as it goes: the oldest order, shipped now, comes out shipped at the very end,
    // which shows that the export was still under way when those pages were answered.
    const oldest = await shop.db
      .selectFrom("orders")
      .select(["id", "number"])
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    await shop.db
      .updateTable("orders")
      .set({ status: "shipped", shipped_at: Date.now(), carrier: "UPS", tracking_number: "1ZWRITTENMEANWHILE" })
      .where("id", "=", oldest.id)
      .execute();
    const { body, outcome } = await download.rest();
    expect(outcome).toBe("complete");
    expect(body.toString("utf8").split("\r\n").at(-2)).toMatch(
      new RegExp(`^${oldest.number},shipped,.*,UPS,1ZWRITTENMEANWHILE,`),
    );
    expect(body.equals(await wholeOrdersCsv())).toBe(true);
  });

  it("cuts the download short when the database fails in the middle of an export, logs it once, and keeps serving", async () => {
    const logFrom = shop.server.output().length;
    const complete = await wholeOrdersCsv();
    const download = await ordersCsv();
    await download.readAtLeast(1);
    // The next batch's query finds no order lines, as after a failover to a database without the table.
    await sql`alter table order_items rename to order_items_away`.execute(shop.db);
    let received: { body: Buffer; outcome: "complete" | "cut short" };
    try {
      received = await download.rest();
    } finally {
      await sql`alter table order_items_away rename to order_items`.execute(shop.db);
    }
    expect(received.outcome).toBe("cut short");
    expect(received.body.length).toBeGreaterThan(0);
    expect(received.body.length).toBeLessThan(complete.length);
    expect(complete.subarray(0, received.body.length).equals(received.body)).toBe(true);

    await expectStillServing();
    expect((await wholeOrdersCsv()).equals(complete)).toBe(true);
    const lines = exportLines(logFrom);
    expect(lines).toEqual([
      expect.objectContaining({ csv: "orders", msg: "A CSV export failed; its download was cut short" }),
    ]);
    expect(JSON.stringify(lines[0])).toMatch(/order_items/);
    expect(shop.server.output().slice(logFrom)).not.toMatch(/unhandled|uncaught/i);
  });

  it("stops the export when the client hangs up, says so once, and keeps serving", async () => {
    const logFrom = shop.server.output().length;
    const download = await ordersCsv();
    await download.readAtLeast(1);
    download.hangUp();
    const lines = await waitFor(() => (exportLines(logFrom).length > 0 ? exportLines(logFrom) : undefined), {
      what: "the export's log line",
    });
    expect(lines).toEqual([
      expect.objectContaining({ csv: "orders", msg: "A CSV export stopped: the client went away" }),
    ]);
    await expectStillServing();
    expect(exportLines(logFrom)).toHaveLength(1);
  });
});
