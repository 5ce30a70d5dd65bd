import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "./db";
import { firstOf, runSteps, type Steps } from "./db/steps";
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
  return hitResult(row, rule, now);
}

const hitResult = (row: { hits: number; window_start: number }, rule: RateLimit, now: number): RateLimitResult =>
  row.hits <= rule.limit ? { kind: "allowed" } : limitedUntilWindowEnds(row.window_start, rule, now);

/**
 * `rateLimitHit`, answering in the same statement the hits another key
 * counts under its own rule without adding one (0 when its window has
 * passed): a checkout with a code counts its hit and reads its address's
 * unknown codes (pricing/discount-guesses.ts) at once.
 */
export function* rateLimitHitReading(
  db: Db,
  hit: { key: string; rule: RateLimit },
  read: { key: string; rule: RateLimit },
  now: number,
): Steps<RateLimitResult & { readHits: number }> {
  const row = (yield* firstOf(
    hitWindowReading(db, {
      key: hit.key,
      now,
      windowStartsAfter: now - hit.rule.windowMs,
      readKey: read.key,
      readWindowStartsAfter: now - read.rule.windowMs,
    }),
  ))!;
  return { ...hitResult(row, hit.rule, now), readHits: Number(row.read_hits ?? 0) };
}

/**
 * Whether `key` may take one more hit, without counting one, as a step of a
 * larger job: for a rule that counts only requests that turn out to be of
 * its kind, after answering them.
 */
export function* rateLimitLeft(db: Db, key: string, rule: RateLimit, now: number): Steps<RateLimitResult> {
  const row = yield* firstOf(currentWindow(db, { key, windowStartsAfter: now - rule.windowMs }));
  if (row === undefined || row.hits < rule.limit) return { kind: "allowed" };
  return limitedUntilWindowEnds(row.window_start, rule, now);
}

const limitedUntilWindowEnds = (windowStart: number, rule: RateLimit, now: number): RateLimitResult => ({
  kind: "limited",
  retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)),
});

/** The window `key` is counting in, if one has not passed yet: a query, or a subquery of another key's statement (hence its alias). */
export const windowOf = (db: Db, key: string, windowStartsAfter: number) =>
  db
    .selectFrom("rate_limits as current_window")
    .where("current_window.key", "=", key)
    .where("current_window.window_start", ">", windowStartsAfter);

const currentWindow = queryTemplate((db: Db, values: { key: string; windowStartsAfter: number }) =>
  windowOf(db, values.key, values.windowStartsAfter).select(["current_window.hits", "current_window.window_start"]),
);

/** One hit: a new window, or one more hit in the current one, or the first of a new one once it has passed. */
const hitOf = (db: Db, values: { key: string; now: number; windowStartsAfter: number }) =>
  db
    .insertInto("rate_limits")
    .values({ key: values.key, window_start: values.now, hits: 1 })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        hits: sql`case when rate_limits.window_start <= ${values.windowStartsAfter} then 1 else rate_limits.hits + 1 end`,
        window_start: sql`case when rate_limits.window_start <= ${values.windowStartsAfter} then ${values.now} else rate_limits.window_start end`,
      }),
    )
    .returning(["hits", "window_start"]);

const hitWindow = queryTemplate(hitOf);

/** `hitWindow`, with the hits of `readKey`'s current window, if it has one. */
const hitWindowReading = queryTemplate(
  (
    db: Db,
    values: { key: string; now: number; windowStartsAfter: number; readKey: string; readWindowStartsAfter: number },
  ) =>
    hitOf(db, values).returning(
      windowOf(db, values.readKey, values.readWindowStartsAfter).select("current_window.hits").as("read_hits"),
    ),
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
