import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openShop, type Shipping, type Shop } from "../helpers/shop-api";
import {
  type ExpectedOrder,
  expectNotification,
  expectReceipt,
  placePaidOrder,
  rowsWithStatus,
} from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const SHOP_EMAIL = "owner@candles.example";
const lavender = { id: 851, name: "Lavender Field", price: 19.99, stock: 100, scent: "Lavender" };
const pine = { id: 852, name: "Pine & Snow", price: 8, stock: 100, scent: "Pine" };
const buyer: Shipping = {
  name: "Ada <b>Lovelace</b> & Co",
  address: "12 Wick Lane",
  city: "Portland",
  state: "OR",
  zip: "97201",
  phone: "503-555-0100",
  email: "ada@example.com",
};

describe(`order emails as .eml files (no SMTP, no EmailJS) on ${testEngine}`, () => {
  let shop: Shop;
  let outboxDir: string;
  beforeAll(async () => {
    shop = await openShop({ Wax: [lavender, pine] }, { SHOP_EMAIL, MAIL_RETRY_BASE_SECONDS: "0.2" });
    outboxDir = path.join(shop.database.env.DATA_DIR, "outbox");
  });
  afterAll(() => shop?.close());

  it("writes DATA_DIR/outbox/<id>.eml per outbox row, which parse into the same content as the SMTP emails", async () => {
    const order = await placePaidOrder(
      shop,
      [
        { id: lavender.id, quantity: 3 },
        { id: pine.id, quantity: 1 },
      ],
      { shipping: buyer },
    );
    const rows = await waitFor(() => rowsWithStatus(shop.db, order.id, "sent", 2), {
      timeoutMs: 15_000,
      what: "both rows sent",
    });

    const files = fs.readdirSync(outboxDir).sort();
    expect(files).toEqual(rows.map((row) => `${row.id}.eml`).sort());
    const expected: ExpectedOrder = {
      number: order.number,
      total: "$67.97",
      customerName: "Guest",
      shipping: buyer,
      items: [
        { id: lavender.id, name: lavender.name, scent: lavender.scent, quantity: 3, price: "$19.99" },
        { id: pine.id, name: pine.name, scent: pine.scent, quantity: 1, price: "$8.00" },
      ],
    };
    for (const row of rows) {
      const mail = await simpleParser(fs.readFileSync(path.join(outboxDir, `${row.id}.eml`)));
      expect(mail.subject).toBe(row.subject);
      if (row.kind === "order_notification") expectNotification(mail, expected, SHOP_EMAIL);
      else expectReceipt(mail, expected, SHOP_EMAIL);
      expect(mail.html).toContain("Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; Co");
      expect(mail.messageId).toEqual(expect.any(String));
    }
    expect(rows.map((row) => row.kind).sort()).toEqual(["order_notification", "order_receipt"]);
  });
});
