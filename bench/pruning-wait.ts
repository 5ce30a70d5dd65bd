import { sql } from "kysely";
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

/**
 * Waits (at most `timeoutMs`) until the server's job has added every order
 * to SQLite's search index (app/.server/db/search.ts), as a shop that
 * upgrades does once after its first start: until then a search reads the
 * orders past the index one by one, about 100 ms at 100,000 orders.
 * PostgreSQL's trigram indexes are written with each row. Answers whether it caught up.
 */
export async function waitForSearchIndex(data: ShopData, timeoutMs: number): Promise<boolean> {
  if (data.databaseUrl) return true;
  const { db } = openDatabase({ dataDir: data.dataDir });
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await sql<{ behind: number }>`
        select count(*) as behind from orders
        where id > (select indexed_through from orders_search_position)`.execute(db);
      if (Number(rows[0]!.behind) === 0) return true;
      if (performance.now() - started > timeoutMs) return false;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await db.destroy();
  }
}
