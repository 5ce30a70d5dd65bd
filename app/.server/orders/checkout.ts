import type { CheckoutRequest } from "~/lib/checkout-schema";
import { normalizeCode } from "~/lib/discount-schema";
import type { Db } from "../db";
import type { OrderRow } from "../db/schema";
import { changesOf, firstOf, runSteps } from "../db/steps";
import { queryTemplate } from "../db/template";
import { consumeRateLimit } from "../rate-limits";
import { pricingSetup } from "../pricing/setup";
import { type ShipToResult, shipTo } from "../pricing/ship-to";
import {
  breakdownColumns,
  type DiscountRefused,
  type OrderPriceResult,
  type OrderPricing,
  paymentBreakdown,
  priceOrder,
} from "./order-pricing";
import { payableState } from "./payment";
import { codeQuery, toDiscountCode } from "./redemption";
import { findOrderItems, orderColumns } from "./queries";
import type { CreatedPayment, PaymentProvider } from "./payments/provider";
import type { PaymentProviders } from "./payments/providers";
import { checkoutLimitKey, type OrderOptions, type Reservation, reserveOrder, shippingColumns } from "./reservation";

export interface Customer {
  userId?: string;
  /** The signed-in shopper's display name; guests are billed as "Guest" (SPEC §1). */
  displayName?: string;
  /** Where the receipt goes when the shipping form names no email. */
  email?: string;
}

export interface StockAdjustment {
  id: number;
  /** What can still be bought: the line must shrink to this, or go when it is 0. */
  available: number;
}

export type PlaceOrderResult =
  | { kind: "placed"; order: OrderRow; payment: CreatedPayment; replayed: boolean }
  | { kind: "shortfall"; adjustments: StockAdjustment[] }
  /** The key belongs to an order that expired: the shopper must check out afresh. */
  | { kind: "expired" }
  /** The total is more than one payment can take. */
  | { kind: "too_large" }
  /** The key belongs to an order of other lines, or to a paid order with another address. */
  | { kind: "key_reused" }
  /** The address holds as many units in unpaid orders as it may; the earliest of them expires at `until`. */
  | { kind: "holding_limit"; held: number; limit: number; until: number }
  /** The address's checkouts reached their rate limit (`Holder.checkouts`). */
  | { kind: "rate_limited"; retryAfterSeconds: number }
  /** Once shipping or tax is set up: a state or ZIP code the shop cannot look up. */
  | Extract<ShipToResult, { kind: "invalid_address" }>
  /** The total is not the one the shopper saw, or her rate no longer fits: the new quote, and no order. */
  | Exclude<OrderPriceResult, { kind: "priced" | "too_large" }>
  /** A code refused, with the quote without it. */
  | DiscountRefused;

/** The payment provider could not be reached; the order stays, and a retry with the same key resumes it. */
export class PaymentUnavailable extends Error {
  override name = "PaymentUnavailable";
}

/** The order a checkout's idempotency key created: a retry's, or a race's that another request won. */
const orderWithKey = queryTemplate((db: Db, values: { key: string }) =>
  db.selectFrom("orders").select(orderColumns).where("idempotency_key", "=", values.key),
);

const findOrderByIdempotencyKey = (db: Db, key: string) => runSteps(db, () => firstOf(orderWithKey(db, { key })));

const attachPaymentRef = queryTemplate((db: Db, values: { id: number; ref: string }) =>
  db
    .updateTable("orders")
    .set({ payment_ref: values.ref })
    .where("id", "=", values.id)
    .where("payment_ref", "is", null)
    .where("status", "=", "pending_payment"),
);

/**
 * DESIGN.md §Checkout steps 1–2: in one transaction, check every line against
 * stock, create a pending order for the amount the database's prices give,
 * and decrement the stock with a conditional update. The same idempotency key
 * returns the order it created before. The provider is asked for a payment
 * after commit, so no network call holds the database.
 */
export async function placeOrder(
  db: Db,
  providers: PaymentProviders,
  request: CheckoutRequest,
  options: OrderOptions,
): Promise<PlaceOrderResult> {
  // Lines in id order, as the order's items and a shortfall's adjustments list them.
  const lines = [...request.lines].sort((a, b) => a.id - b.id);
  // The setup from memory (one shared version read), the address read against it: both before the transaction.
  const setup = await pricingSetup(db);
  const where = shipTo(setup, request.shipping);
  if (where.kind === "invalid_address") return where;
  const pricing = { setup, address: where.address };
  let reservation: Reservation;
  try {
    reservation = await reserveOrder(db, request, lines, options, providers.current.name, pricing);
  } catch (error) {
    // The key has an order already (a retry, a double click, or a race another request won): the
    // new order's insert failed on the key, and that order is the answer, even when it took the last unit.
    const existing = await findOrderByIdempotencyKey(db, request.idempotencyKey);
    if (!existing) throw error;
    // The hit rolled back with the reservation: a key sent again still counts against its address.
    if (options.holder) {
      const hit = await consumeRateLimit(db, checkoutLimitKey(options.holder), options.holder.checkouts, options.now);
      if (hit.kind === "limited") return { kind: "rate_limited", retryAfterSeconds: hit.retryAfterSeconds };
    }
    return resume(db, providers, existing, request, { ...options, pricing });
  }
  if (reservation.kind === "created")
    return withPayment(await attachPayment(db, providers.current, reservation.order), false);
  if (reservation.kind !== "rate_limited") {
    // A refusal may be a retry whose own order holds the stock or the address's allowance.
    const existing = await findOrderByIdempotencyKey(db, request.idempotencyKey);
    if (existing) return resume(db, providers, existing, request, { ...options, pricing });
  }
  return reservation;
}

