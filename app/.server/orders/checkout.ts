import { randomBytes } from "node:crypto";
import type { CheckoutRequest, Shipping } from "~/lib/checkout-schema";
import { MAX_ORDER_CENTS } from "~/lib/money";
import { ORDER_NUMBER_ALPHABET } from "~/lib/order-number";
import { sql } from "kysely";
import { bumpCatalogVersion } from "../catalog/version";
import type { Db } from "../db";
import { isSqlite } from "../db/engine";
import type { OrderRow } from "../db/schema";
import { OrderExpired, assertPayable } from "./payment";
import { findOrderByIdempotencyKey, findOrderItems } from "./queries";
import type { CreatedPayment, PaymentProvider } from "./payments/provider";
import type { PaymentProviders } from "./payments/providers";

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
  | { kind: "holding_limit"; held: number; limit: number; until: number };

/** The payment provider could not be reached; the order stays, and a retry with the same key resumes it. */
export class PaymentUnavailable extends Error {
  override name = "PaymentUnavailable";
}

/** A shortfall found while decrementing: the transaction rolls back and the checkout answers 409. */
class StockShortfall extends Error {}

class OrderTooLarge extends Error {}

class HoldingLimitReached extends Error {
  constructor(readonly held: number, readonly until: number) {
    super("holding limit reached");
  }
}

/** Who places an order, as far as stock hoarding goes: the client's address, and the units it may hold unpaid. */
export interface Holder {
  address: string;
  maxUnits: number;
}

/**
 * Refuses a reservation that would take the units `holder` holds in unpaid
 * orders past its limit. On PostgreSQL one address's checkouts take turns
 * (a transaction lock on the address), so parallel checkouts cannot each
 * slip under the limit; SQLite runs one writer at a time anyway.
 */
async function checkHoldingLimit(trx: Db, holder: Holder, units: number, now: number) {
  if (!isSqlite(trx)) await sql`select pg_advisory_xact_lock(hashtext(${`held-by:${holder.address}`}))`.execute(trx);
  const held = await trx
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .where("orders.held_by", "=", holder.address)
    .where("orders.status", "=", "pending_payment")
    .where("orders.expires_at", ">", now)
    .select([(eb) => eb.fn.sum<number | string | null>("order_items.quantity").as("units"), (eb) => eb.fn.min<number | string | null>("orders.expires_at").as("until")])
    .executeTakeFirstOrThrow();
  const heldUnits = Number(held.units ?? 0);
  if (heldUnits + units > holder.maxUnits) throw new HoldingLimitReached(heldUnits, Number(held.until ?? now));
}

/** Short, unambiguous and unguessable: "WS-7K3F9QXA". */
export function newOrderNumber(): string {
  const bytes = randomBytes(8);
  return `WS-${Array.from(bytes, (byte) => ORDER_NUMBER_ALPHABET[byte % ORDER_NUMBER_ALPHABET.length]).join("")}`;
}

function readProducts(db: Db, lines: CheckoutRequest["lines"]) {
  return db
    .selectFrom("products")
    .select(["id", "name", "price_cents", "scent", "stock"])
    .where("id", "in", lines.map((line) => line.id))
    // A hidden product is not for sale: it reads as none available (409, available: 0).
    .where("visible", "=", 1)
    .execute();
}

/** The lines the products' stock cannot fill, each with what it can. */
function shortfallOf(lines: CheckoutRequest["lines"], products: { id: number; stock: number }[]): StockAdjustment[] {
  const stock = new Map(products.map((product) => [product.id, product.stock]));
  return lines
    .map((line) => ({ id: line.id, available: stock.get(line.id) ?? 0, wanted: line.quantity }))
    .filter((line) => line.available < line.wanted)
    .map(({ id, available }) => ({ id, available }));
}

/**
 * DESIGN.md §Checkout steps 1–2: in one transaction, check every line against
 * stock, decrement it with conditional updates and create a pending order for
 * the amount the database's prices give. The same idempotency key returns the
 * order it created before. The provider is asked for a payment after commit,
 * so no network call holds the database.
 */
