import type { Db } from "../db";
import { type RateLimit, consumeRateLimit } from "../rate-limits";
import type { OrderAccess } from "./access";
import { payableState, recordPaymentSuccess } from "./payment";
import { chargeTestCard } from "./payments/test-gateway";
import { findOrderByNumber, paidOrderSummary } from "./queries";

export type TestCardPayment =
  | { kind: "paid"; order: Awaited<ReturnType<typeof paidOrderSummary>> }
  | { kind: "declined"; message: string }
  | { kind: "not_found" }
  | { kind: "expired" }
  | { kind: "too_many_attempts"; retryAfterSeconds: number };

/**
 * DESIGN.md §Checkout step 3 with the built-in test gateway. Only the browser
 * that placed the order (its access token) may pay it or learn anything of
 * it: to anyone else it does not exist. The card is checked even when the
 * order is paid already, so a card that would be declined never reads "paid";
 * it is checked and forgotten, never stored or logged.
 */
export async function payWithTestCard(
  db: Db,
  number: string,
  cardNumber: string,
  accessToken: string | null,
  options: { now: number; shopEmail: string; orderAccess: OrderAccess; attemptsPerOrder: RateLimit },
): Promise<TestCardPayment> {
  const { now } = options;
  const order = await findOrderByNumber(db, number);
  if (!order || order.payment_provider !== "test" || !options.orderAccess.allows(number, accessToken))
    return { kind: "not_found" };
  const limit = await consumeRateLimit(db, `payment:order:${order.number}`, options.attemptsPerOrder, now);
  if (limit.kind === "limited") return { kind: "too_many_attempts", retryAfterSeconds: limit.retryAfterSeconds };
  const state = payableState(order, now);
  if (state.kind === "expired") return { kind: "expired" };
  const charge = chargeTestCard(cardNumber);
  if (!charge.approved) return { kind: "declined", message: charge.message };
  if (state.kind === "pending") {
    const outcome = await recordPaymentSuccess(db, {
      provider: "test",
      eventId: `charge:${order.number}`,
      orderId: order.id,
      // Before checkout attached the gateway's reference (a crash in between), the number names the payment.
      paymentRef: order.payment_ref ?? order.number,
      amountCents: order.amount_cents,
      currency: order.currency,
      now,
      shopEmail: options.shopEmail,
    });
    if (outcome.kind === "not_payable") return { kind: "expired" };
  }
  return { kind: "paid", order: await paidOrderSummary(db, order) };
}
