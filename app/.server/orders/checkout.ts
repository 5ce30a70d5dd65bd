import type { CheckoutRequest } from "~/lib/checkout-schema";
import { normalizeCode } from "~/lib/discount-schema";
import { type Db, transaction } from "../db";
import type { OrderRow } from "../db/schema";
import { runSteps } from "../db/steps";
import { isSqliteBusy } from "../db/unavailable";
import { consumeRateLimit } from "../rate-limits";
import type { GuessesLimited } from "../pricing/discount-guesses";
import type { DiscountTerms } from "../pricing/discount-rules";
import { pricingSetup } from "../pricing/setup";
import { type ShipToResult, shipTo } from "../pricing/ship-to";
import { askProvider, findOrderByIdempotencyKey, paymentFor, providerOf } from "./checkout-payment";
import {
  breakdownColumns,
  type DiscountRefused,
  type OrderPriceResult,
  type OrderPricing,
  paymentBreakdown,
  priceOrder,
  withoutCode,
} from "./order-pricing";
import { payableState } from "./payment";
import { dayAt } from "../admin/today";
import { codeForCheckout, emailKeyOf, redemptionBy, toDiscountCode, type UsableCode } from "./code-lookup";
import { heldCode, moveRedemption, rekeyRedemption } from "./redemption";
import { findOrderItems } from "./queries";
import type { CreatedPayment } from "./payments/provider";
import type { PaymentProviders } from "./payments/providers";
import { checkoutLimitKey } from "./holder";
import { inLineOrder } from "./line-variants";
import { CodeTakenMeanwhile, type OrderOptions, type Reservation, reserveOrder, shippingColumns } from "./reservation";

export interface Customer {
  userId?: string;
  /** The signed-in shopper's display name; guests are billed as "Guest" (SPEC §1). */
  displayName?: string;
  /** Where the receipt goes when the shipping form names no email. */
  email?: string;
}

export interface StockAdjustment {
  id: number;
  /** The variant the line named, when it named one. */
  variant?: number;
  /** What can still be bought: the line must shrink to this, or go when it is 0. */
  available: number;
}

export type PlaceOrderResult =
  /** `payment` is none for a total of $0: the order is paid with its discount (`paymentFor`). */
  | { kind: "placed"; order: OrderRow; payment: CreatedPayment | null; replayed: boolean }
  | { kind: "shortfall"; adjustments: StockAdjustment[] }
  /** 400: lines of products with options that name no variant. */
  | { kind: "variant_required"; ids: number[] }
  /** The key belongs to an order that expired: the shopper must check out afresh. */
  | { kind: "expired" }
  /** The key belongs to an order of other lines, or to a paid order with another address or code. */
  | { kind: "key_reused" }
  /** The address holds as many units in unpaid orders as it may; the earliest of them expires at `until`. */
  | { kind: "holding_limit"; held: number; limit: number; until: number }
  /** The address's checkouts reached their rate limit (`Holder.checkouts`). */
  | { kind: "rate_limited"; retryAfterSeconds: number }
  /** Once shipping or tax is set up: a state or ZIP code the shop cannot look up. */
  | Extract<ShipToResult, { kind: "invalid_address" }>
  /**
   * The total is not the one the shopper saw, or her rate no longer fits: the new quote, and no order; or
   * the total is more than one payment can take (too_large: the quote's rule, quoteOrder's).
   */
  | Exclude<OrderPriceResult, { kind: "priced" }>
  /** A code refused, with the quote without it. */
  | DiscountRefused
  /** The address typed as many unknown codes as it may: any code is refused for a while (discount-guesses.ts). */
  | GuessesLimited;

/**
 * DESIGN.md §Checkout steps 1–2: in one transaction, check every line against
 * stock, create a pending order for the amount the database's prices give,
 * and decrement the stock with a conditional update. The same idempotency key
 * returns the order it created before. The provider is asked for a payment
 * after commit, so no network call holds the database; a total of $0 asks
 * none, and is paid with its discount (checkout-payment.ts).
 */
