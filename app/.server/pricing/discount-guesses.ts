import type { Db } from "../db";
import { checkRateLimit, consumeRateLimit, type RateLimit } from "../rate-limits";

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
 * about which codes exist. The address's count is checked before the code
 * is looked up, and a hit is added only once the answer is
 * `discount_invalid`: a known code (applied or refused for another reason)
 * never leaves a hit behind, however many come at once. Parallel unknown
 * guesses may overshoot the rule by the requests in flight when it fills;
 * the next ones are refused. The hit is added outside `answer`'s
 * transaction, so a checkout that rolls back keeps it.
 */
export async function countingCodeGuesses<Result extends { kind: string }>(
  db: Db,
  code: string | undefined,
  guesser: CodeGuesser,
  answer: () => Promise<Result>,
): Promise<Result | GuessesLimited> {
  if (code === undefined) return answer();
  const key = `discount:ip:${guesser.address}`;
  const check = await checkRateLimit(db, key, guesser.rule, guesser.now);
  if (check.kind === "limited") return { kind: "too_many_codes", retryAfterSeconds: check.retryAfterSeconds };
  const result = await answer();
  if (result.kind === "discount_invalid") await consumeRateLimit(db, key, guesser.rule, guesser.now);
  return result;
}
