import { parseScaledDecimal } from "./decimal";

/** Largest price we accept: keeps every cent sum far inside exact double integers. */
export const MAX_PRICE_CENTS = 100_000_000;

/** Largest order total: the most one card payment can take (Stripe's limit for dollars). */
export const MAX_ORDER_CENTS = 99_999_999;

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

/** Cents as a plain dollar number for the JSON API (1999 → 19.99). */
export function centsToDollars(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

const dollarFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as shown to shoppers after a '$' (1999 → "19.99", 123450 → "1,234.50"). */
export function formatPrice(cents: number): string {
  return dollarFormat.format(cents / 100);
}

/** Cents as dollars, the sign before the '$' (−6364 → "−$63.64"): a day's sales less its refunds may be below zero. */
export function formatDollars(cents: number): string {
  return `${cents < 0 ? "−" : ""}$${formatPrice(Math.abs(cents))}`;
}

/**
 * A dollar amount as the owner types it in the back office, to cents: "6.95",
 * "$6.95" and " $ 6.95 " alike, as prices are written on her price list.
 * Undefined for anything dollarsToCents refuses.
 */
export function typedDollarsToCents(text: string): number | undefined {
  return dollarsToCents(text.trim().replace(/^\$\s*/, ""));
}
