import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, newCredentials, signIn, signedUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { makeTestOwner } from "../helpers/owner";
import { type Shop, openShop, placePendingOrder } from "../helpers/shop-api";
import { orderByNumber } from "../helpers/shop-db";
import { outboxRowsOf, placePaidOrder, rowsWithStatus } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const TRACKING = "9400 1000 0000 0000 0000 00";
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

describe(`Mark shipped, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  let ownerCredentials: Credentials;
  beforeAll(async () => {
    shop = await openShop(
      { Wax: [{ id: 1001, name: "Fig Leaf", price: 24, stock: 50 }] },
      { SHOP_EMAIL: "owner@wickshop.test" },
    );
    ownerCredentials = { ...newCredentials("Mara Wick"), password: "poured-by-hand-2026" };
    await makeTestOwner(shop.database, {
      email: ownerCredentials.email,
      name: "Mara Wick",
      password: ownerCredentials.password,
    });
    owner = new BrowserSession(shop.url);
    expect((await signIn(owner, ownerCredentials)).status).toBe(302);
  });
  afterAll(() => shop.close());

  const ship = (browser: BrowserSession, fields: Record<string, string>) =>
    browser.postForm("/admin?index", { intent: "ship", ...fields });
  const activityOf = (number: string) =>
    shop.db.selectFrom("activity").selectAll().where("subject", "=", number).execute();

  it("ships a paid order once, with its activity entry and one email to the shopper carrying the tracking link", async () => {
    const order = await placePaidOrder(shop, [{ id: 1001, quantity: 2 }], {
      shipping: { name: "Grace Hopper", email: "grace@example.com" },
    });
    const answer = await ship(owner, { number: order.number, carrier: "USPS", trackingNumber: TRACKING });
    expect(answer.status).toBe(200);
    expect(textOf(answer.html)).toContain(
      `Order ${order.number} is marked shipped; the customer&#x27;s email is on its way.`,
    );
    expect(textOf(answer.html)).toContain("To ship (0)");
    expect(await orderByNumber(shop.db, order.number)).toMatchObject({
      status: "shipped",
      carrier: "USPS",
      tracking_number: TRACKING,
      shipped_at: expect.any(Number),
    });

    // A second click, and two tabs at once, change nothing.
    const again = await Promise.all(
      [1, 2].map(() => ship(owner, { number: order.number, carrier: "UPS", trackingNumber: "1Z999" })),
    );
    for (const answer of again)
      expect(textOf(answer.html)).toContain(`Order ${order.number} was shipped already; nothing changed.`);
    expect(await orderByNumber(shop.db, order.number)).toMatchObject({ carrier: "USPS", tracking_number: TRACKING });
    const [entry, ...more] = await activityOf(order.number);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: "order.shipped", actor_name: "Mara Wick", subject_type: "order" });
    expect(JSON.parse(entry!.before!)).toEqual({ status: "paid" });
    expect(JSON.parse(entry!.after!)).toEqual({ status: "shipped", carrier: "USPS", trackingNumber: TRACKING });

    const rows = await waitFor(() => rowsWithStatus(shop.db, order.id, "sent", 3), {
      what: "the order's three emails to be sent",
    });
    const shipped = rows.filter((row) => row.kind === "order_shipped");
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toMatchObject({
      to: "grace@example.com",
      reply_to: "owner@wickshop.test",
      subject: `Your order ${order.number} has shipped`,
    });
    const mail = await simpleParser(
      fs.readFileSync(path.join(shop.database.env.DATA_DIR, "outbox", `${shipped[0]!.id}.eml`)),
    );
    expect(mail.subject).toBe(`Your order ${order.number} has shipped`);
    expect(mail.text).toContain(`Your order ${order.number} is on its way with USPS.`);
    expect(mail.text).toContain(`Tracking number: ${TRACKING}`);
    const link = `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(TRACKING)}`;
    expect(mail.text).toContain(`Track it: ${link}`);
    expect(mail.html).toContain(`<a href="${link.replaceAll("&", "&amp;")}">${TRACKING}</a>`);
    expect(mail.text).toContain("1. Fig Leaf: 2 x $24.00");
  });

  it("shows the number alone for another carrier, and sends nothing when the order has no email", async () => {
    const other = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }], { shipping: { email: "ada@example.com" } });
    await ship(owner, { number: other.number, carrier: "Other", trackingNumber: "LOCAL-77" });
    const otherEmail = (await outboxRowsOf(shop.db, other.id)).find((row) => row.kind === "order_shipped")!;
    expect(otherEmail.text).toContain("Tracking number: LOCAL-77");
    expect(otherEmail.text).not.toContain("Track it:");

    const noEmail = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }]);
    expect((await ship(owner, { number: noEmail.number, carrier: "", trackingNumber: "" })).status).toBe(200);
    expect(await orderByNumber(shop.db, noEmail.number)).toMatchObject({
      status: "shipped",
      carrier: null,
      tracking_number: null,
    });
    expect((await outboxRowsOf(shop.db, noEmail.id)).map((row) => row.kind)).toEqual(["order_notification"]);
  });

  it.each([
    [{ carrier: "Pigeon" }, "Choose a carrier from the list."],
    [{ trackingNumber: "<script>" }, "A tracking number has letters, digits, spaces and dashes only."],
    [{ trackingNumber: "9".repeat(65) }, "A tracking number has at most 64 characters."],
  ])("refuses %j with 400 and the reason beside the form, changing nothing", async (fields, message) => {
    const order = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }]);
    const answer = await ship(owner, { number: order.number, carrier: "USPS", trackingNumber: "1", ...fields });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(`role="alert">${message}</p>`);
    expect((await orderByNumber(shop.db, order.number)).status).toBe("paid");
    expect(await activityOf(order.number)).toEqual([]);
  });

  it("answers 404 for an order that does not exist and 409 for one not paid, changing nothing", async () => {
    expect((await ship(owner, { number: "WS-ZZZZZZZZ" })).status).toBe(404);
    expect((await ship(owner, { number: "nonsense" })).status).toBe(400);
    const unpaid = await placePendingOrder(shop, [{ id: 1001, quantity: 1 }]);
    const answer = await ship(owner, { number: unpaid.number });
    expect(answer.status).toBe(409);
    expect(textOf(answer.html)).toContain(`Order ${unpaid.number} is not a paid order, so it cannot be shipped.`);
    expect((await orderByNumber(shop.db, unpaid.number)).status).toBe("pending_payment");
  });

  it("lets only the owner ship: a shopper gets 404 and a signed-out visitor is sent to sign in", async () => {
    const order = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }]);
    const shopper = new BrowserSession(shop.url);
    await signedUp(shopper);
    expect((await ship(shopper, { number: order.number })).status).toBe(404);
    expect((await ship(new BrowserSession(shop.url), { number: order.number })).status).toBe(302);
    expect((await orderByNumber(shop.db, order.number)).status).toBe("paid");
  });

  it("keeps the activity log as written: the database refuses to change or delete an entry", async () => {
    const [entry] = await shop.db.selectFrom("activity").select("id").limit(1).execute();
    await expect(
      shop.db.updateTable("activity").set({ actor_name: "Someone else" }).where("id", "=", entry!.id).execute(),
    ).rejects.toThrow(/never edited/);
    await expect(shop.db.deleteFrom("activity").where("id", "=", entry!.id).execute()).rejects.toThrow(/never edited/);
  });
});
