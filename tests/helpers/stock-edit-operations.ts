import fc from "fast-check";
import { expect } from "vitest";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import type { BrowserSession } from "./browser-session";
import type { ServerProcess } from "./server-process";
import { cards, checkout, type Line, newIdempotencyKey, pay, type Shop } from "./shop-api";

/*
 * The operations of tests/integration/stock-edits.test.ts: what a batch is
 * made of, how fast-check draws one, and how each is sent and what it was
 * answered. The test sends batches and checks what the answers imply.
 */

export const figLeaf = { id: 1601, name: "Fig Leaf", stock: 12 };
export const seaGlass = { id: 1602, name: "Sea Glass", stock: 5 };
export const ids = [figLeaf.id, seaGlass.id];

/** The owner's edits name the server process they reach: 0 or 1. */
export type Op =
  | { kind: "add"; product: number; delta: number; via: number }
  /** Set stock to, from the page the owner has just loaded. */
  | { kind: "set"; product: number; stock: number; via: number }
  /** Set stock to, from a page left open since the stock was higher than anything it can be in this batch. */
  | { kind: "stale-set"; product: number; stock: number; over: number; via: number }
  /** Shoppers press "Pay" at the same moment, each with this cart, on alternate server processes. */
  | { kind: "checkout"; lines: Line[]; pay: boolean; shoppers: number }
  /** An unpaid order of an earlier batch runs out of time, and the expiry job runs. */
  | { kind: "expire"; pick: number }
  /** The owner's Cancel and refund on a paid order of an earlier batch (two picks of one order: a double click). */
  | { kind: "refund"; pick: number; restock: boolean; via: number };

const product = fc.constantFrom(...ids);
const via = fc.constantFrom(0, 1);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      product,
      delta: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: -6, max: -1 })),
      via,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("set" as const), product, stock: fc.integer({ min: 0, max: 10 }), via }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("stale-set" as const),
      product,
      stock: fc.integer({ min: 0, max: 10 }),
      over: fc.integer({ min: 0, max: 5 }),
      via,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("checkout" as const),
      lines: fc.uniqueArray(fc.record({ id: product, quantity: fc.integer({ min: 1, max: 3 }) }), {
        selector: (line) => line.id,
        minLength: 1,
        maxLength: 2,
      }),
      pay: fc.boolean(),
      shoppers: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("expire" as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("refund" as const), pick: fc.nat(), restock: fc.boolean(), via }),
  },
);
export const batch = fc.array(op, { minLength: 4, maxLength: 12 });

export interface Placed {
  number: string;
  lines: Line[];
}

/** What one request of a batch was answered. */
export type Outcome =
  | { kind: "add"; product: number; delta: number; reason: string; status: number; stock: number }
  | { kind: "set"; product: number; stock: number; expected: number; status: number; shown: number }
  | { kind: "checkout"; status: number; idempotencyKey: string; order?: Placed }
  | { kind: "expire"; expired: string[] }
  | { kind: "refund"; order: Placed; restock: boolean; status: number; refunded: boolean };

/**
 * What a shopper (or the owner's refund) may be told besides the answer it
 * wanted: the shop's documented "try again in a moment". Each such request
 * is checked below to have changed nothing.
 */
export const UNAVAILABLE = 503;

export const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

/** The number the owner's page states after the words that lead to it; fails, quoting the notice, if the page does not say it. */
export function stated(html: string, pattern: RegExp): number {
  const match = pattern.exec(textOf(html));
  if (!match)
    throw new Error(
      `The owner's page does not say ${pattern}: ${/role="status">([^<]*)</.exec(textOf(html))?.[1] ?? textOf(html).slice(0, 300)}`,
    );
  return Number(match[1]);
}

export const perProduct = <T>(items: T[], units: (item: T) => [number, number][]) => {
  const total: Record<number, number> = Object.fromEntries(ids.map((id) => [id, 0]));
  for (const item of items) for (const [id, count] of units(item)) total[id]! += count;
  return total;
};
export const linesOf = (order: Placed, sign = 1): [number, number][] =>
  order.lines.map((line) => [line.id, sign * line.quantity]);
export const withoutZeros = (stock: Record<number, number>) =>
  Object.fromEntries(Object.entries(stock).filter(([, units]) => units !== 0));
