import { describe, expect, it } from "vitest";
import { productFormSchema } from "~/lib/catalog-schemas";
import { discountSchema } from "~/lib/discount-schema";
import { centsToDollars, formatPrice } from "~/lib/money";
import { dollarsToCents, typedDollarsToCents } from "~/lib/money-input";
import { rateSchema } from "~/lib/pricing-schemas";

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

describe("typedDollarsToCents, every dollar field of the back office", () => {
  it("reads a leading $ as the owner writes prices, with or without spaces", () => {
    expect(typedDollarsToCents("$6.95")).toBe(695);
    expect(typedDollarsToCents(" $ 6.95 ")).toBe(695);
    expect(typedDollarsToCents("6.95")).toBe(695);
  });

  it("refuses what is still not dollars", () => {
    for (const bad of ["$", "$$6.95", "6.95$", "six dollars", "$-1", "US$6.95"])
      expect(typedDollarsToCents(bad), bad).toBeUndefined();
  });

  it("is what the product, rate and discount code forms read their dollars with", () => {
    const product = { name: "Fig Leaf", price: "$23.75", scent: "", description: "", category: "wax", lowStockAt: "3" };
    expect(productFormSchema.parse(product).price).toBe(2375);
    const rate = {
      zoneId: "1",
      name: "USPS",
      price: "$6.95",
      estimate: "",
      condition: "subtotal",
      from: "$75",
      to: "",
    };
    expect(rateSchema.parse(rate)).toMatchObject({ price: 695, from: 7500, to: null });
    const code = {
      code: "TEN",
      kind: "amount",
      value: "$10",
      minimum: "$50",
      starts: "",
      ends: "",
      totalUses: "",
    };
    expect(discountSchema.parse(code)).toMatchObject({ value: 1000, minimumSubtotalCents: 5000 });
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
