import type { Db } from "./db";
import type { OrderRow } from "./db/schema";
import type { Logger } from "./logger";
import { type SettleBeforeExpiry, expireUnpaidOrders, syncPaymentStatus } from "./orders";
import type { PaymentProvider } from "./payments/provider";

interface JobDependencies {
  db: Db;
  logger: Logger;
  payments: PaymentProvider;
  shopEmail: string;
}

/** How often the server looks for unpaid orders past their expiry. */
const EXPIRY_INTERVAL_MS = 30_000;

/**
 * Before an order expires the provider stops its payment; a payment that went
 * through after all makes the order paid instead of expired.
 */
export function settleWithProvider({ db, logger, payments, shopEmail }: JobDependencies): SettleBeforeExpiry {
  return async (order: OrderRow) => {
    if (!order.payment_ref) return "expire";
    if ((await payments.cancelPayment(order.payment_ref)) === "cancelled") return "expire";
    const outcome = await syncPaymentStatus(db, payments, order, { now: Date.now(), shopEmail });
    logger.info({ order: order.number, outcome }, "Order paid at the last moment; kept instead of expired");
    return "keep";
  };
}

/**
 * Background work of the server process: expiring unpaid orders (their stock
 * returns). It runs once at start, so what fell due while the shop was down is
 * handled straight away, and then on an interval.
 */
export function startJobs({ db, logger, payments, shopEmail }: JobDependencies) {
  let running: Promise<void> | undefined;
  const settle = settleWithProvider({ db, logger, payments, shopEmail });
  const expire = () => {
    running ??= (async () => {
      try {
        for (const order of await expireUnpaidOrders(db, Date.now(), settle)) {
          logger.info({ order: order.number }, "Unpaid order expired; its stock is back on sale");
        }
      } catch (error) {
        logger.error(error, "Expiring unpaid orders failed; will try again");
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  void expire();
  const timer = setInterval(expire, EXPIRY_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
