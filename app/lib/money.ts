// Amounts as shown; reading them in (the JSON API, what the owner types) is money-input.ts.

/** Largest order total: the most one card payment can take (Stripe's limit for dollars). */
export const MAX_ORDER_CENTS = 99_999_999;

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
