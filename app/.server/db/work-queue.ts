import type { Kysely } from "kysely";
import type { Db } from ".";
import { transaction } from "./transaction";
import { lockSkippingLocked } from "./locks";

/** A work queue's columns: the outbox (emails) and the refunds share them. */
interface QueueColumns {
  id: number;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}

type QueueTable = "outbox" | "refunds";

export interface RetryPolicy {
  maxAttempts: number;
  baseMs: number;
  /**
   * How long a claimed row is one process's: a process that dies mid-work
   * (killed, crashed) frees it after this. With several processes it must
   * outlast any attempt, or a slow one could be made twice.
   */
  claimLeaseMs: number;
}

/** Exponential backoff: base, 2 × base, 4 × base … capped at a day. */
export const retryDelay = (attempt: number, policy: Pick<RetryPolicy, "baseMs">) =>
  Math.min(policy.baseMs * 2 ** (attempt - 1), 24 * 60 * 60_000);

/** A row this process holds: only the holder (its attempt number) may close it. */
export interface Claim {
  id: number;
  attempts: number;
}

const queueOf = (db: Db) => db as unknown as Kysely<Record<QueueTable, QueueColumns>>;

/**
 * Claims the next due row for this process: its attempt is counted and it is
 * due again only when the lease ends. On PostgreSQL several processes skip
 * each other's locked rows; on either engine the claim is conditional on the
 * attempt count read, so within its lease a row is held by one process only.
 */
async function claimNextDue(db: Db, table: QueueTable, now: number, leaseMs: number): Promise<Claim | undefined> {
  return transaction(db, async (inTransaction) => {
    const trx = queueOf(inTransaction);
    const due = trx
      .selectFrom(table)
      .select(["id", "attempts"])
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .orderBy("id")
      .limit(1);
    const row = await lockSkippingLocked(inTransaction, due).executeTakeFirst();
    if (!row) return undefined;
    const taken = await trx
      .updateTable(table)
      .set({ attempts: row.attempts + 1, next_attempt_at: now + leaseMs })
      .where("id", "=", row.id)
      .where("attempts", "=", row.attempts)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return taken.numUpdatedRows === 1n ? { id: row.id, attempts: row.attempts + 1 } : undefined;
  });
}

export interface QueueWork {
  policy: RetryPolicy;
  /** Rows handled per run at most; each is claimed just before its work, so its lease covers only that. */
  batch: number;
  now?: () => number;
  /** Does one row's work and records its success (conditional on the claim); throws when it failed. */
  work(claim: Claim): Promise<void>;
  /** Told of each failure: retried with backoff, or given up on for good after the last attempt. */
  failed(claim: Claim, error: string, givenUp: boolean): Promise<void> | void;
}

/**
 * Works through what is due, at least once each: a failure is retried with
 * backoff and, after the last attempt, is marked failed for a person to look
 * at. Nothing is dropped. Answers how many rows succeeded.
 */
export async function workThroughQueue(db: Db, table: QueueTable, queue: QueueWork): Promise<number> {
  const now = queue.now ?? Date.now;
  let succeeded = 0;
  for (let round = 0; round < queue.batch; round++) {
    const claim = await claimNextDue(db, table, now(), queue.policy.claimLeaseMs);
    if (!claim) break;
    try {
      await queue.work(claim);
      succeeded++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givenUp = claim.attempts >= queue.policy.maxAttempts;
      await queueOf(db)
        .updateTable(table)
        .set({
          status: givenUp ? "failed" : "pending",
          last_error: message.slice(0, 1000),
          next_attempt_at: now() + retryDelay(claim.attempts, queue.policy),
        })
        .where("id", "=", claim.id)
        .where("attempts", "=", claim.attempts)
        .execute();
      await queue.failed(claim, message, givenUp);
    }
  }
  return succeeded;
}

/** Puts a row that waits or was given up on back in its queue, due now, with its attempts counted afresh. */
export async function requeue(db: Db, table: QueueTable, id: number, now: number): Promise<boolean> {
  const result = await queueOf(db)
    .updateTable(table)
    .set({ status: "pending", attempts: 0, next_attempt_at: now })
    .where("id", "=", id)
    .where("status", "in", ["pending", "failed"])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