export async function placeOrder(
  db: Db,
  providers: PaymentProviders,
  request: CheckoutRequest,
  options: OrderOptions,
): Promise<PlaceOrderResult> {
  // Lines in id order, as the order's items and a shortfall's adjustments list them.
  const lines = inLineOrder(request.lines);
  // The setup from memory (one shared version read), the address read against it: both before the transaction.
  const setup = await pricingSetup(db);
  const where = shipTo(setup, request.shipping);
  if (where.kind === "invalid_address") return where;
  const pricing = { setup, address: where.address };
  let reservation: Reservation;
  try {
    reservation = await reserveOrder(db, request, lines, options, providers.current.name, pricing);
  } catch (error) {
    // SQLite kept the reservation out, and wrote nothing of it, while another process held the database: asking
    // for the key would hold the server as long again, to answer 503 all the same. PostgreSQL asks on a fresh
    // connection, which finds the order of a key sent before, or of this request if only its commit's answer was lost.
    if (isSqliteBusy(error)) throw error;
    // The key has an order already (a retry, a double click, or a race another request won): the
    // new order's insert failed on the key, and that order is the answer, even when it took the last unit.
    const existing = await findOrderByIdempotencyKey(db, request.idempotencyKey);
    if (!existing) throw error;
    // The hit rolled back with the reservation: a key sent again still counts against its address.
    if (options.holder?.checkouts) {
      const hit = await consumeRateLimit(db, checkoutLimitKey(options.holder), options.holder.checkouts, options.now);
      if (hit.kind === "limited") return { kind: "rate_limited", retryAfterSeconds: hit.retryAfterSeconds };
    }
    return resume(db, providers, existing, request, { ...options, pricing });
  }
  if (reservation.kind === "created")
    return withPayment(await paymentFor(db, providers, reservation.order, options), false);
  if (
    reservation.kind !== "rate_limited" &&
    reservation.kind !== "too_many_codes" &&
    reservation.kind !== "variant_required"
  ) {
    // A refusal may be a retry whose own order holds the stock or the address's allowance.
    const existing = await findOrderByIdempotencyKey(db, request.idempotencyKey);
    if (existing) return resume(db, providers, existing, request, { ...options, pricing });
  }
  return reservation;
}

const withPayment = (result: PlaceOrderResult, replayed: boolean): PlaceOrderResult =>
  result.kind === "placed" ? { ...result, replayed } : result;

/**
 * A checkout sent again with its key: the same order, with its own provider,
 * while it can still be paid. The lines must be the order's. A pending
 * order takes a changed address (a typo fixed after a declined card),
 * shipping rate or code, with its price and its payment, so the shopper
 * keeps its reservation instead of competing with it; a one-per-customer
 * code's use goes with a changed email. Once paid, none of them may change.
 */
