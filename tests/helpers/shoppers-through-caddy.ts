import { expect } from "vitest";
import type { Db } from "~/.server/db";
import type { Caddy } from "./caddy";
import { rawRequest } from "./https-client";
import { checkoutBody } from "./shop-api";

/** One request a shopper sent through Caddy: when, and what came back (or the client's error). */
export interface Sent {
  what: "page" | "checkout";
  sentAt: number;
  answeredAt?: number;
  idempotencyKey?: string;
  status?: number;
  body?: string;
  error?: string;
}

async function send(sent: Sent[], what: Sent["what"], url: string, options: Parameters<typeof rawRequest>[1]) {
  const entry: Sent = { what, sentAt: Date.now() };
  sent.push(entry);
  try {
    const answer = await rawRequest(url, options);
    entry.status = answer.status;
    entry.body = answer.body.toString("utf8");
  } catch (error) {
    entry.error = String(error);
  }
  entry.answeredAt = Date.now();
  return entry;
}

/** One round of a shopper: a page, then a checkout of one `productId` with a key of its own. */
async function shopperRound(caddy: Caddy, productId: number, sent: Sent[]) {
  const ca = caddy.ca();
  await send(sent, "page", `${caddy.httpsUrl}/shop`, { ca });
  const body = checkoutBody([{ id: productId, quantity: 1 }]);
  const checkout = await send(sent, "checkout", `${caddy.httpsUrl}/api/checkout`, {
    method: "POST",
    ca,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  checkout.idempotencyKey = body.idempotencyKey;
}

/**
 * `shoppers` shoppers at once, each sending rounds through Caddy until
 * `keepGoing()` says no, `maxRounds` are done or `maxMs` have passed; resolves
 * with every request sent once all have ended.
 */
export async function shoppersThroughCaddy(
  caddy: Caddy,
  productId: number,
  bounds: { shoppers: number; maxRounds: number; maxMs: number; keepGoing: () => boolean },
): Promise<Sent[]> {
  const sent: Sent[] = [];
  const started = Date.now();
  const shopper = async () => {
    for (
      let round = 0;
      round < bounds.maxRounds && bounds.keepGoing() && Date.now() - started < bounds.maxMs;
      round++
    ) {
      await shopperRound(caddy, productId, sent);
    }
  };
  await Promise.all(Array.from({ length: bounds.shoppers }, shopper));
  return sent;
}

/** What the shop did not answer itself: no answer, a page that is not 200, a checkout neither 201 nor the shop's own 4xx. */
export function unanswered(sent: Sent[]) {
  return sent.filter(({ what, status, body }) => {
    if (status === undefined) return true;
    if (what === "page") return status !== 200;
    return !(status === 201 || (status >= 400 && status < 500 && body?.startsWith('{"error":')));
  });
}

/**
 * Every checkout answered 201 is in the database under its number, and no
 * other order is (but those with the idempotency keys `placedElsewhere`).
 */
export async function expectEveryPlacedOrderStored(db: Db, sent: Sent[], placedElsewhere: string[] = []) {
  const placed = sent.filter(({ what, status }) => what === "checkout" && status === 201);
  const orders = (await db.selectFrom("orders").select(["idempotency_key", "number"]).execute()).filter(
    (order) => !placedElsewhere.includes(order.idempotency_key),
  );
  expect(new Set(orders.map((order) => order.idempotency_key))).toEqual(
    new Set(placed.map((checkout) => checkout.idempotencyKey)),
  );
  for (const checkout of placed) {
    const { order } = JSON.parse(checkout.body!) as { order: { number: string } };
    expect(orders).toContainEqual({ idempotency_key: checkout.idempotencyKey, number: order.number });
  }
  return placed;
}
