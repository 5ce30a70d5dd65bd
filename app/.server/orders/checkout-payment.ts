import { type Db, transaction } from "../db";
import type { OrderRow } from "../db/schema";
import { changesOf, firstOf, runSteps } from "../db/steps";
import { queryTemplate } from "../db/template";
import type { PlaceOrderResult } from "./checkout";
import { paymentBreakdown } from "./order-pricing";
import { markPaid, payableState, syncPaymentStatus } from "./payment";
import type { CreatedPayment, PaymentProvider } from "./payments/provider";
import type { PaymentProviders } from "./payments/providers";
import { orderColumns } from "./queries";
import { currentShopName } from "../settings/shop-settings";

/** The payment provider could not be reached; the order stays, and a retry with the same key resumes it. */
export class PaymentUnavailable extends Error {
  override name = "PaymentUnavailable";
}

/**
 * The `payment_provider` of an order its discount paid in full (issue #33):
 * no provider took part, there is no payment reference, and so nothing for
 * a refund or a reconciliation to ask anyone about.
 */
export const PAID_WITH_DISCOUNT = "discount";

/** The order a checkout's idempotency key created: a retry's, or a race's that another request won. */
const orderWithKey = queryTemplate((db: Db, values: { key: string }) =>
  db.selectFrom("orders").select(orderColumns).where("idempotency_key", "=", values.key),
);

export const findOrderByIdempotencyKey = (db: Db, key: string) =>
  runSteps(db, () => firstOf(orderWithKey(db, { key })));

const attachPaymentRef = queryTemplate((db: Db, values: { id: number; ref: string }) =>
  db
    .updateTable("orders")
    .set({ payment_ref: values.ref })
    .where("id", "=", values.id)
    .where("payment_ref", "is", null)
    .where("status", "=", "pending_payment"),
);

/** The order's own provider: the one its payment was asked of, or is to be. */
export function providerOf(providers: PaymentProviders, order: OrderRow): PaymentProvider {
  const provider = providers.of(order.payment_provider);
  if (!provider)
    throw new PaymentUnavailable(`the order's payment provider (${order.payment_provider}) is not configured`);
  return provider;
}

/** A provider's call; its failure is the shopper's "press Pay again" (502), never a 500. */
export async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new PaymentUnavailable(error instanceof Error ? error.message : String(error));
  }
}

/**
 * What the browser needs to pay a placed order: its provider's payment or,
 * for a total of $0, none: the order is paid with its discount, without a
 * card or a provider.
 */
export async function paymentFor(
  db: Db,
  providers: PaymentProviders,
  order: OrderRow,
  options: { now: number; shopEmail: string },
): Promise<PlaceOrderResult> {
  if (order.payment_provider !== PAID_WITH_DISCOUNT && order.amount_cents > 0)
    return attachPayment(db, providerOf(providers, order), order);
  const state = payableState(order, options.now);
  if (state.kind === "expired") return { kind: "expired" };
  if (state.kind === "paid") return { kind: "placed", order, payment: null, replayed: false };
  return payWithDiscount(db, providers, order, options);
}

/**
 * Asks the provider for the order's payment and records its reference once.
 * The provider dedupes by the order's idempotency key, so asking again after a
 * crash or a failed call returns the same payment. The reference is recorded
 * only while the order is still pending: one that expired meanwhile (the job
 * got there first) has its new payment stopped and reads as expired.
 */
async function attachPayment(db: Db, provider: PaymentProvider, order: OrderRow): Promise<PlaceOrderResult> {
  const description = `${await currentShopName(db)} order ${order.number}`;
  const payment: CreatedPayment = await askProvider(() =>
    order.payment_ref
      ? provider.resumePayment(order.payment_ref)
      : provider.createPayment({
          orderNumber: order.number,
          amountCents: order.amount_cents,
          currency: "usd",
          idempotencyKey: order.idempotency_key,
          billingName: order.shipping_name,
          description,
          breakdown: paymentBreakdown(order),
        }),
  );
  if (!order.payment_ref) {
    const attached = await runSteps(db, () => changesOf(attachPaymentRef(db, { id: order.id, ref: payment.ref })));
    if (attached !== 1n && (await findOrderByIdempotencyKey(db, order.idempotency_key))?.payment_ref !== payment.ref) {
      await provider.cancelPayment(payment.ref).catch(() => "unknown");
      return { kind: "expired" };
    }
  }
  return { kind: "placed", order: { ...order, payment_ref: payment.ref }, payment, replayed: false };
}

/**
 * A pending order whose total is $0 becomes paid with its discount, once:
 * the conditional update that pays it queues its emails in the same
 * transaction (payment.ts, `markPaid`), as a card's payment does, so a crash
 * in between leaves an order a retry pays, or the expiry job releases. A
 * payment asked of a provider before a retry's code made the order free is
 * stopped first; one that went through meanwhile is money the order cannot
 * take, which the refund job gives back.
 */
async function payWithDiscount(
  db: Db,
  providers: PaymentProviders,
  order: OrderRow,
  options: { now: number; shopEmail: string },
): Promise<PlaceOrderResult> {
  if (order.payment_ref) {
    const provider = providerOf(providers, order);
    const ref = order.payment_ref;
    if ((await askProvider(() => provider.cancelPayment(ref))) === "succeeded")
      await syncPaymentStatus(db, provider, order, options);
  }
  const paid = await transaction(db, (trx) =>
    markPaid(trx, order, options, { payment_provider: PAID_WITH_DISCOUNT, payment_ref: null }),
  );
  // Expired, or paid by another request with the same key, meanwhile: answer for what it is now.
  const current = (await findOrderByIdempotencyKey(db, order.idempotency_key))!;
  return paid
    ? { kind: "placed", order: current, payment: null, replayed: false }
    : paymentFor(db, providers, current, options);
}
