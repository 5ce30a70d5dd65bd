import type { Db } from "../db";
import { isSqlite } from "../db/engine";
import type { OutboxRow } from "../db/schema";
import type { Logger } from "../logger";
import type { MailTransport } from "./transports";

/** How long a claimed message is someone's: a process that dies mid-send frees it after this. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH = 20;

export interface RetryPolicy {
  maxAttempts: number;
  baseMs: number;
}

/** Exponential backoff: base, 2 × base, 4 × base … capped at a day. */
export const retryDelay = (attempt: number, policy: RetryPolicy) =>
  Math.min(policy.baseMs * 2 ** (attempt - 1), 24 * 60 * 60_000);

/**
 * Claims due messages for this process. On PostgreSQL several processes skip
 * each other's locked rows; on either engine the claim itself is conditional
 * (on the attempt count read), so no message is taken twice at once.
 */
async function claimDueMessages(db: Db, now: number): Promise<OutboxRow[]> {
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom("outbox")
      .selectAll()
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .orderBy("id")
      .limit(BATCH);
    if (!isSqlite(db)) due = due.forUpdate().skipLocked();
    const claimed: OutboxRow[] = [];
    for (const message of await due.execute()) {
      const taken = await trx
        .updateTable("outbox")
        .set({ attempts: message.attempts + 1, next_attempt_at: now + CLAIM_LEASE_MS })
        .where("id", "=", message.id)
        .where("attempts", "=", message.attempts)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (taken.numUpdatedRows === 1n) claimed.push({ ...message, attempts: message.attempts + 1 });
    }
    return claimed;
  });
}

async function orderNumberOf(db: Db, message: OutboxRow) {
  if (message.order_id === null) return undefined;
  const order = await db.selectFrom("orders").select("number").where("id", "=", message.order_id).executeTakeFirst();
  return order?.number;
}

/**
 * Sends what is due, at least once each: a message counts as sent only after
 * the transport took it; a failure is retried with backoff and, after the
 * last attempt, is marked failed and logged loudly. Nothing is dropped.
 */
export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  options: { logger: Logger; policy: RetryPolicy; now?: () => number },
) {
  const now = options.now ?? Date.now;
  let delivered = 0;
  for (const message of await claimDueMessages(db, now())) {
    try {
      await transport.send(message);
      await db.updateTable("outbox").set({ status: "sent", sent_at: now(), last_error: null }).where("id", "=", message.id).execute();
      delivered++;
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const failed = message.attempts >= options.policy.maxAttempts;
      await db
        .updateTable("outbox")
        .set({
          status: failed ? "failed" : "pending",
          last_error: lastError.slice(0, 1000),
          next_attempt_at: now() + retryDelay(message.attempts, options.policy),
        })
        .where("id", "=", message.id)
        .execute();
      const context = { outbox: message.id, order: await orderNumberOf(db, message), kind: message.kind, attempts: message.attempts, error: lastError };
      if (failed) options.logger.error(context, `Email ${message.id} FAILED for good after ${message.attempts} attempts: retry it with npm run outbox -- retry ${message.id}`);
      else options.logger.warn(context, "Email delivery failed; it will be retried");
    }
  }
  return delivered;
}
