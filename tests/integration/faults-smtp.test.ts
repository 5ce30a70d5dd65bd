import { afterEach, describe, expect, it } from "vitest";
import { openShop, type Shop } from "../helpers/shop-api";
import {
  afterLaterDeliveryRound,
  type OutboxRecord,
  outboxRowsOf,
  placePaidOrder,
  rowsWithStatus,
} from "../helpers/shop-mail";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const SHOP_EMAIL = "owner@candles.example";
const candle = { id: 841, price: 18, stock: 50 };
const oneCandle = [{ id: candle.id, quantity: 1 }];

/** The sink's copies of an outbox row: same subject, same recipient. */
const copiesOf = (sink: SmtpSink, row: OutboxRecord) =>
  sink.messages.filter((message) => message.parsed.subject === row.subject && message.envelope.to.includes(row.to));

/**
 * mail-smtp.test.ts covers a server that answers but refuses a message (451);
 * mail-restart.test.ts one that is down across a restart of the shop. Here the
 * SMTP server goes away under a running shop and comes back: the emails of
 * the orders paid meanwhile wait in the outbox and go out once it is back.
 */
describe(`an SMTP server that is down for a while, on ${testEngine}`, () => {
  let shop: Shop | undefined;
  let sink: SmtpSink | undefined;
  afterEach(async () => {
    await shop?.close();
    await sink?.close();
    shop = sink = undefined;
  });

  it("keeps the emails of orders paid meanwhile pending, counting tries, and sends each exactly once when it is back", async () => {
    const before = await startSmtpSink();
    sink = before;
    const { port } = before;
    shop = await openShop(
      { Wax: [candle] },
      { SMTP_URL: before.url, SHOP_EMAIL, MAIL_RETRY_BASE_SECONDS: "0.2", MAIL_MAX_ATTEMPTS: "100" },
    );
    const db = shop.db;

    const earlier = await placePaidOrder(shop, oneCandle, { shipping: { email: "first@example.com" } });
    await waitFor(() => rowsWithStatus(db, earlier.id, "sent", 2), {
      timeoutMs: 15_000,
      what: "the first order's emails sent",
    });
    expect(before.messages).toHaveLength(2);
    await before.close();
    sink = undefined;

    const withReceipt = await placePaidOrder(shop, oneCandle, { shipping: { email: "second@example.com" } });
    const withoutReceipt = await placePaidOrder(shop, oneCandle, { shipping: { email: undefined } });
    const waiting = async () => [
      ...(await outboxRowsOf(db, withReceipt.id)),
      ...(await outboxRowsOf(db, withoutReceipt.id)),
    ];
    // A try counts when it begins and holds its row for minutes (its lease) until it ends: a row is waiting out
    // its second refusal only once that try has ended, else the try could still reach the server brought back.
    const triedTwice = (row: { attempts: number; next_attempt_at: number }) =>
      row.attempts >= 2 && row.next_attempt_at < Date.now() + 60_000;
    const refused = await waitFor(
      async () => {
        const rows = await waiting();
        return rows.length === 3 && rows.every(triedTwice) ? rows : undefined;
      },
      { timeoutMs: 15_000, what: "two refused tries for each waiting email" },
    );
    for (const row of refused) {
      expect(row.status).toBe("pending");
      expect(row.sent_at).toBeNull();
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    }

    const after = await startSmtpSink({ port });
    sink = after;
    const sent = await waitFor(
      async () => {
        const rows = await waiting();
        return rows.every((row) => row.status === "sent") ? rows : undefined;
      },
      { timeoutMs: 20_000, what: "the waiting emails sent once the server is back" },
    );
    // Later delivery rounds (every 2 s) must not send any of them again: one that began after is awaited.
    const marker = await afterLaterDeliveryRound(
      db,
      async () => (await placePaidOrder(shop!, oneCandle, { shipping: { email: undefined } })).number,
    );

    expect(after.messages.filter((message) => !message.parsed.subject?.includes(marker))).toHaveLength(3);
    for (const row of sent) {
      expect(copiesOf(after, row), `copies of outbox row ${row.id}`).toHaveLength(1);
      expect(row.attempts).toBeGreaterThanOrEqual(3);
      expect(row.last_error).toBeNull();
    }
    // The emails sent before the outage are not sent again.
    for (const row of await outboxRowsOf(db, earlier.id)) expect(copiesOf(after, row)).toEqual([]);
  }, 60_000);
});
