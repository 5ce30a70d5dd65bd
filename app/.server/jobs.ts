import type { Db } from "./db";
import type { Logger } from "./logger";
import { expireUnpaidOrders } from "./orders";
import type { PaymentProvider } from "./payments/provider";

/** How often the server looks for unpaid orders past their expiry. */
const EXPIRY_INTERVAL_MS = 30_000;

/**
 * Background work of the server process: expiring unpaid orders (their stock
 * returns). It runs once at start, so what fell due while the shop was down is
 * handled straight away, and then on an interval.
 */
export function startJobs({ db, logger, payments }: { db: Db; logger: Logger; payments: PaymentProvider }) {
  let running: Promise<void> | undefined;
  const expire = () => {
    running ??= (async () => {
      try {
        for (const order of await expireUnpaidOrders(db, Date.now())) {
          logger.info({ order: order.number }, "Unpaid order expired; its stock is back on sale");
          if (order.payment_ref) await payments.cancelPayment(order.payment_ref);
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
