const decimalText = /^(\d+)(?:\.(\d+))?$/;

/**
 * Reads a non-negative decimal from its digits, scaled to an integer of
 * `places` decimals ("7.25" with 4 places is 72500), so no floating-point
 * rounding can creep in. Returns undefined for anything else: signs,
 * exponents, more than `places` decimals, or a value past Number's exact
 * integers.
 */
export function parseScaledDecimal(text: string, places: number): number | undefined {
  const match = decimalText.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? "";
  if (fraction.length > places) return undefined;
  const scaled = Number(match[1]) * 10 ** places + Number(fraction.padEnd(places, "0"));
  return Number.isSafeInteger(scaled) ? scaled : undefined;
}

/** The reverse of parseScaledDecimal, without trailing zeros (72500 with 4 places is "7.25"). */
export function formatScaledDecimal(value: number, places: number): string {
  const digits = String(value).padStart(places + 1, "0");
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
