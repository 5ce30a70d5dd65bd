import { describe, expect, it } from "vitest";
import { salesTax, taxOnCents, taxRateFor, taxTable } from "~/.server/pricing/sales-tax";

const texas = { state: "TX", rateMillionths: 62_500, taxesShipping: true };
const washington = { state: "WA", rateMillionths: 65_000, taxesShipping: false };
const table = taxTable(
  [texas, washington],
  [
    { state: "TX", zip: "78701", rateMillionths: 82_500 },
    { state: "WA", zip: "98101", rateMillionths: 103_500 },
    // A ZIP rate for a state the owner does not collect in is never used.
    { state: "OR", zip: "97201", rateMillionths: 50_000 },
  ],
);

describe("taxOnCents", () => {
  it("rounds half a cent up and less than half down", () => {
    expect(taxOnCents(1000, 72_500)).toBe(73); // 72.5 cents
    expect(taxOnCents(10, 50_000)).toBe(1); // 0.5 cents
    expect(taxOnCents(9, 50_000)).toBe(0); // 0.45 cents
    expect(taxOnCents(1999, 82_500)).toBe(165); // 164.9175 cents
  });

  it("charges nothing at 0 % and a fifth at 20 %", () => {
    expect(taxOnCents(123_456, 0)).toBe(0);
    expect(taxOnCents(123_456, 200_000)).toBe(24_691); // 24,691.2 cents
    expect(taxOnCents(0, 200_000)).toBe(0);
  });

  it("stays exact where the product passes Number's exact integers", () => {
    const cents = 2 ** 52;
    const exact = (BigInt(cents) * 199_999n + 500_000n) / 1_000_000n;
    expect(BigInt(taxOnCents(cents, 199_999))).toBe(exact);
  });
});

describe("taxRateFor", () => {
  it("charges nothing outside the tax states, or before the state is known", () => {
    expect(taxRateFor(table, "OR", "97201")).toBeUndefined();
    expect(taxRateFor(table, undefined, "78701")).toBeUndefined();
    expect(taxRateFor(taxTable([], []), "TX", "78701")).toBeUndefined();
  });

  it("uses a ZIP's rate instead of its state's", () => {
    expect(taxRateFor(table, "TX", "78701")).toEqual({ ...texas, zip: "78701", rateMillionths: 82_500 });
    expect(taxRateFor(table, "TX", "75001")).toEqual({ ...texas, zip: null });
    expect(taxRateFor(table, "TX", undefined)).toEqual({ ...texas, zip: null });
  });

  it("uses a ZIP's rate only with its own state", () => {
    expect(taxRateFor(table, "TX", "98101")).toEqual({ ...texas, zip: null });
  });
});

describe("salesTax", () => {
  it("rounds each line on its own, then sums", () => {
    // Two lines of 10 cents at 5 %: 1 cent each, where the 20 cents together would round to 1.
    const tax = salesTax(taxRateFor(table, "TX", undefined), [10, 10], 0);
    expect(tax.itemsTaxCents).toBe(2);
    expect(taxOnCents(20, 50_000)).toBe(1);
  });

  it("taxes shipping only where the state does", () => {
    expect(salesTax(taxRateFor(table, "TX", undefined), [2000], 695)).toMatchObject({
      itemsTaxCents: 125,
      shippingTaxCents: 43, // 43.4375 cents
      taxCents: 168,
    });
    expect(salesTax(taxRateFor(table, "WA", "98101"), [2000], 695)).toMatchObject({
      rate: { state: "WA", zip: "98101", rateMillionths: 103_500 },
      itemsTaxCents: 207,
      shippingTaxCents: 0,
      taxCents: 207,
    });
  });

  it("is zero without a rate", () => {
    expect(salesTax(undefined, [2000, 3000], 695)).toEqual({
      rate: undefined,
      itemsTaxCents: 0,
      shippingTaxCents: 0,
      taxCents: 0,
    });
  });
});
