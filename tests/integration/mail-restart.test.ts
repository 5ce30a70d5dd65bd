import { afterEach, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { openShop, type Shop } from "../helpers/shop-api";
import {
  afterLaterDeliveryRound,
  logEntries,
  outboxRowsOf,
  placePaidOrder,
  rowsWithStatus,
} from "../helpers/shop-mail";
import { type SmtpSink, startSmtpSink, unusedPort } from "../helpers/smtp-sink";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const SHOP_EMAIL = "owner@candles.example";
const candle = { id: 831, price: 15, stock: 100 };

/**
 * The shop pays an order while its SMTP server is down (the port refuses),
 * records a failed try for each row, then dies; the SMTP server comes up and
 * the shop starts again on the same database: each row arrives exactly once.
 */
describe(`order emails across a server restart, over SMTP on ${testEngine}`, () => {
  let shop: Shop | undefined;
  let sink: SmtpSink | undefined;
  let restarted: ServerProcess | undefined;
  afterEach(async () => {
    await restarted?.stop();
    await shop?.close();
    await sink?.close();
    shop = sink = restarted = undefined;
  });

  it.each(["SIGKILL", "SIGTERM"] as const)(
    "a shop stopped with %s between enqueue and delivery delivers after restart, exactly once",
    async (signal) => {
      const port = await unusedPort();
      const env = {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        SHOP_EMAIL,
        MAIL_RETRY_BASE_SECONDS: "0.2",
        MAIL_MAX_ATTEMPTS: "100",
        PAYMENT_ATTEMPTS_PER_IP: "100000",
      };
      shop = await openShop({ Wax: [candle] }, env);
      const order = await placePaidOrder(shop, [{ id: candle.id, quantity: 1 }], {
        shipping: { email: "buyer@example.com" },
      });
      const queued = await outboxRowsOf(shop.db, order.id);
      expect(queued.map((row) => row.kind)).toEqual(["order_notification", "order_receipt"]);

      // Both rows have had a try that the closed port refused, and are waiting to be retried.
      await waitFor(
        () =>
          queued.every((row) =>
            logEntries(shop!.server).some((entry) => entry.outbox === row.id && entry.order === order.number),
          ),
        { timeoutMs: 10_000, what: "a failed try logged for each row" },
      );
      shop.server.child.kill(signal);
      await shop.server.exited;

      const waiting = await outboxRowsOf(shop.db, order.id);
      for (const row of waiting) {
        expect(row.status).toBe("pending");
        expect(row.attempts).toBeGreaterThanOrEqual(1);
        expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
        // Not held by a claim of the dead process (that lease would delay the test by minutes).
        expect(row.next_attempt_at).toBeLessThan(Date.now() + 60_000);
      }

      sink = await startSmtpSink({ port });
      restarted = await startServerProcess({ ...shop.database.env, ...env });
      const sent = await waitFor(() => rowsWithStatus(shop!.db, order.id, "sent", 2), {
        timeoutMs: 15_000,
        what: "both rows sent after the restart",
      });
      // More delivery rounds (every 2 s) must not send anything twice: one that began after is awaited.
      const running = { ...shop, url: restarted.url };
      const marker = await afterLaterDeliveryRound(
        shop.db,
        async () => (await placePaidOrder(running, [{ id: candle.id, quantity: 1 }])).number,
      );

      expect(sink.messages.filter((message) => !message.parsed.subject?.includes(marker))).toHaveLength(2);
      for (const row of sent) {
        const copies = sink.messages.filter(
          (message) => message.parsed.subject === row.subject && message.envelope.to.includes(row.to),
        );
        expect(copies, `copies of outbox row ${row.id}`).toHaveLength(1);
      }
      expect((await outboxRowsOf(shop.db, order.id)).map((row) => row.status)).toEqual(["sent", "sent"]);
    },
    45_000,
  );
});
