import { openDatabase } from "~/.server/db";
import type { ShopData } from "./shop-server";

const DAY_MS = 24 * 60 * 60_000;

/**
 * Waits (at most `timeoutMs`) until the server has pruned every sent email
 * older than `keepDays`, as a shop that upgrades does once at its first start:
 * the pages are then measured on the shop as it runs from then on, not
 * beside its one-off catch-up. Answers how long that took, and whether it ended.
 * Emails that come of age while it waits are the next hourly run's, not this one's.
 */
export async function waitForPruning(data: ShopData, keepDays: number, timeoutMs: number) {
  const { db } = openDatabase({ dataDir: data.dataDir, databaseUrl: data.databaseUrl });
  const started = performance.now();
  const cutoff = Date.now() - keepDays * DAY_MS - 60_000;
  try {
    for (;;) {
      const { left } = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("left"))
        .where("status", "=", "sent")
        .where("pruned_at", "is", null)
        .where("sent_at", "<", cutoff)
        .executeTakeFirstOrThrow();
      const seconds = (performance.now() - started) / 1000;
      if (Number(left) === 0) return { seconds, done: true };
      if (seconds * 1000 > timeoutMs) return { seconds, done: false };
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  } finally {
    await db.destroy();
  }
}
