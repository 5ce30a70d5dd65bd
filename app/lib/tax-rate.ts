import { formatScaledDecimal, parseScaledDecimal } from "./decimal";

/**
 * Tax rates are integer millionths of the amount taxed: 7.25 % is 72,500, and
 * 0.0001 %, the finest step the owner can type, is 1. Percents with four
 * decimals and the ZIP tables' six-decimal fractions both land on exact
 * integers, so all tax arithmetic stays in integers.
 */
export const TAX_RATE_SCALE = 1_000_000;

/** The highest rate the shop takes: 20 %, above any US combined rate. */
export const MAX_TAX_RATE_MILLIONTHS = 200_000;

const inRange = (millionths: number | undefined) =>
  millionths !== undefined && millionths <= MAX_TAX_RATE_MILLIONTHS ? millionths : undefined;

/** A percent as the owner types it ("7.25", "7.25 %"), up to four decimals and 0–20 %, in millionths. */
export function percentToMillionths(text: string): number | undefined {
  return inRange(parseScaledDecimal(text.trim().replace(/\s*%$/, ""), 4));
}

/** Millionths as a percent without trailing zeros, the reverse of percentToMillionths (72500 → "7.25"). */
export function millionthsToPercent(millionths: number): string {
  return formatScaledDecimal(millionths, 4);
}

/** A fraction of the whole as ZIP rate tables publish it ("0.072500"), up to six decimals and 0–0.2, in millionths. */
export function fractionToMillionths(text: string): number | undefined {
  return inRange(parseScaledDecimal(text, 6));
}
