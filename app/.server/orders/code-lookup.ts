import { CODE_PATTERN, normalizeCode } from "~/lib/discount-schema";
import type { Db } from "../db";
import type { DiscountRow } from "../db/schema";
import { firstOf, runSteps, type Steps } from "../db/steps";
import { queryTemplate } from "../db/template";
import { type CodeGuesser, type GuessesLimited, guessesKey, guessesLimited } from "../pricing/discount-guesses";
import { type DiscountCode, type DiscountRefusal, discountRefusal } from "../pricing/discount-rules";
import { windowOf } from "../rate-limits";

/**
 * A code as a shopper typed it, found and checked (issue #33): the rules of
 * the day, the address's unknown codes (pricing/discount-guesses.ts), and
 * one per customer by the order's email. Its use is taken and recorded in
 * redemption.ts.
 */

export const codeColumns = [
  "id",
  "code",
  "kind",
  "value",
  "active",
  "minimum_subtotal_cents",
  "starts_on",
  "ends_on",
  "max_uses",
  "uses",
  "once_per_customer",
] as const;

export type CodeRow = Pick<DiscountRow, (typeof codeColumns)[number]>;

/**
 * The codes without a Total uses limit, by the name they are stored under,
 * which the pricing setup keeps in memory (pricing/setup.ts): a checkout
 * with one of them reads no code. Whether an order may still take a use is
 * decided in its transaction all the same (`redeem`, or
 * `orderInsertedRedeeming` on PostgreSQL: the code must still be active and
 * have no limit), so one the owner gave a limit meanwhile is counted and one
 * she deactivated is refused; an edit of its terms takes effect from the
 * next checkout, as a shipping rate's does.
 */
export async function codesWithoutLimit(db: Db): Promise<ReadonlyMap<string, CodeRow>> {
  const rows = await db.selectFrom("discounts").select(codeColumns).where("max_uses", "is", null).execute();
  return new Map(rows.map((row) => [row.code, row]));
}

/** What a checkout knows before its code's lookup: the codes in memory, and its address's unknown codes if it read them. */
export interface CodesKnown {
  withoutLimit: ReadonlyMap<string, CodeRow>;
  /** Counted in the current window by the checkout's own rate-limit hit (`rateLimitHitReading`). */
  guesses?: number;
}

/*
 * The statements of a checkout with a code are query templates (db/template.ts), as the rest of the
 * reservation's: built and compiled once, and prepared once per connection on PostgreSQL.
 */

/**
 * A code by the name it is stored under (capitals), with the unknown codes
 * its asker's address typed in the current window (discount-guesses.ts).
 */
const codeNamed = queryTemplate((db: Db, values: { code: string; guessesKey: string; windowStartsAfter: number }) =>
  db
    .selectFrom("discounts")
    .select(codeColumns)
    .select(windowOf(db, values.guessesKey, values.windowStartsAfter).select("current_window.hits").as("guesses"))
    .where("code", "=", values.code),
);

/** A code looked up: the row, if the code exists; or the asker refused for the unknown codes it typed already. */
export type CodeLookup = { kind: "looked_up"; row: CodeRow | undefined } | GuessesLimited;

/**
 * A code as typed by a shopper, in any letter case, unless her address has
 * reached its limit of unknown codes: no statement for a code without a
 * limit when the checkout read the address's guesses already (`known`), one
 * otherwise when the code exists and the address is within its limit; the
 * limit's own read, which says until when, only when it is not. Text that
 * cannot be a code finds none without asking the database: PostgreSQL
 * refuses some of it (a NUL byte) with an error.
 */
export function* typedCode(db: Db, typed: string, guesser: CodeGuesser, known?: CodesKnown): Steps<CodeLookup> {
  const code = normalizeCode(typed);
  const window = { guessesKey: guessesKey(guesser), windowStartsAfter: guesser.now - guesser.rule.windowMs };
  const remembered = known?.guesses === undefined ? undefined : known.withoutLimit.get(code);
  const found = remembered
    ? { ...remembered, guesses: known!.guesses! }
    : CODE_PATTERN.test(code)
      ? yield* firstOf(codeNamed(db, { code, ...window }))
      : undefined;
  if (found === undefined || (found.guesses ?? 0) >= guesser.rule.limit) {
    const limited = yield* guessesLimited(db, guesser);
    if (limited) return limited;
  }
  if (found === undefined) return { kind: "looked_up", row: undefined };
  const { guesses: _, ...row } = found;
  return { kind: "looked_up", row };
}

export const toDiscountCode = (row: CodeRow): DiscountCode => ({
  code: row.code,
  kind: row.kind,
  value: row.value,
  active: row.active === 1,
  minimumSubtotalCents: row.minimum_subtotal_cents,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  maxUses: row.max_uses,
  uses: row.uses,
});

/** A code a checkout may use, and the email key its redemption records (null unless one per customer). */
export type UsableCode = { kind: "usable"; row: CodeRow; emailKey: string | null };

/** The code a checkout may use, or why not: the rules of today, and one per customer by the order's email. */
export function* codeForCheckout(
  db: Db,
  typed: string,
  check: { today: string; subtotalCents: number; email: string | null; guesser: CodeGuesser; known?: CodesKnown },
): Steps<UsableCode | DiscountRefusal | { kind: "discount_needs_email" } | GuessesLimited> {
  const lookup = yield* typedCode(db, typed, check.guesser, check.known);
  if (lookup.kind === "too_many_codes") return lookup;
  const { row } = lookup;
  const refusal = discountRefusal(row && toDiscountCode(row), check.today, check.subtotalCents);
  if (refusal) return refusal;
  if (row!.once_per_customer === 0) return { kind: "usable", row: row!, emailKey: null };
  if (check.email === null) return { kind: "discount_needs_email" };
  const emailKey = emailKeyOf(check.email);
  const used = yield* firstOf(redemptionByTemplate(db, { discountId: row!.id, emailKey }));
  return used ? { kind: "discount_once_per_customer" } : { kind: "usable", row: row!, emailKey };
}

/** Who a one-per-customer code's redemption is by: the email in any letter case is one customer. */
export const emailKeyOf = (email: string) => email.toLowerCase();

const redemptionByTemplate = queryTemplate((db: Db, values: { discountId: number; emailKey: string }) =>
  db
    .selectFrom("discount_redemptions")
    .select("order_id")
    .where("discount_id", "=", values.discountId)
    .where("email_key", "=", values.emailKey),
);

/** The redemption of a one-per-customer code by an email key (the email in lower case), if it has one. */
export const redemptionBy = (db: Db, discountId: number, emailKey: string) =>
  runSteps(db, () => firstOf(redemptionByTemplate(db, { discountId, emailKey })));