async function resume(
  db: Db,
  providers: PaymentProviders,
  order: OrderRow,
  request: CheckoutRequest,
  options: OrderOptions & { pricing: OrderPricing },
): Promise<PlaceOrderResult> {
  const state = payableState(order, options.now);
  if (state.kind === "expired") return { kind: "expired" };
  const items = await findOrderItems(db, order.id);
  const sameLines =
    items.length === request.lines.length &&
    request.lines.every((line) =>
      items.some(
        (item) =>
          item.product_id === line.id &&
          (line.variant === undefined || item.variant_id === line.variant) &&
          item.quantity === line.quantity,
      ),
    );
  if (!sameLines) return { kind: "key_reused" };
  const shipping = shippingColumns(request.shipping, options.customer);
  // The code whose use the order holds, by its redemption: the owner may have renamed it since.
  const held = await heldCode(db, order.id).executeTakeFirst();
  const typedCode = request.discountCode === undefined ? null : normalizeCode(request.discountCode);
  const sameCode = held ? typedCode === order.discount_code || typedCode === held.code : typedCode === null;
  const sameRate = request.shippingRateId === undefined || request.shippingRateId === order.shipping_rate_id;
  const sameShipping = Object.entries(shipping).every(
    ([column, value]) => order[column as keyof typeof shipping] === value,
  );
  if (sameCode && sameRate && sameShipping) return withPayment(await paymentFor(db, providers, order, options), true);
  if (state.kind === "paid") return { kind: "key_reused" };
  // Priced again at the order's own prices, with the variants' weights and the setup of now.
  const weights = await variantWeights(
    db,
    items.map((item) => item.variant_id),
  );
  const lines = items.map((item) => ({
    priceCents: item.price_cents,
    quantity: item.quantity,
    unitWeight: weights.get(item.variant_id) ?? null,
  }));
  let terms: DiscountTerms | undefined;
  let newCode: UsableCode | undefined;
  let newEmailKey: string | undefined;
  if (sameCode && held) {
    // The order's code at its terms of now (deactivated since or not), under the name it was sold with.
    terms = { ...toDiscountCode(held), code: order.discount_code ?? held.code };
    const emailKey = shipping.email === null ? null : emailKeyOf(shipping.email);
    if (held.email_key !== null && held.email_key !== emailKey) {
      // A one-per-customer use goes with the order's email: the new one must not have used the code.
      if (emailKey === null) return withoutCode(options.pricing, lines, request, { kind: "discount_needs_email" });
      if (await redemptionBy(db, held.id, emailKey))
        return withoutCode(options.pricing, lines, request, { kind: "discount_once_per_customer" });
      newEmailKey = emailKey;
    }
  } else if (!sameCode && request.discountCode !== undefined) {
    const typed = request.discountCode;
    // Another code is checked as a new checkout's is, for the order's subtotal and its email.
    const found = await runSteps(db, () =>
      codeForCheckout(db, typed, {
        today: dayAt(options.timeZone ?? "UTC", options.now),
        subtotalCents: lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0),
        email: shipping.email,
        guesser: options.guesser,
      }),
    );
    if (found.kind === "too_many_codes") return found;
    if (found.kind !== "usable") return withoutCode(options.pricing, lines, request, found);
    newCode = found;
    terms = toDiscountCode(found.row);
  }
  const priced = priceOrder(options.pricing, lines, request, terms);
  if (priced.kind !== "priced") return priced;
  const breakdown = breakdownColumns(priced.quote);
  // A new total above $0 goes to the payment first: an order whose payment still asks the old amount could
  // not be paid. A total of $0 stops the payment once the order has it (checkout-payment.ts).
  const payment =
    order.payment_ref && breakdown.amount_cents > 0 && breakdown.amount_cents !== order.amount_cents
      ? { provider: providerOf(providers, order), ref: order.payment_ref }
      : undefined;
  const askAmount = (amounts: Parameters<typeof paymentBreakdown>[0] & Pick<OrderRow, "amount_cents">) =>
    payment &&
    askProvider(() =>
      payment.provider.updatePayment(payment.ref, {
        amountCents: amounts.amount_cents,
        breakdown: paymentBreakdown(amounts),
      }),
    );
  await askAmount(breakdown);
  let updated: OrderRow | undefined;
  try {
    updated = await transaction(db, async (trx) => {
      const row = await trx
        .updateTable("orders")
        .set({ ...shipping, ...breakdown })
        .where("id", "=", order.id)
        .where("status", "=", "pending_payment")
        .returningAll()
        .executeTakeFirst();
      if (!row || (sameCode && newEmailKey === undefined)) return row;
      const moved =
        newEmailKey === undefined
          ? await moveRedemption(trx, order.id, newCode)
          : await rekeyRedemption(trx, order.id, newEmailKey);
      if (moved.kind !== "moved") throw new CodeTakenMeanwhile(withoutCode(options.pricing, lines, request, moved));
      return row;
    });
  } catch (error) {
    if (!(error instanceof CodeTakenMeanwhile)) throw error;
    // The order keeps its code and its price, and so its payment keeps its amount.
    await askAmount(order);
    return error.refusal;
  }
  // Paid or expired meanwhile: answer for what it is now.
  const current = updated ?? (await findOrderByIdempotencyKey(db, order.idempotency_key))!;
  return resume(db, providers, current, request, options);
}

async function variantWeights(db: Db, ids: number[]) {
  const rows = await db.selectFrom("variants").select(["id", "weight"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.weight]));
}
