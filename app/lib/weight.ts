import { formatScaledDecimal, parseScaledDecimal } from "./decimal";

/**
 * Weights are integer hundredths of an ounce (8.5 oz is 850), as money is
 * integer cents: the owner types ounces with up to two decimals ("Weight
 * (oz)"), the finest a shipping scale shows, and cart weights add up exactly.
 */
export type HundredthsOfOunce = number;

/** The heaviest product or weight bound the shop takes: 10,000 oz (625 lb), far past any parcel. */
export const MAX_WEIGHT_HUNDREDTHS_OZ: HundredthsOfOunce = 1_000_000;

/** Ounces as typed ("8.5") in hundredths of an ounce; undefined for anything but 0 to 10,000 with two decimals. */
export function ouncesToHundredths(ounces: string): HundredthsOfOunce | undefined {
  const weight = parseScaledDecimal(ounces, 2);
  return weight !== undefined && weight <= MAX_WEIGHT_HUNDREDTHS_OZ ? weight : undefined;
}

/** Hundredths of an ounce as ounces without trailing zeros (850 → "8.5"). */
export function formatOunces(weight: HundredthsOfOunce): string {
  return formatScaledDecimal(weight, 2);
}
