import type { Db } from "../db";
import { enqueueOwnerEmail } from "../mail/outbox";
import { lowStockDigest } from "../mail/templates";
import { lowStockProducts } from "./products";
import { dayIn } from "./today";
import { OWNER_ROLE } from "../accounts/auth";

/**
 * The optional daily low-stock email (DESIGN.md, /admin/account): once a day,
 * from DIGEST_HOUR in the shop's time zone, each owner who turned it on gets
 * the Today screen's "to pour" list, if it holds anything. Every process
 * runs the job; the day is claimed with one conditional update in the same
 * transaction that queues the email, so each owner gets it once.
 */
export const DIGEST_HOUR = 7;

export async function digestIsOn(db: Db, userId: string) {
  return (await db.selectFrom("low_stock_digests").select("user_id").where("user_id", "=", userId).executeTakeFirst()) !== undefined;
}

export async function setDigest(db: Db, userId: string, on: boolean) {
  if (!on) {
    await db.deleteFrom("low_stock_digests").where("user_id", "=", userId).execute();
    return;
  }
  await db
    .insertInto("low_stock_digests")
    .values({ user_id: userId, last_sent_day: null })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
}

/** Queues today's digests not yet sent; returns how many were queued. */
export async function sendLowStockDigests(db: Db, options: { now: number; timeZone: string; publicUrl: string }) {
  const hour = Number(new Intl.DateTimeFormat("en-US", { timeZone: options.timeZone, hour: "numeric", hourCycle: "h23" }).format(options.now));
  if (hour < DIGEST_HOUR) return 0;
  const today = dayIn(options.timeZone)(options.now);
  const due = await db
    .selectFrom("low_stock_digests as d")
    .innerJoin("user as u", "u.id", "d.user_id")
    .select(["d.user_id", "u.email"])
    .where("u.role", "=", OWNER_ROLE)
    .where((eb) => eb.or([eb("d.last_sent_day", "is", null), eb("d.last_sent_day", "!=", today)]))
    .execute();
  let queued = 0;
  for (const owner of due) {
    queued += await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("low_stock_digests")
        .set({ last_sent_day: today })
        .where("user_id", "=", owner.user_id)
        .where((eb) => eb.or([eb("last_sent_day", "is", null), eb("last_sent_day", "!=", today)]))
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) return 0;
      const products = await lowStockProducts(trx);
      if (products.length === 0) return 0;
      await enqueueOwnerEmail(trx, "low_stock_digest", owner.email, lowStockDigest(products, options.publicUrl), options.now);
      return 1;
    });
  }
  return queued;
}
