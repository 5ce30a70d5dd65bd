import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatPrice } from "~/lib/money";

describe("dollarsToCents", () => {
  it("converts 19.99 to exactly 1999 cents", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
  });

  it("is exact for amounts that floating-point multiplication gets wrong", () => {
    // 0.29 * 100 = 28.999999999999996 and 1.005 has no exact double: neither may drift.
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(4.35)).toBe(435);
    expect(dollarsToCents(1234.56)).toBe(123456);
    for (let cents = 0; cents <= 10_000; cents++) {
      expect(dollarsToCents(cents / 100)).toBe(cents);
    }
  });

  it("accepts whole dollars, one decimal and decimal strings", () => {
    expect(dollarsToCents(20)).toBe(2000);
    expect(dollarsToCents(18.5)).toBe(1850);
    expect(dollarsToCents("24.05")).toBe(2405);
    expect(dollarsToCents(" 7 ")).toBe(700);
    expect(dollarsToCents(0)).toBe(0);
  });

  it("refuses negative, fractional-cent, non-finite and non-numeric amounts", () => {
    for (const bad of [-1, 19.999, 0.001, Number.NaN, Number.POSITIVE_INFINITY, 1e21, "abc", "", "1,99", "-2", "1e3"]) {
      expect(dollarsToCents(bad), String(bad)).toBeUndefined();
    }
  });

  it("refuses amounts above the largest price", () => {
    expect(dollarsToCents(1_000_000)).toBe(100_000_000);
    expect(dollarsToCents(1_000_000.01)).toBeUndefined();
  });
});

describe("formatPrice and centsToDollars", () => {
  it("shows two decimals and thousands separators", () => {
    expect(formatPrice(1999)).toBe("19.99");
    expect(formatPrice(2000)).toBe("20.00");
    expect(formatPrice(5)).toBe("0.05");
    expect(formatPrice(123450)).toBe("1,234.50");
  });

  it("turns cents back into the dollar number of the JSON API", () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(1850)).toBe(18.5);
    expect(centsToDollars(0)).toBe(0);
  });
});
