import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatScaledDecimal, parseScaledDecimal } from "~/lib/decimal";
import { formatOunces, ouncesToHundredths } from "~/lib/weight";

describe("parseScaledDecimal", () => {
  it("reads decimal digits into an exact scaled integer", () => {
    expect(parseScaledDecimal("7.25", 4)).toBe(72500);
    expect(parseScaledDecimal(" 0.0001 ", 4)).toBe(1);
    expect(parseScaledDecimal("12", 2)).toBe(1200);
    expect(parseScaledDecimal("0.072500", 6)).toBe(72500);
  });

  it("refuses signs, exponents, too many decimals and values past exact integers", () => {
    for (const bad of ["", ".5", "5.", "-1", "+1", "1e3", "1,5", "0.00001", "99999999999999999"]) {
      expect(parseScaledDecimal(bad, 4), bad).toBeUndefined();
    }
  });

  it("round-trips through formatScaledDecimal", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 6 }), (value, places) => {
        expect(parseScaledDecimal(formatScaledDecimal(value, places), places)).toBe(value);
      }),
    );
  });
});

describe("ouncesToHundredths", () => {
  it("reads ounces with up to two decimals", () => {
    expect(ouncesToHundredths("8.5")).toBe(850);
    expect(ouncesToHundredths("16")).toBe(1600);
    expect(ouncesToHundredths("0.01")).toBe(1);
    expect(formatOunces(850)).toBe("8.5");
  });

  it("refuses a third decimal, negatives and more than 10,000 oz", () => {
    for (const bad of ["8.125", "-1", "10000.01", "heavy"]) expect(ouncesToHundredths(bad), bad).toBeUndefined();
  });
});
