import type { Db } from "../db";
import type { Steps } from "../db/steps";
import { type CodeGuesser, guessesKey } from "../pricing/discount-guesses";
import { type RateLimit, type RateLimitResult, rateLimitHit, rateLimitHitReading } from "../rate-limits";

/**
 * Who places an order: the client's address, the units it may hold unpaid
 * (the holding limit: holding-limit.ts), and how often it may check out. The checkout's hit is counted in the
 * reservation's transaction: one commit per checkout instead of two, and a
 * refusal decided before the stock moves commits its hit too. A reservation
 * that rolls back because its key has an order already counts its hit
 * again on its own; one run again because its products changed, or because
 * PostgreSQL ended it to break a deadlock, counts it once, in its last run;
 * only one that fails (an error) leaves it uncounted.
 */
export interface Holder {
  address: string;
  maxUnits: number;
  /** None for the shop's signed-in owner trying her own checkout: her checkouts are not counted. */
  checkouts: RateLimit | undefined;
}

/** The rate-limit row that counts an address's checkouts. */
export const checkoutLimitKey = (holder: Holder) => `checkout:ip:${holder.address}`;

/**
 * The checkout's rate-limit hit; with a code, reading its address's unknown codes in the same statement. A
 * checkout not counted (the owner's) is allowed, and leaves the unknown codes to the code's own lookup.
 */
export function* checkoutHit(
  db: Db,
  holder: Holder,
  guesser: CodeGuesser | undefined,
  now: number,
): Steps<RateLimitResult & { guesses?: number }> {
  if (!holder.checkouts) return { kind: "allowed" };
  const hit = { key: checkoutLimitKey(holder), rule: holder.checkouts };
  if (!guesser) return yield* rateLimitHit(db, hit.key, hit.rule, now);
  const result = yield* rateLimitHitReading(db, hit, { key: guessesKey(guesser), rule: guesser.rule }, now);
  return { ...result, guesses: result.readHits };
}
