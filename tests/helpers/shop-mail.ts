import type { AddressObject, ParsedMail } from "mailparser";
import { expect } from "vitest";
import type { Db } from "~/.server/db";
import type { BrowserSession } from "./browser-session";
import type { ServerProcess } from "./server-process";
import {
  cards,
  checkoutBody,
  type CheckoutAnswer,
  type Line,
  pay,
  placePendingOrder,
  type PricedChoice,
  type Shipping,
  type Shop,
} from "./shop-api";
import { orderByNumber } from "./shop-db";
import { waitFor } from "./wait-for";

/**
 * Checks out (as a guest, or as the shopper signed in on `browser`; with
 * the shipping method and total seen, once shipping or tax is set up), pays
 * with the test gateway's good card and returns the paid order from the database.
 */
export async function placePaidOrder(
  shop: Shop,
  lines: Line[],
  options: { shipping?: Partial<Shipping>; browser?: BrowserSession; choice?: PricedChoice } = {},
) {
  let placed: { number: string; accessToken: string };
  if (options.browser) {
    const answer = await options.browser.postJson<CheckoutAnswer>(
      "/api/checkout",
      checkoutBody(lines, { shipping: options.shipping, choice: options.choice }),
    );
    if (answer.status !== 201 || !answer.body.order)
      throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    placed = answer.body.order;
  } else {
    placed = await placePendingOrder(shop, lines, { shipping: options.shipping, choice: options.choice });
  }
  const paid = await pay(shop, placed, cards.success);
  if (paid.status !== 200)
    throw new Error(`paying ${placed.number} answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  return orderByNumber(shop.db, placed.number);
}

/** The order's outbox rows, every column, oldest first. */
export function outboxRowsOf(db: Db, orderId: number) {
  return db.selectFrom("outbox").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

export type OutboxRecord = Awaited<ReturnType<typeof outboxRowsOf>>[number];

/**
 * Waits, instead of a fixed time, for a delivery round of the server's mail
 * job that began after the caller saw what it checks: `payMarker` pays one more
 * order (its number answered), whose emails are queued after every row there
 * is, and this waits until a round has claimed one of them. A round claims due
 * rows oldest first, so any earlier row that was due again was claimed by then
 * too: "later rounds send nothing twice" is checked once this returns. Answers
 * the marker's order number, whose own emails the caller leaves out of its counts.
 */
export async function afterLaterDeliveryRound(db: Db, payMarker: () => Promise<string>): Promise<string> {
  const number = await payMarker();
  const marker = await orderByNumber(db, number);
  await waitFor(async () => (await outboxRowsOf(db, marker.id)).some((row) => row.attempts > 0), {
    timeoutMs: 15_000,
    what: `a delivery round that claims the emails of ${number}, paid after the others were sent`,
  });
  return number;
}

/** Waits-friendly probe: the order's rows once every one of them has `status`, else undefined. */
export async function rowsWithStatus(db: Db, orderId: number, status: OutboxRecord["status"], count?: number) {
  const rows = await outboxRowsOf(db, orderId);
  const enough = count === undefined ? rows.length > 0 : rows.length === count;
  return enough && rows.every((row) => row.status === status) ? rows : undefined;
}

/** The server's pino log lines (JSON), skipping the plain start-up banner. */
export function logEntries(server: Pick<ServerProcess, "output">): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** Every address a parsed header (To, From…) names. */
export function addressesOf(header: AddressObject | AddressObject[] | undefined): string[] {
  if (!header) return [];
  return (Array.isArray(header) ? header : [header]).flatMap((group) =>
    group.value.map((mailbox) => mailbox.address ?? ""),
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** What a test knows about the order it placed: the values its emails must carry. */
export interface ExpectedOrder {
  number: string;
  /** "$61.00" */
  total: string;
  customerName: string;
  shipping: Shipping;
  /** In the order the email lists them (by product id). */
  items: { id: number; name: string; scent: string; quantity: number; price: string }[];
}

/**
 * SPEC §3's purchasedItems as text: one line per item holding its number in
 * the list, price, name, quantity, scent and id. Checks the pieces, not the
 * punctuation between them.
 */
export function expectPurchasedItems(text: string, items: ExpectedOrder["items"]) {
  items.forEach((item, index) => {
    const line = text
      .split(/\r?\n/)
      .find((candidate) => candidate.trimStart().startsWith(`${index + 1}.`) && candidate.includes(item.name));
    expect(line, `a line "${index + 1}. …${item.name}…" in:\n${text}`).toBeDefined();
    expect(line).toContain(item.price);
    expect(line).toContain(item.scent);
    expect(line).toMatch(new RegExp(`\\b${item.quantity}\\b`));
    expect(line).toMatch(new RegExp(`\\b${item.id}\\b`));
  });
}

/** SPEC §3's fields under SPEC's names, as a template transport (EmailJS) must receive them. */
export function expectNotificationFields(params: Record<string, unknown>, order: ExpectedOrder) {
  expect(params).toMatchObject({
    customerName: order.customerName,
    shippingName: order.shipping.name,
    shippingAddress: order.shipping.address,
    shippingCity: order.shipping.city,
    shippingState: order.shipping.state,
    shippingZipCode: order.shipping.zip,
    phoneNumber: order.shipping.phone ?? "",
    purchasedItems: expect.any(String),
  });
  expectPurchasedItems(params.purchasedItems as string, order.items);
}

function expectTextAndHtml(mail: ParsedMail) {
  expect(mail.text, "a text/plain part").toEqual(expect.any(String));
  expect(mail.html, "a text/html part").toEqual(expect.any(String));
  return { text: mail.text!, html: mail.html as string };
}

/** Both parts carry `value`: as typed in the text, escaped in the HTML. */
function expectValue(parts: { text: string; html: string }, value: string) {
  expect(parts.text).toContain(value);
  expect(parts.html).toContain(escapeHtml(value));
}

/** The shop owner's notice of a paid order: every SPEC §3 field, the number and the total, in both parts. */
export function expectNotification(mail: ParsedMail, order: ExpectedOrder, shopEmail: string) {
  expect(addressesOf(mail.to)).toEqual([shopEmail]);
  expect(addressesOf(mail.from)).toEqual([shopEmail]);
  expect(mail.subject).toContain(order.number);
  const parts = expectTextAndHtml(mail);
  for (const value of [order.number, order.total, order.customerName, order.shipping.name, order.shipping.address]) {
    expectValue(parts, value);
  }
  for (const value of [order.shipping.city, order.shipping.state, order.shipping.zip, order.shipping.phone ?? ""]) {
    expectValue(parts, value);
  }
  expectPurchasedItems(parts.text, order.items);
  expectItemsInHtml(parts.html, order.items);
  expectNoRawMarkup(parts.html, order);
}

/** The shopper's receipt, to the shipping email: number, total, items and where it ships. */
export function expectReceipt(mail: ParsedMail, order: ExpectedOrder, shopEmail: string) {
  expect(addressesOf(mail.to)).toEqual([order.shipping.email]);
  expect(addressesOf(mail.from)).toEqual([shopEmail]);
  expect(mail.subject).toContain(order.number);
  const parts = expectTextAndHtml(mail);
  for (const value of [
    order.number,
    order.total,
    order.shipping.name,
    order.shipping.address,
    order.shipping.city,
    order.shipping.zip,
  ]) {
    expectValue(parts, value);
  }
  expectPurchasedItems(parts.text, order.items);
  expectItemsInHtml(parts.html, order.items);
  expectNoRawMarkup(parts.html, order);
}

function expectItemsInHtml(html: string, items: ExpectedOrder["items"]) {
  for (const item of items) {
    expect(html).toContain(escapeHtml(item.name));
    expect(html).toContain(escapeHtml(item.scent));
    expect(html).toContain(item.price);
  }
}

/** User-supplied text must never reach the HTML part as markup. */
function expectNoRawMarkup(html: string, order: ExpectedOrder) {
  for (const value of Object.values(order.shipping)) {
    if (typeof value === "string" && /[<>&"]/.test(value)) expect(html).not.toContain(value);
  }
  expect(html).not.toMatch(/<b>/i);
}
