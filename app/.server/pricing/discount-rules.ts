import type { DiscountKind } from "../db/schema";

/** What a code takes off, as the quote applies it and the order keeps it. */
export interface DiscountTerms {
  code: string;
  kind: DiscountKind;
  /** A percent (1–100), cents off, or 0 for free shipping. */
  value: number;
}

/** A code as the rules read it: its terms and when and how often it may be used. */
export interface DiscountCode extends DiscountTerms {
  active: boolean;
  minimumSubtotalCents: number | null;
  /** Days in SHOP_TIME_ZONE ("2026-12-24"), both included. */
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  uses: number;
}

/** Why a code is refused, by its API error code (DESIGN.md); one per customer is the redemption's unique row. */
export type DiscountRefusal =
  | { kind: "discount_invalid" }
  | { kind: "discount_not_started"; startsOn: string }
  | { kind: "discount_expired" }
  | { kind: "discount_used_up" }
  /** `shortCents`: what the items' subtotal lacks. */
  | { kind: "discount_minimum"; shortCents: number }
  | { kind: "discount_once_per_customer" };

/**
 * Whether a code can be used today (a day in SHOP_TIME_ZONE) on a subtotal
 * before any discount; undefined when it can. An inactive code reads as an
 * unknown one: the shopper need not learn it ever existed.
 */
export function discountRefusal(
  code: DiscountCode | undefined,
  today: string,
  subtotalCents: number,
): DiscountRefusal | undefined {
  if (!code?.active) return { kind: "discount_invalid" };
  if (code.startsOn !== null && today < code.startsOn) return { kind: "discount_not_started", startsOn: code.startsOn };
  if (code.endsOn !== null && today > code.endsOn) return { kind: "discount_expired" };
  if (code.maxUses !== null && code.uses >= code.maxUses) return { kind: "discount_used_up" };
  if (code.minimumSubtotalCents !== null && subtotalCents < code.minimumSubtotalCents)
    return { kind: "discount_minimum", shortCents: code.minimumSubtotalCents - subtotalCents };
  return undefined;
}

/**
 * The cents a code takes off the items: a percent of the subtotal rounded
 * half up to the cent, or its amount, never more than the subtotal. Free
 * shipping takes nothing off the items (the rate becomes $0 instead).
 */
export function discountOff(terms: DiscountTerms | undefined, subtotalCents: number): number {
  if (!terms) return 0;
  switch (terms.kind) {
    case "percent":
      return Math.floor((subtotalCents * terms.value + 50) / 100);
    case "amount":
      return Math.min(terms.value, subtotalCents);
    case "free_shipping":
      return 0;
  }
}

/** A code that leaves the items nothing to pay for however many are added (100 % off): no free-shipping nudge. */
export const takesEveryItem = (terms: DiscountTerms | undefined) => terms?.kind === "percent" && terms.value >= 100;

/**
 * A discount spread over the lines (given in product id order) in
 * proportion to their totals, by largest remainder, ties going to the
 * earlier line: each line's tax is then on what was paid for it. The shares
 * sum to the discount, and none passes its line's total while the discount
 * is at most the subtotal. In BigInt: totals times a discount leave
 * Number's exact integers.
 */
export function spreadDiscount(lineTotals: readonly number[], discountCents: number): number[] {
  const subtotal = BigInt(lineTotals.reduce((sum, cents) => sum + cents, 0));
  if (discountCents === 0 || subtotal === 0n) return lineTotals.map(() => 0);
  const discount = BigInt(discountCents);
  const exact = lineTotals.map((cents, index) => {
    const scaled = BigInt(cents) * discount;
    return { index, share: Number(scaled / subtotal), remainder: scaled % subtotal };
  });
  let left = discountCents - exact.reduce((sum, line) => sum + line.share, 0);
  const byRemainder = [...exact].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const shares = exact.map((line) => line.share);
  for (const line of byRemainder) {
    if (left === 0) break;
    shares[line.index]! += 1;
    left -= 1;
  }
  return shares;
}
