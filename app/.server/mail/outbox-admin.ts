import type { Db } from "../db";
import { requeue } from "../db/work-queue";

/** Messages waiting or given up on, oldest first, with their order's number. */
export function listUndelivered(db: Db) {
  return db
    .selectFrom("outbox")
    .leftJoin("orders", "orders.id", "outbox.order_id")
    .select([
      "outbox.id",
      "outbox.status",
      "outbox.kind",
      "outbox.to",
      "outbox.attempts",
      "outbox.next_attempt_at",
      "outbox.last_error",
      "orders.number as order_number",
    ])
    .where("outbox.status", "in", ["pending", "failed"])
    .orderBy("outbox.id")
    .execute();
}

/** Puts a message back in the queue for the next delivery run, with its attempts counted afresh. */
export const retryMessage = (db: Db, id: number, now: number) => requeue(db, "outbox", id, now);
