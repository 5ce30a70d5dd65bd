import type { Db } from "../db";

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
export async function retryMessage(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now })
    .where("id", "=", id)
    .where("status", "in", ["pending", "failed"])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
