import type { Db } from "../db";
import type { OutboxRow } from "../db/schema";
import { type RetryPolicy, workThroughQueue } from "../db/work-queue";
import type { Logger } from "../logger";
import { currentShopName } from "../settings/shop-settings";
import type { MailTransport } from "./transports";
import { ALERT_EMAIL_KIND } from "../alerts/check";

/** Messages sent per run. */
const BATCH = 20;

async function orderNumberOf(db: Db, message: OutboxRow) {
  if (message.order_id === null) return undefined;
  const order = await db.selectFrom("orders").select("number").where("id", "=", message.order_id).executeTakeFirst();
  return order?.number;
}

/**
 * Sends what is due, at least once each: a message counts as sent only after
 * the transport took it; a failure is retried with backoff and, after the
 * last attempt, is marked failed and logged loudly. A claim's lease must
 * outlast any send (SMTP gives up after at most ~2 minutes, EmailJS after
 * 15 s), or with several processes a slow one could be sent twice.
 */
export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  options: { logger: Logger; policy: RetryPolicy; now?: () => number },
) {
  const now = options.now ?? Date.now;
  return workThroughQueue(db, "outbox", {
    policy: options.policy,
    batch: BATCH,
    now,
    async work(claim) {
      const message = await db.selectFrom("outbox").selectAll().where("id", "=", claim.id).executeTakeFirstOrThrow();
      await transport.send(message, await currentShopName(db));
      await db
        .updateTable("outbox")
        .set({ status: "sent", sent_at: now(), last_error: null })
        .where("id", "=", claim.id)
        .where("attempts", "=", claim.attempts)
        .execute();
    },
    async failed(claim, error, givenUp) {
      const message = await db.selectFrom("outbox").selectAll().where("id", "=", claim.id).executeTakeFirstOrThrow();
      const context = {
        outbox: claim.id,
        order: await orderNumberOf(db, message),
        kind: message.kind,
        attempts: claim.attempts,
        error,
      };
      if (givenUp)
        options.logger.error(
          context,
          `Email ${claim.id} FAILED for good after ${claim.attempts} attempts: retry it with npm run outbox -- retry ${claim.id}`,
        );
      // An alert that cannot reach the owner by mail reaches her through the log (and Today) at once.
      else if (message.kind === ALERT_EMAIL_KIND && claim.attempts === 1)
        options.logger.error(context, `The alert email "${message.subject}" could not be sent; it will be retried`);
      else options.logger.warn(context, "Email delivery failed; it will be retried");
    },
  });
}
