import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fractionToMillionths,
  MAX_TAX_RATE_MILLIONTHS,
  millionthsToPercent,
  percentToMillionths,
} from "~/lib/tax-rate";

describe("percentToMillionths", () => {
  it("converts percents with up to four decimals exactly", () => {
    expect(percentToMillionths("7.25")).toBe(72_500);
    expect(percentToMillionths("7.25 %")).toBe(72_500);
    expect(percentToMillionths("8.2501")).toBe(82_501);
    expect(percentToMillionths("0")).toBe(0);
    expect(percentToMillionths("20")).toBe(MAX_TAX_RATE_MILLIONTHS);
    expect(percentToMillionths("20.0000")).toBe(200_000);
  });

  it("refuses rates above 20 %, a fifth decimal and anything not a percent", () => {
    for (const bad of ["20.0001", "21", "7.25001", "-1", "", "%", "seven", "0.0725e2"]) {
      expect(percentToMillionths(bad), bad).toBeUndefined();
    }
  });

  it("round-trips every rate from 0 to 20 % through the formatter", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TAX_RATE_MILLIONTHS }), (millionths) => {
        expect(percentToMillionths(millionthsToPercent(millionths))).toBe(millionths);
      }),
    );
    expect(millionthsToPercent(72_500)).toBe("7.25");
    expect(millionthsToPercent(1)).toBe("0.0001");
    expect(millionthsToPercent(0)).toBe("0");
    expect(millionthsToPercent(200_000)).toBe("20");
  });
});

describe("fractionToMillionths", () => {
  it("converts the ZIP tables' fractions exactly", () => {
    expect(fractionToMillionths("0.072500")).toBe(72_500);
    expect(fractionToMillionths("0.0725")).toBe(72_500);
    expect(fractionToMillionths("0.2")).toBe(200_000);
    expect(fractionToMillionths("0")).toBe(0);
  });

  it("refuses fractions above 0.2 or with a seventh decimal", () => {
    for (const bad of ["0.200001", "1", "0.0725001", "7.25%", "-0.01"]) {
      expect(fractionToMillionths(bad), bad).toBeUndefined();
    }
  });
});