export async function placeOrder(
  db: Db,
  providers: PaymentProviders,
  request: CheckoutRequest,
  options: { customer: Customer; now: number; reservationMs: number; holder?: Holder },
): Promise<PlaceOrderResult> {
  const existing = await findOrderByIdempotencyKey(db, request.idempotencyKey);
  if (existing) return resume(db, providers, existing, request, options);

  // Lines in id order: every transaction locks rows in the same order, so PostgreSQL never deadlocks.
  const lines = [...request.lines].sort((a, b) => a.id - b.id);
  let order: OrderRow;
  try {
    order = await db.transaction().execute(async (trx) => {
      if (options.holder) await checkHoldingLimit(trx, options.holder, lines.reduce((sum, line) => sum + line.quantity, 0), options.now);
      const products = await readProducts(trx, lines);
      if (shortfallOf(lines, products).length > 0) throw new StockShortfall();
      const byId = new Map(products.map((product) => [product.id, product]));
      const amountCents = lines.reduce((sum, line) => sum + byId.get(line.id)!.price_cents * line.quantity, 0);
      if (amountCents > MAX_ORDER_CENTS) throw new OrderTooLarge();
      let emptied = false;
      for (const line of lines) {
        const updated = await trx
          .updateTable("products")
          .set((eb) => ({ stock: eb("stock", "-", line.quantity) }))
          .where("id", "=", line.id)
          .where("stock", ">=", line.quantity)
          .where("visible", "=", 1)
          .returning("stock")
          .executeTakeFirst();
        if (!updated) throw new StockShortfall();
        if (updated.stock === 0) emptied = true;
      }
      const created = await trx
        .insertInto("orders")
        .values({
          number: newOrderNumber(),
          user_id: options.customer.userId ?? null,
          status: "pending_payment",
          customer_name: options.customer.displayName ?? "Guest",
          ...shippingColumns(request.shipping, options.customer),
          amount_cents: amountCents,
          currency: "usd",
          payment_provider: providers.current.name,
          payment_ref: null,
          idempotency_key: request.idempotencyKey,
          created_at: options.now,
          paid_at: null,
          expires_at: options.now + options.reservationMs,
          held_by: options.holder?.address ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_items")
        .values(
          lines.map((line) => {
            const product = byId.get(line.id)!;
            return {
              order_id: created.id,
              product_id: line.id,
              name: product.name,
              price_cents: product.price_cents,
              quantity: line.quantity,
              scent: product.scent,
            };
          }),
        )
        .execute();
      // A browsing page changes only when a product sells out (docs/decisions/005-lean-process.md).
      if (emptied) await bumpCatalogVersion(trx);
      return created;
    });
  } catch (error) {
    // Two requests with one new key raced (a double click, a retry): the loser
    // returns the winner's order, even when the winner took the last unit.
    const raced = await findOrderByIdempotencyKey(db, request.idempotencyKey);
    if (raced) return resume(db, providers, raced, request, options);
    if (error instanceof StockShortfall) return { kind: "shortfall", adjustments: shortfallOf(lines, await readProducts(db, lines)) };
    if (error instanceof OrderTooLarge) return { kind: "too_large" };
    if (error instanceof HoldingLimitReached) return { kind: "holding_limit", held: error.held, limit: options.holder!.maxUnits, until: error.until };
    throw error;
  }

  return withPayment(await attachPayment(db, providers.current, order), false);
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
        });
  } catch (error) {
    throw new PaymentUnavailable(error instanceof Error ? error.message : String(error));
  }
  if (!order.payment_ref) {
    const attached = await db
      .updateTable("orders")
      .set({ payment_ref: payment.ref })
      .where("id", "=", order.id)
      .where("payment_ref", "is", null)
      .where("status", "=", "pending_payment")
      .executeTakeFirst();
    if (attached.numUpdatedRows !== 1n && (await findOrderByIdempotencyKey(db, order.idempotency_key))?.payment_ref !== payment.ref) {
      await provider.cancelPayment(payment.ref).catch(() => "unknown");
      return { kind: "expired" };
    }
  }
  return { kind: "placed", order: { ...order, payment_ref: payment.ref }, payment, replayed: false };
}

const withPayment = (result: PlaceOrderResult, replayed: boolean): PlaceOrderResult =>
  result.kind === "placed" ? { ...result, replayed } : result;

/** Where the order goes and where its receipt goes, as the orders table keeps them. */
function shippingColumns(shipping: Shipping, customer: Customer) {
  return {
    email: shipping.email ?? customer.email ?? null,
    shipping_name: shipping.name,
    shipping_address: shipping.address,
    shipping_city: shipping.city,
    shipping_state: shipping.state,
    shipping_zip: shipping.zip,
    phone: shipping.phone ?? null,
  };
}

/**
 * A checkout sent again with its key: the same order, with its own provider,
 * while it can still be paid. The lines must be the order's; a changed
 * address (a typo fixed after a declined card) updates a pending order, so
 * the shopper keeps its reservation instead of competing with it.
 */
async function resume(
  db: Db,
  providers: PaymentProviders,
  order: OrderRow,
  request: CheckoutRequest,
  options: { customer: Customer; now: number },
): Promise<PlaceOrderResult> {
  let state: "pending" | "paid";
  try {
    state = assertPayable(order, options.now);
  } catch (error) {
    if (error instanceof OrderExpired) return { kind: "expired" };
    throw error;
  }
  const items = await findOrderItems(db, order.id);
  const sameLines =
    items.length === request.lines.length && request.lines.every((line) => items.some((item) => item.product_id === line.id && item.quantity === line.quantity));
  if (!sameLines) return { kind: "key_reused" };
  const shipping = shippingColumns(request.shipping, options.customer);
  if (Object.entries(shipping).some(([column, value]) => order[column as keyof typeof shipping] !== value)) {
    if (state === "paid") return { kind: "key_reused" };
    const updated = await db.updateTable("orders").set(shipping).where("id", "=", order.id).where("status", "=", "pending_payment").returningAll().executeTakeFirst();
    // Paid or expired meanwhile: answer for what it is now.
    return resume(db, providers, updated ?? (await findOrderByIdempotencyKey(db, order.idempotency_key))!, request, options);
  }
  const provider = providers.of(order.payment_provider);
  if (!provider) throw new PaymentUnavailable(`the order's payment provider (${order.payment_provider}) is not configured`);
  return withPayment(await attachPayment(db, provider, order), true);
}
