import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../helpers/run-script";
import { openShop, type Shop } from "../helpers/shop-api";
import {
  afterLaterDeliveryRound,
  logEntries,
  outboxRowsOf,
  placePaidOrder,
  rowsWithStatus,
} from "../helpers/shop-mail";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const SHOP_EMAIL = "owner@candles.example";
const MAX_ATTEMPTS = 3;
const candle = { id: 821, price: 18, stock: 100 };

describe(`an order email that keeps failing, over SMTP on ${testEngine}`, () => {
  let sink: SmtpSink;
  let shop: Shop;
  beforeAll(async () => {
    sink = await startSmtpSink();
    shop = await openShop(
      { Wax: [candle] },
      { SMTP_URL: sink.url, SHOP_EMAIL, MAIL_RETRY_BASE_SECONDS: "0.2", MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS) },
    );
  });
  afterAll(async () => {
    await shop?.close();
    await sink?.close();
  });

  it(`ends failed after MAIL_MAX_ATTEMPTS=${MAX_ATTEMPTS}, is logged FAILED with the order number, listed by npm run outbox -- list, and retry ID delivers it`, async () => {
    sink.refuseNext(Infinity);
    // No shipping email: the notification is the order's only outbox row.
    const order = await placePaidOrder(shop, [{ id: candle.id, quantity: 1 }]);
    const [row] = await waitFor(() => rowsWithStatus(shop.db, order.id, "failed", 1), {
      timeoutMs: 20_000,
      what: "the notification failed",
    });
    expect(row).toMatchObject({
      kind: "order_notification",
      attempts: MAX_ATTEMPTS,
      last_error: expect.stringContaining("451"),
    });
    expect(sink.refusals()).toBe(MAX_ATTEMPTS);

    const failedLog = await waitFor(
      () =>
        logEntries(shop.server).find((entry) => String(entry.msg).includes("FAILED") && entry.order === order.number),
      { timeoutMs: 3_000, what: "a FAILED log line naming the order" },
    );
    expect(failedLog).toMatchObject({ level: 50, outbox: row!.id, attempts: MAX_ATTEMPTS });
    expect(String(failedLog.msg)).toContain(`retry ${row!.id}`);

    // Given up on: no further attempts while nobody retries it (the server looks every 2 s). The server now
    // takes mail, so a wrong attempt would show as the row sent; a round that began after is awaited.
    sink.refuseNext(0);
    await afterLaterDeliveryRound(
      shop.db,
      async () => (await placePaidOrder(shop, [{ id: candle.id, quantity: 1 }])).number,
    );
    expect((await outboxRowsOf(shop.db, order.id))[0]).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(sink.refusals()).toBe(MAX_ATTEMPTS);

    const list = await runScript("scripts/outbox.ts", ["list"], shop.database.env);
    expect(list.stderr).toBe("");
    expect(list.code).toBe(0);
    const listed = list.stdout.split("\n").find((line) => line.startsWith(`#${row!.id} `));
    expect(listed, list.stdout).toBeDefined();
    expect(listed).toContain("failed");
    expect(listed).toContain(order.number);
    expect(listed).toContain(SHOP_EMAIL);
    expect(listed).toContain(`${MAX_ATTEMPTS} attempts`);

    const retry = await runScript("scripts/outbox.ts", ["retry", String(row!.id)], shop.database.env);
    expect(retry.code, retry.stderr).toBe(0);
    expect(retry.stdout).toContain(`Email ${row!.id} is queued again`);

    const [sent] = await waitFor(() => rowsWithStatus(shop.db, order.id, "sent", 1), {
      timeoutMs: 10_000,
      what: "the retried row sent",
    });
    expect(sent).toMatchObject({ attempts: 1, last_error: null });
    const received = sink.messages.filter((message) => message.parsed.subject === row!.subject);
    expect(received).toHaveLength(1);
    expect(received[0]!.envelope.to).toEqual([SHOP_EMAIL]);
    expect(received[0]!.parsed.text).toContain(order.number);

    // Delivered: the list no longer shows it and it cannot be queued again.
    const again = await runScript("scripts/outbox.ts", ["retry", String(row!.id)], shop.database.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`no pending or failed email ${row!.id}`);
    expect((await runScript("scripts/outbox.ts", ["list"], shop.database.env)).stdout).not.toContain(`#${row!.id} `);
  }, 50_000);
});
