import type { Db } from "../db";
import type { Steps } from "../db/steps";
import { consumeRateLimit, type RateLimit, rateLimitLeft } from "../rate-limits";

/** Who asks about a code, under which rule, and when. */
export interface CodeGuesser {
  address: string;
  rule: RateLimit;
  now: number;
}

export type GuessesLimited = { kind: "too_many_codes"; retryAfterSeconds: number };

/** The rate-limit row that counts an address's unknown codes. */
export const guessesKey = (guesser: CodeGuesser) => `discount:ip:${guesser.address}`;

/*
 * Issue #33: unknown codes (`discount_invalid`) count against the address
 * that typed them, from the quote and from checkout alike; beyond the rule,
 * a request with any code is refused, so the address learns nothing more
 * about which codes exist. The count is checked by the code's lookup itself
 * (`typedCode`, orders/code-lookup.ts), in the quote's or the checkout's own
 * job (a checkout's rate-limit hit reads it: `rateLimitHitReading`), and a
 * hit is added only once the answer is `discount_invalid`
 * (`countingUnknownCodes`): a known code (applied or refused for another
 * reason) never leaves a hit behind, however many come at once. Parallel
 * unknown guesses may overshoot the rule by the requests in flight when it
 * fills; the next ones are refused.
 */

/** Whether the address has reached its unknown codes' limit, as a step of the code's lookup. */
export function* guessesLimited(db: Db, guesser: CodeGuesser): Steps<GuessesLimited | undefined> {
  const left = yield* rateLimitLeft(db, guessesKey(guesser), guesser.rule, guesser.now);
  return left.kind === "limited" ? { kind: "too_many_codes", retryAfterSeconds: left.retryAfterSeconds } : undefined;
}

/**
 * `answer`, with a hit against the address when it says the code is
 * unknown. The hit is added outside `answer`'s transaction, so a checkout
 * that rolls back keeps it.
 */
export async function countingUnknownCodes<Result extends { kind: string }>(
  db: Db,
  guesser: CodeGuesser,
  answer: () => Promise<Result>,
): Promise<Result> {
  const result = await answer();
  if (result.kind === "discount_invalid") await consumeRateLimit(db, guessesKey(guesser), guesser.rule, guesser.now);
  return result;
}