export const sortedRows = (rows: { product_id: number; delta: number; reason: string }[]) =>
  rows
    .map(({ product_id, delta, reason }) => ({ product_id, delta, reason }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

export const stockPage = (id: number) => `/admin/products/${id}`;

/** The owner's browser on each server process, and the shoppers' two servers. */
export interface StockEditServers {
  shop: Shop;
  other: ServerProcess;
  owner: BrowserSession[];
}

/** What sends a batch's operations; it numbers the owner's Add stock reasons from 1. */
export function operationSender({ shop, other, owner }: StockEditServers) {
  let editCount = 0;
  /** Sends one operation (a crowd of shoppers sends theirs at once); what each request was answered. */
  return async function perform(
    operation: Op,
    batch: { staleExpected: Record<number, number>; refunds: Map<Op, Placed | undefined> },
  ): Promise<Outcome[]> {
    switch (operation.kind) {
      case "add": {
        const reason = `edit ${++editCount}: ${operation.delta > 0 ? "poured" : "broke"} ${Math.abs(operation.delta)}`;
        const answer = await owner[operation.via]!.postForm(stockPage(operation.product), {
          intent: "add",
          delta: String(operation.delta),
          reason,
        });
        expect([200, 409], `Add stock ${operation.delta} answered`).toContain(answer.status);
        const stock =
          answer.status === 200
            ? stated(answer.html, /Stock is now (\d+)\./)
            : stated(
                answer.html,
                /Nothing changed: there are only (\d+) in stock, so the stock cannot go below zero\./,
              );
        return [
          { kind: "add", product: operation.product, delta: operation.delta, reason, status: answer.status, stock },
        ];
      }
      case "set":
      case "stale-set": {
        const expected =
          operation.kind === "set"
            ? stated(
                (await owner[operation.via]!.get(stockPage(operation.product))).html,
                /name="expected" value="(\d+)"/,
              )
            : batch.staleExpected[operation.product]! + operation.over;
        const answer = await owner[operation.via]!.postForm(stockPage(operation.product), {
          intent: "set",
          stock: String(operation.stock),
          expected: String(expected),
        });
        expect([200, 409], `Set stock to ${operation.stock} answered`).toContain(answer.status);
        const shown =
          answer.status === 200
            ? stated(answer.html, /Stock is now (\d+)\./)
            : stated(answer.html, /Nothing changed: the stock changed while you were editing\. It is now (\d+)\./);
        return [
          { kind: "set", product: operation.product, stock: operation.stock, expected, status: answer.status, shown },
        ];
      }
      case "checkout":
        return Promise.all(
          Array.from({ length: operation.shoppers }, async (_, shopper): Promise<Outcome> => {
            const server = shopper % 2 === 0 ? other : shop;
            const idempotencyKey = newIdempotencyKey();
            const answer = await checkout(server, operation.lines, { idempotencyKey });
            if (answer.status !== 201) {
              expect(answer.body.error?.code, JSON.stringify(answer.body)).toBe(
                answer.status === UNAVAILABLE ? "unavailable" : "insufficient_stock",
              );
              return { kind: "checkout", status: answer.status, idempotencyKey };
            }
            const order = { number: answer.body.order!.number, lines: operation.lines };
            if (operation.pay)
              expect([200, UNAVAILABLE]).toContain((await pay(server, answer.body.order!, cards.success)).status);
            return { kind: "checkout", status: answer.status, idempotencyKey, order };
          }),
        );
      case "expire":
        return [
          { kind: "expire", expired: (await expireUnpaidOrders(shop.db, Date.now())).map((order) => order.number) },
        ];
      case "refund": {
        const order = batch.refunds.get(operation);
        if (!order) return [];
        const answer = await owner[operation.via]!.postForm(`/admin/orders/${order.number}`, {
          intent: "refund",
          number: order.number,
          ...(operation.restock ? { restock: "on" } : {}),
        });
        const said = /Order WS-\w+ (is cancelled|was refunded already)/.exec(textOf(answer.html))?.[1];
        expect(answer.status === 200 ? said : answer.status, textOf(answer.html).slice(0, 300)).toBeOneOf([
          "is cancelled",
          "was refunded already",
          UNAVAILABLE,
        ]);
        return [
          {
            kind: "refund",
            order,
            restock: operation.restock,
            status: answer.status,
            refunded: said === "is cancelled",
          },
        ];
      }
    }
  };
}
