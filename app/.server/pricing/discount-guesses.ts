import type { Db } from "../db";
import { consumeRateLimit, giveBackRateLimitHit, type RateLimit } from "../rate-limits";

/** Who asks about a code, under which rule, and when. */
export interface CodeGuesser {
  address: string;
  rule: RateLimit;
  now: number;
}

export type GuessesLimited = { kind: "too_many_codes"; retryAfterSeconds: number };

/**
 * Issue #33: unknown codes (`discount_invalid`) count against the address
 * that typed them, from the quote and from checkout alike; beyond the rule,
 * a request with any code is refused, so the address learns nothing more
 * about which codes exist. A code counts before it is looked up, so a burst
 * of parallel guesses cannot slip past the limit, and outside `answer`'s
 * transaction, so a checkout that rolls back keeps it; one that turns out
 * known (used or refused for another reason) gives its hit back.
 */
export async function countingCodeGuesses<Result extends { kind: string }>(
  db: Db,
  code: string | undefined,
  guesser: CodeGuesser,
  answer: () => Promise<Result>,
): Promise<Result | GuessesLimited> {
  if (code === undefined) return answer();
  const key = `discount:ip:${guesser.address}`;
  const hit = await consumeRateLimit(db, key, guesser.rule, guesser.now);
  if (hit.kind === "limited") return { kind: "too_many_codes", retryAfterSeconds: hit.retryAfterSeconds };
  let unknown = false;
  try {
    const result = await answer();
    unknown = result.kind === "discount_invalid";
    return result;
  } finally {
    if (!unknown) await giveBackRateLimitHit(db, key, guesser.now);
  }
}