/**
 * Asks the provider for the order's payment and records its reference once.
 * The provider dedupes by the order's idempotency key, so asking again after a
 * crash or a failed call returns the same payment. The reference is recorded
 * only while the order is still pending: one that expired meanwhile (the job
 * got there first) has its new payment stopped and reads as expired.
 */
async function attachPayment(db: Db, provider: PaymentProvider, order: OrderRow): Promise<PlaceOrderResult> {
  let payment: CreatedPayment;
  try {
    payment = order.payment_ref
      ? await provider.resumePayment(order.payment_ref)
      : await provider.createPayment({
          orderNumber: order.number,
          amountCents: order.amount_cents,
          currency: "usd",
          idempotencyKey: order.idempotency_key,
          billingName: order.shipping_name,
          breakdown: paymentBreakdown(order),
        });
  } catch (error) {
    throw new PaymentUnavailable(error instanceof Error ? error.message : String(error));
  }
  if (!order.payment_ref) {
    const attached = await runSteps(db, () => changesOf(attachPaymentRef(db, { id: order.id, ref: payment.ref })));
    if (attached !== 1n && (await findOrderByIdempotencyKey(db, order.idempotency_key))?.payment_ref !== payment.ref) {
      await provider.cancelPayment(payment.ref).catch(() => "unknown");
      return { kind: "expired" };
    }
  }
  return { kind: "placed", order: { ...order, payment_ref: payment.ref }, payment, replayed: false };
}

const withPayment = (result: PlaceOrderResult, replayed: boolean): PlaceOrderResult =>
  result.kind === "placed" ? { ...result, replayed } : result;

/**
 * A checkout sent again with its key: the same order, with its own provider,
 * while it can still be paid. The lines must be the order's; a changed
 * address (a typo fixed after a declined card) or shipping rate updates a
 * pending order, its price and its payment, so the shopper keeps its
 * reservation instead of competing with it. Once paid, neither may change.
 */
async function resume(
  db: Db,
  providers: PaymentProviders,
  order: OrderRow,
  request: CheckoutRequest,
  options: { customer: Customer; now: number; pricing: OrderPricing },
): Promise<PlaceOrderResult> {
  const state = payableState(order, options.now);
  if (state.kind === "expired") return { kind: "expired" };
  const items = await findOrderItems(db, order.id);
  const sameLines =
    items.length === request.lines.length &&
    request.lines.every((line) => items.some((item) => item.product_id === line.id && item.quantity === line.quantity));
  if (!sameLines) return { kind: "key_reused" };
  const provider = providers.of(order.payment_provider);
  if (!provider)
    throw new PaymentUnavailable(`the order's payment provider (${order.payment_provider}) is not configured`);
  // Moving a pending order's redemption to another code is not built yet (issue #33): another code is another checkout.
  const requestedCode = request.discountCode === undefined ? null : normalizeCode(request.discountCode);
  if (requestedCode !== order.discount_code) return { kind: "key_reused" };
  const shipping = shippingColumns(request.shipping, options.customer);
  const sameRate = request.shippingRateId === undefined || request.shippingRateId === order.shipping_rate_id;
  if (sameRate && Object.entries(shipping).every(([column, value]) => order[column as keyof typeof shipping] === value))
    return withPayment(await attachPayment(db, provider, order), true);
  if (state.kind === "paid") return { kind: "key_reused" };
  // Priced again at the order's own prices, with the products' weights and the setup of now.
  const weights = await productWeights(
    db,
    items.map((item) => item.product_id),
  );
  // The order's code, whose use it holds, at its terms of now (deactivated since or not).
  const code = order.discount_code ? await codeQuery(db, order.discount_code).executeTakeFirst() : undefined;
  const priced = priceOrder(
    options.pricing,
    items.map((item) => ({
      priceCents: item.price_cents,
      quantity: item.quantity,
      unitWeight: weights.get(item.product_id) ?? null,
    })),
    request,
    code && toDiscountCode(code),
  );
  if (priced.kind !== "priced") return priced;
  const breakdown = breakdownColumns(priced.quote);
  // The payment first: an order whose payment still asks the old amount could not be paid.
  if (order.payment_ref && breakdown.amount_cents !== order.amount_cents) {
    try {
      await provider.updatePayment(order.payment_ref, {
        amountCents: breakdown.amount_cents,
        breakdown: paymentBreakdown(breakdown),
      });
    } catch (error) {
      throw new PaymentUnavailable(error instanceof Error ? error.message : String(error));
    }
  }
  const updated = await db
    .updateTable("orders")
    .set({ ...shipping, ...breakdown })
    .where("id", "=", order.id)
    .where("status", "=", "pending_payment")
    .returningAll()
    .executeTakeFirst();
  // Paid or expired meanwhile: answer for what it is now.
  const current = updated ?? (await findOrderByIdempotencyKey(db, order.idempotency_key))!;
  return resume(db, providers, current, request, options);
}

async function productWeights(db: Db, ids: number[]) {
  const rows = await db.selectFrom("products").select(["id", "weight"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.weight]));
}
