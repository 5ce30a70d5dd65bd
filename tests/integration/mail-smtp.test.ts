import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import type { TestItem } from "../helpers/catalog-files";
import { openShop, type Shipping, type Shop } from "../helpers/shop-api";
import {
  type ExpectedOrder,
  expectNotification,
  expectReceipt,
  logEntries,
  placePaidOrder,
  rowsWithStatus,
} from "../helpers/shop-mail";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const SHOP_EMAIL = "owner@candles.example";
const amber: TestItem & { scent: string } = {
  id: 811,
  name: "Amber Glow",
  price: 24.5,
  stock: 500,
  scent: "Amber & Musk",
};
const seaSalt: TestItem & { scent: string } = { id: 812, name: "Sea Salt", price: 12, stock: 500, scent: "Ocean" };
const catalog = { Wax: [amber, seaSalt] };

/** A shipping form with markup and an ampersand in it, which the HTML part must escape. */
const trickyShipping: Shipping = {
  name: "Ada <b>Lovelace</b> & Co",
  address: '12 Wick Lane, "Loft" 3',
  city: "Portland",
  state: "OR",
  zip: "97201",
  phone: "+1 503 555 0100",
  email: "ada@example.com",
};

const expectedItems: ExpectedOrder["items"] = [
  { id: amber.id, name: amber.name!, scent: amber.scent, quantity: 2, price: "$24.50" },
  { id: seaSalt.id, name: seaSalt.name!, scent: seaSalt.scent, quantity: 1, price: "$12.00" },
];
const lines = [
  { id: amber.id, quantity: 2 },
  { id: seaSalt.id, quantity: 1 },
];

/** The messages the sink holds with this subject. */
const arrived = (sink: SmtpSink, subject: string) =>
  sink.messages.filter((message) => message.parsed.subject === subject);

