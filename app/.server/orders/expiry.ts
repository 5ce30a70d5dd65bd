import { releaseRedemption } from "./redemption";
import type { ExpressionBuilder } from "kysely";
import { catalogVersionBump } from "../catalog/version";
import { type Db, transaction } from "../db";
import { isDeadlock } from "../db/deadlock";
import { lockSkippingLocked } from "../db/locks";
import type { Database, OrderRow } from "../db/schema";
import type { Logger } from "../logger";
import { syncPaymentStatus } from "./payment";
import type { PaymentProviders } from "./payments/providers";
import { findOrderItems, inVariantOrder } from "./queries";

/**
 * Decides, before an order expires, whether its payment could be stopped:
 * expire it, keep it (it was paid after all), or skip it (the provider could
 * not be asked: it is tried again once its claim runs out).
 */
export type SettleBeforeExpiry = (order: OrderRow) => Promise<{ kind: "expire" } | { kind: "keep" } | { kind: "skip" }>;

/**
 * How long an order claimed for expiry is one process's: long enough for its
 * provider to answer (Stripe retries a call for up to about four minutes in
 * the worst case, and a claim that runs out only means a second, harmless,
 * settle). A process that dies mid-way gives its orders back after this.
 */
export const EXPIRY_CLAIM_MS = 5 * 60_000;

/**
 * Claims up to `limit` due orders for this process in one statement, so of
 * several processes each settles different orders with their providers: on
 * PostgreSQL the rows another process is claiming are skipped (`FOR UPDATE
 * SKIP LOCKED`), and on either engine an order claimed within its lease is
 * left alone.
 */
function claimDueOrders(db: Db, now: number, limit: number): Promise<OrderRow[]> {
  const unclaimed = (eb: ExpressionBuilder<Database, "orders">) =>
    eb.or([eb("expiry_claimed_until", "is", null), eb("expiry_claimed_until", "<=", now)]);
  const claimable = db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "pending_payment")
    .where("expires_at", "<=", now)
    .where(unclaimed)
    .orderBy("expires_at")
    .limit(limit);
  return db
    .updateTable("orders")
    .set({ expiry_claimed_until: now + EXPIRY_CLAIM_MS })
    .where("id", "in", lockSkippingLocked(db, claimable))
    .where("status", "=", "pending_payment")
    .where(unclaimed)
    .returningAll()
    .execute();
}

/**
 * Unpaid orders past their expiry become expired and their stock returns,
 * exactly once: each process claims the orders it settles, and the status
 * change is conditional, so of several processes (or a run after a restart)
 * only one wins each order. `settle` lets the payment provider stop the
 * payment first, or keep an order that was paid.
 */
export async function expireUnpaidOrders(
  db: Db,
  now: number,
  settle: SettleBeforeExpiry = async () => ({ kind: "expire" }),
  limit = 100,
): Promise<OrderRow[]> {
  const due = (await claimDueOrders(db, now, limit)).sort((a, b) => a.expires_at - b.expires_at);
  const expired: OrderRow[] = [];
  for (const order of due) {
    if ((await settle(order)).kind !== "expire") continue;
    const won = await transaction(db, async (trx) => {
      const changed = await trx
        .updateTable("orders")
        .set({ status: "expired", held_by: null })
        .where("id", "=", order.id)
        .where("status", "=", "pending_payment")
        // A payment attached since `settle` looked (a checkout retried near expiry) must be settled first: next round.
        .where("payment_ref", order.payment_ref === null ? "is" : "=", order.payment_ref)
        .executeTakeFirst();
      if (changed.numUpdatedRows !== 1n) return false;
      // The code's row before the variants', in the order a checkout locks them (reservation.ts: takeUse, then
      // takeStock): the other way round, an expiry and a checkout with the same code and candle could deadlock.
      await releaseRedemption(trx, order.id);
      for (const item of inVariantOrder(await findOrderItems(trx, order.id))) {
        await trx
          .updateTable("variants")
          .set((eb) => ({ stock: eb("stock", "+", item.quantity) }))
          .where("id", "=", item.variant_id)
          // With its product: a deleted product's variant id may be another's now, its number never is.
          .where("product_id", "=", item.product_id)
          .execute();
      }
      await catalogVersionBump(trx).execute();
      return true;
    }).catch((error: unknown) => {
      // PostgreSQL ended the order's transaction to break a deadlock: none of it happened, and the order is
      // tried again once its claim runs out, as a skipped one is; the rest of the batch goes on.
      if (isDeadlock(error)) return false;
      throw error;
    });
    if (won) expired.push({ ...order, status: "expired" });
  }
  return expired;
}

export interface ExpiryDependencies {
  db: Db;
  logger: Logger;
  payments: PaymentProviders;
  shopEmail: string;
}

/**
 * Before an order expires its own provider stops its payment; a payment that
 * went through after all makes the order paid instead of expired. An order
 * whose provider the shop can no longer reach (Stripe's keys removed) keeps
 * its stock held: money may have been taken for it.
 */
export function settleWithProvider({ db, logger, payments, shopEmail }: ExpiryDependencies): SettleBeforeExpiry {
  return async (order: OrderRow) => {
    if (!order.payment_ref) return { kind: "expire" };
    const provider = payments.of(order.payment_provider);
    if (!provider) {
      logger.error(
        { order: order.number, provider: order.payment_provider },
        "An expiring order was paid through a provider the shop is no longer set up for: configure it again (for Stripe, STRIPE_SECRET_KEY and the rest) so the order can be settled",
      );
      return { kind: "skip" };
    }
    try {
      if ((await provider.cancelPayment(order.payment_ref)) === "cancelled") return { kind: "expire" };
      const outcome = await syncPaymentStatus(db, provider, order, { now: Date.now(), shopEmail });
      if (outcome.kind === "paid" || outcome.kind === "duplicate") {
        logger.info({ order: order.number }, "Order paid at the last moment; kept instead of expired");
        return { kind: "keep" };
      }
      // Money was taken but cannot be applied (a different amount): the stock goes back and the refund job gives the money back.
      logger.error(
        { order: order.number, outcome: outcome.kind },
        "Payment went through for an order that cannot take it; it will be refunded (npm run refunds)",
      );
      return { kind: "expire" };
    } catch (error) {
      logger.warn(
        { order: order.number, error: error instanceof Error ? error.message : String(error) },
        "Could not settle the payment of an expiring order; will try again",
      );
      return { kind: "skip" };
    }
  };
}
