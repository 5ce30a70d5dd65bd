import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "./db";
import { changesOf, firstOf, runSteps, type Steps } from "./db/steps";
import { queryTemplate } from "./db/template";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export type RateLimitResult = { kind: "allowed" } | { kind: "limited"; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in a fixed window kept in the database, so
 * every server process sharing it agrees. One upsert: no read-then-write race.
 */
export function consumeRateLimit(db: Db, key: string, rule: RateLimit, now: number): Promise<RateLimitResult> {
  return runSteps(db, () => rateLimitHit(db, key, rule, now));
}

/** `consumeRateLimit` as a step of a larger job (db/steps.ts): the checkout counts its hit in its own transaction. */
export function* rateLimitHit(db: Db, key: string, rule: RateLimit, now: number): Steps<RateLimitResult> {
  const row = (yield* firstOf(hitWindow(db, { key, now, windowStartsAfter: now - rule.windowMs })))!;
  if (row.hits <= rule.limit) return { kind: "allowed" };
  return {
    kind: "limited",
    retryAfterSeconds: Math.max(1, Math.ceil((row.window_start + rule.windowMs - now) / 1000)),
  };
}

/** One hit: a new window, or one more hit in the current one, or the first of a new one once it has passed. */
const hitWindow = queryTemplate((db: Db, values: { key: string; now: number; windowStartsAfter: number }) =>
  db
    .insertInto("rate_limits")
    .values({ key: values.key, window_start: values.now, hits: 1 })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        hits: sql`case when rate_limits.window_start <= ${values.windowStartsAfter} then 1 else rate_limits.hits + 1 end`,
        window_start: sql`case when rate_limits.window_start <= ${values.windowStartsAfter} then ${values.now} else rate_limits.window_start end`,
      }),
    )
    .returning(["hits", "window_start"]),
);

/**
 * Takes back the hit counted at `hitAt` against `key`, for a request that
 * turned out not to be one the rule counts. Only from the window that hit
 * went into: one started after it (the old one had passed) keeps its count.
 */
export async function giveBackRateLimitHit(db: Db, key: string, hitAt: number): Promise<void> {
  await runSteps(db, () => changesOf(hitTakenBack(db, { key, hitAt })));
}

const hitTakenBack = queryTemplate((db: Db, values: { key: string; hitAt: number }) =>
  db
    .updateTable("rate_limits")
    .set({ hits: sql`hits - 1` })
    .where("key", "=", values.key)
    .where("window_start", "<=", values.hitAt)
    .where("hits", ">", 0),
);

/**
 * The sign-in limit's key for an email in any letter case. Hashed: the table
 * keeps no address, including the ones attackers type.
 */
export const signInAccountKey = (email: string) =>
  `auth:account:${createHash("sha256").update(email.toLowerCase()).digest("base64url")}`;

/**
 * Deletes windows that started before `before`. Pass a time at least the
 * longest rule's window ago: a younger row still counts, and deleting it
 * would hand its key a fresh allowance.
 */
export async function pruneRateLimits(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("window_start", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