describe(`order emails over SMTP on ${testEngine}`, () => {
  describe("what the two emails of a paid order say", () => {
    let sink: SmtpSink;
    let shop: Shop;
    beforeAll(async () => {
      sink = await startSmtpSink();
      shop = await openShop(catalog, { SMTP_URL: sink.url, SHOP_EMAIL, MAIL_RETRY_BASE_SECONDS: "0.2" });
    });
    afterAll(async () => {
      await shop?.close();
      await sink?.close();
    });

    /** Waits until every outbox row of the order has arrived; returns each row's message. */
    async function deliveredMessages(orderId: number, count: number) {
      const rows = await waitFor(() => rowsWithStatus(shop.db, orderId, "sent", count), {
        timeoutMs: 15_000,
        what: `${count} sent rows`,
      });
      return rows.map((row) => {
        const messages = arrived(sink, row.subject).filter((message) => message.envelope.to.includes(row.to));
        expect(messages, `exactly one message for outbox row ${row.id}`).toHaveLength(1);
        return { row, mail: messages[0]! };
      });
    }

    it("a guest's order: the notification to SHOP_EMAIL carries every SPEC §3 field, the receipt goes to the shipping email, HTML escaped", async () => {
      const order = await placePaidOrder(shop, lines, { shipping: trickyShipping });
      const delivered = await deliveredMessages(order.id, 2);
      const expected: ExpectedOrder = {
        number: order.number,
        total: "$61.00",
        customerName: "Guest",
        shipping: trickyShipping,
        items: expectedItems,
      };

      const notification = delivered.find(({ row }) => row.kind === "order_notification")!;
      expect(notification.row.to).toBe(SHOP_EMAIL);
      expect(notification.mail.envelope.to).toEqual([SHOP_EMAIL]);
      expectNotification(notification.mail.parsed, expected, SHOP_EMAIL);
      expect(notification.mail.parsed.html).toContain("Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; Co");
      expect(notification.mail.parsed.text).toContain("Ada <b>Lovelace</b> & Co");

      const receipt = delivered.find(({ row }) => row.kind === "order_receipt")!;
      expect(receipt.row.to).toBe(trickyShipping.email);
      expect(receipt.mail.envelope.to).toEqual([trickyShipping.email]);
      expectReceipt(receipt.mail.parsed, expected, SHOP_EMAIL);
      expect(receipt.mail.parsed.html).toContain("Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; Co");
      for (const { row } of delivered)
        expect(row).toMatchObject({ attempts: 1, last_error: null, sent_at: expect.any(Number) });

      // The owner answers the shopper by replying; Message-IDs are in the shop's own domain (PUBLIC_URL's host).
      expect(notification.mail.parsed.replyTo?.value).toEqual([{ address: trickyShipping.email, name: "" }]);
      expect(receipt.mail.parsed.replyTo).toBeUndefined();
      const host = new URL(shop.url).hostname;
      for (const { mail } of delivered)
        expect(mail.parsed.messageId?.endsWith(`@${host}>`), mail.parsed.messageId).toBe(true);
    });

    it("a signed-in shopper's order names them as customerName; the receipt still goes to the shipping email", async () => {
      const browser = new BrowserSession(shop.url);
      const account = await signedUp(browser);
      const shipping = { ...trickyShipping, email: "deliveries@example.com" };
      const order = await placePaidOrder(shop, [{ id: seaSalt.id, quantity: 1 }], { shipping, browser });
      const delivered = await deliveredMessages(order.id, 2);
      const expected: ExpectedOrder = {
        number: order.number,
        total: "$12.00",
        customerName: account.displayName,
        shipping,
        items: [{ ...expectedItems[1]!, quantity: 1 }],
      };
      expectNotification(
        delivered.find(({ row }) => row.kind === "order_notification")!.mail.parsed,
        expected,
        SHOP_EMAIL,
      );
      const receipt = delivered.find(({ row }) => row.kind === "order_receipt")!;
      expect(receipt.mail.envelope.to).toEqual([shipping.email]);
      expect(receipt.mail.envelope.to).not.toContain(account.email);
      expectReceipt(receipt.mail.parsed, expected, SHOP_EMAIL);
    });

    it("a guest's order without an email queues and sends only the notification", async () => {
      const order = await placePaidOrder(shop, lines, { shipping: { ...trickyShipping, email: undefined } });
      const delivered = await deliveredMessages(order.id, 1);
      expect(delivered.map(({ row }) => row.kind)).toEqual(["order_notification"]);
      expect(sink.messages.filter((message) => message.parsed.subject?.includes(order.number))).toHaveLength(1);
    });
  });

  describe("a server that refuses the first tries", () => {
    const REFUSALS = 2;
    let sink: SmtpSink;
    let shop: Shop;
    beforeAll(async () => {
      sink = await startSmtpSink();
      shop = await openShop(catalog, {
        SMTP_URL: sink.url,
        SHOP_EMAIL,
        MAIL_RETRY_BASE_SECONDS: "0.2",
        MAIL_MAX_ATTEMPTS: "5",
      });
    });
    afterAll(async () => {
      await shop?.close();
      await sink?.close();
    });

    it(`gets the email later: the row ends sent after ${REFUSALS + 1} attempts, and each failed try is logged with the order number`, async () => {
      sink.refuseNext(REFUSALS);
      // No shipping email: one outbox row, so every refusal is that row's.
      const order = await placePaidOrder(shop, lines, { shipping: { email: undefined } });
      const [row] = await waitFor(() => rowsWithStatus(shop.db, order.id, "sent", 1), {
        timeoutMs: 20_000,
        what: "the notification sent",
      });

      expect(sink.refusals()).toBe(REFUSALS);
      expect(row).toMatchObject({ kind: "order_notification", attempts: REFUSALS + 1, last_error: null });
      expect(arrived(sink, row!.subject)).toHaveLength(1);

      const warnings = await waitFor(
        () => {
          const found = logEntries(shop.server).filter(
            (entry) => entry.order === order.number && entry.outbox === row!.id,
          );
          return found.length >= REFUSALS ? found : undefined;
        },
        { timeoutMs: 3_000, what: "the failed tries in the log" },
      );
      expect(warnings).toHaveLength(REFUSALS);
      expect(warnings.map((entry) => entry.attempts)).toEqual([1, 2]);
      for (const entry of warnings) {
        expect(entry.level).toBe(40);
        expect(String(entry.msg)).toMatch(/retried/i);
        expect(String(entry.error)).toContain("451");
      }
    });
  });
});
