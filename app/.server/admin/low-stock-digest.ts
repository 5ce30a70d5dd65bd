import { type Db, transaction } from "../db";
import { enqueueOwnerEmail } from "../mail/outbox";
import { lowStockDigest } from "../mail/templates";
import { lowStockVariants } from "./products";
import { dayIn } from "./today";
import { OWNER_ROLE } from "../accounts/auth";
import { type Actor, recordActivity } from "./activity";

/**
 * The optional daily low-stock email (DESIGN.md, /admin/account): once a day,
 * from DIGEST_HOUR in the shop's time zone, each owner who turned it on gets
 * the Today screen's "to pour" list, if it holds anything. Every process
 * runs the job; the day is claimed with one conditional update in the same
 * transaction that queues the email, so each owner gets it once.
 */
export const DIGEST_HOUR = 7;

export async function digestIsOn(db: Db, userId: string) {
  return (
    (await db.selectFrom("low_stock_digests").select("user_id").where("user_id", "=", userId).executeTakeFirst()) !==
    undefined
  );
}

/** Turns the owner's low-stock email on or off; a change is written to the activity log with it. */
export async function setDigest(db: Db, owner: Actor & { email: string }, on: boolean, now: number) {
  await transaction(db, async (trx) => {
    const was = await digestIsOn(trx, owner.id);
    if (was === on) return;
    if (on) await trx.insertInto("low_stock_digests").values({ user_id: owner.id, last_sent_day: null }).execute();
    else await trx.deleteFrom("low_stock_digests").where("user_id", "=", owner.id).execute();
    const state = (isOn: boolean) => ({ lowStockEmail: isOn ? "on" : "off" });
    await recordActivity(
      trx,
      owner,
      {
        action: "account.low_stock_email",
        subjectType: "account",
        subject: owner.email,
        before: state(was),
        after: state(on),
      },
      now,
    );
  });
}

/** Queues today's digests not yet sent; returns how many were queued. */
export async function sendLowStockDigests(db: Db, options: { now: number; timeZone: string; publicUrl: string }) {
  const hour = Number(
    new Intl.DateTimeFormat("en-US", { timeZone: options.timeZone, hour: "numeric", hourCycle: "h23" }).format(
      options.now,
    ),
  );
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
    queued += await transaction(db, async (trx) => {
      const claimed = await trx
        .updateTable("low_stock_digests")
        .set({ last_sent_day: today })
        .where("user_id", "=", owner.user_id)
        .where((eb) => eb.or([eb("last_sent_day", "is", null), eb("last_sent_day", "!=", today)]))
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) return 0;
      const products = await lowStockVariants(trx);
      if (products.length === 0) return 0;
      await enqueueOwnerEmail(
        trx,
        "low_stock_digest",
        owner.email,
        lowStockDigest(products, options.publicUrl),
        options.now,
      );
      return 1;
    });
  }
  return queued;
}
