import type { CheckoutRequest } from "~/lib/checkout-schema";
import type { Db } from "../db";
import { firstOf, type Steps } from "../db/steps";
import { queryTemplate } from "../db/template";
import type { PlaceOrderResult } from "./checkout";

/**
 * The holding limit, the shop's defence against stock hoarding: one address
 * (the shopper's connection) may hold at most `UNITS_HELD_PER_IP` units in
 * unpaid orders at a time. A checkout that would take it past them is
 * refused before any stock moves: 429 `holding_limit`, with Retry-After at
 * the expiry of the earliest of those orders; an order larger than the limit
 * on its own, 400 (server/checkout-answer.ts words both). Paying, or the
 * orders' expiry, gives the units back.
 */
export type HoldingLimitRefusal = Extract<PlaceOrderResult, { kind: "holding_limit" }>;

/**
 * Refuses `lines` when the units `address` holds already and theirs together
 * pass `maxUnits`; run in the reservation's transaction, after the address's
 * checkout was counted (see `heldBy`).
 */
export function* holdingLimitRefusal(
  db: Db,
  holder: { address: string; maxUnits: number },
  lines: CheckoutRequest["lines"],
  now: number,
): Steps<HoldingLimitRefusal | undefined> {
  const held = yield* heldBy(db, holder.address, now);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (held.units + units > holder.maxUnits)
    return { kind: "holding_limit", held: held.units, limit: holder.maxUnits, until: held.until };
  return undefined;
}

/**
 * The units `address` holds in unpaid orders, and when the earliest of those
 * orders expires. The address's checkouts must take turns here, or parallel
 * ones could each slip under the limit: SQLite runs one writer at a time,
 * and on PostgreSQL the checkout's rate-limit hit, earlier in the same
 * transaction, keeps the address's row locked until it ends.
 */
export function* heldBy(db: Db, address: string, now: number): Steps<{ units: number; until: number }> {
  const held = (yield* firstOf(unitsHeld(db, { address, now })))!;
  return { units: Number(held.units ?? 0), until: Number(held.until ?? now) };
}

const unitsHeld = queryTemplate((db: Db, values: { address: string; now: number }) =>
  db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .where("orders.held_by", "=", values.address)
    .where("orders.status", "=", "pending_payment")
    .where("orders.expires_at", ">", values.now)
    .select([
      (eb) => eb.fn.sum<number | string | null>("order_items.quantity").as("units"),
      (eb) => eb.fn.min<number | string | null>("orders.expires_at").as("until"),
    ]),
);
