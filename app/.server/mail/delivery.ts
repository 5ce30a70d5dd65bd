import type { Db } from "../db";
import { isSqlite } from "../db/engine";
import type { OutboxRow } from "../db/schema";
import type { Logger } from "../logger";
import type { MailTransport } from "./transports";

/** Messages sent per run; each is claimed just before its send, so its lease covers only that send. */
const BATCH = 20;

export interface RetryPolicy {
  maxAttempts: number;
  baseMs: number;
  /**
   * How long a claimed message is one process's: a process that dies mid-send
   * (killed, crashed) frees it after this. With several processes it must
   * outlast any send, or a slow one could be sent twice (SMTP gives up after
   * at most ~2 minutes, EmailJS after 15 s).
   */
  claimLeaseMs: number;
}

/** Exponential backoff: base, 2 × base, 4 × base … capped at a day. */
export const retryDelay = (attempt: number, policy: Pick<RetryPolicy, "baseMs">) =>
  Math.min(policy.baseMs * 2 ** (attempt - 1), 24 * 60 * 60_000);

/**
 * Claims the next due message for this process. On PostgreSQL several
 * processes skip each other's locked rows; on either engine the claim is
 * conditional on the attempt count read, so within its lease a message is
 * held by one process only.
 */
async function claimNextMessage(db: Db, now: number, leaseMs: number): Promise<OutboxRow | undefined> {
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom("outbox")
      .selectAll()
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .orderBy("id")
      .limit(1);
    if (!isSqlite(db)) due = due.forUpdate().skipLocked();
    const message = await due.executeTakeFirst();
    if (!message) return undefined;
    const taken = await trx
      .updateTable("outbox")
      .set({ attempts: message.attempts + 1, next_attempt_at: now + leaseMs })
      .where("id", "=", message.id)
      .where("attempts", "=", message.attempts)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return taken.numUpdatedRows === 1n ? { ...message, attempts: message.attempts + 1 } : undefined;
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
  for (let round = 0; round < BATCH; round++) {
    const message = await claimNextMessage(db, now(), options.policy.claimLeaseMs);
    if (!message) break;
    // Only the holder of this claim (its attempt number) may close it.
    const stillOurs = db.updateTable("outbox").where("id", "=", message.id).where("attempts", "=", message.attempts);
    try {
      await transport.send(message);
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const failed = message.attempts >= options.policy.maxAttempts;
      await stillOurs
        .set({
          status: failed ? "failed" : "pending",
          last_error: lastError.slice(0, 1000),
          next_attempt_at: now() + retryDelay(message.attempts, options.policy),
        })
        .execute();
      const context = { outbox: message.id, order: await orderNumberOf(db, message), kind: message.kind, attempts: message.attempts, error: lastError };
      if (failed) options.logger.error(context, `Email ${message.id} FAILED for good after ${message.attempts} attempts: retry it with npm run outbox -- retry ${message.id}`);
      else options.logger.warn(context, "Email delivery failed; it will be retried");
      continue;
    }
    await stillOurs.set({ status: "sent", sent_at: now(), last_error: null }).execute();
    delivered++;
  }
  return delivered;
}
