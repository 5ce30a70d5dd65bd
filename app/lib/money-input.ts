import { parseScaledDecimal } from "./decimal";

/*
 * Amounts as they come in: from the JSON API and from what the owner types.
 * Kept apart from money.ts, which shows amounts on every page: only the pages
 * and the server code that read amounts load this.
 */

/** Largest price we accept: keeps every cent sum far inside exact double integers. */
export const MAX_PRICE_CENTS = 100_000_000;

/**
 * Converts a dollar amount to integer cents by reading its decimal digits, so
 * 19.99 becomes 1999 (never 1998 through floating-point multiplication).
 * Returns undefined for anything that is not a non-negative amount with at
 * most two decimals.
 */
export function dollarsToCents(dollars: number | string): number | undefined {
  if (typeof dollars === "number" && !Number.isFinite(dollars)) return undefined;
  const cents = parseScaledDecimal(typeof dollars === "number" ? String(dollars) : dollars, 2);
  return cents !== undefined && cents <= MAX_PRICE_CENTS ? cents : undefined;
}

/**
 * A dollar amount as the owner types it in the back office, to cents: "6.95",
 * "$6.95" and " $ 6.95 " alike, as prices are written on her price list.
 * Undefined for anything dollarsToCents refuses.
 */
export function typedDollarsToCents(text: string): number | undefined {
  return dollarsToCents(text.trim().replace(/^\$\s*/, ""));
}
