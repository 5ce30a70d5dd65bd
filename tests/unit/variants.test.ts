import { describe, expect, it } from "vitest";
import {
  choose,
  initialVariant,
  isCombination,
  lineName,
  optionsProblem,
  priceRange,
  type Variant,
  valueState,
  variantLabel,
} from "~/lib/variants";

/** Lavender Fields: 8 oz and 12 oz in Lavender, 12 oz only in Vanilla (no 8 oz Vanilla exists). */
const variant = (id: number, values: string[], stock: number, priceCents = 1800): Variant => ({
  id,
  values,
  priceCents,
  stock,
  image: null,
});
const eightLavender = variant(11, ["8 oz", "Lavender"], 3, 1800);
const twelveLavender = variant(12, ["12 oz", "Lavender"], 0, 2400);
const twelveVanilla = variant(13, ["12 oz", "Vanilla"], 5, 2400);
const variants = [eightLavender, twelveLavender, twelveVanilla];

describe("choosing a variant on the product page", () => {
  it("opens on the variant the URL names, else the first that can be bought", () => {
    expect(initialVariant(variants, 13)).toBe(twelveVanilla);
    expect(initialVariant(variants, 12)).toBe(twelveLavender);
    expect(initialVariant(variants, 999)).toBe(eightLavender);
    expect(initialVariant([twelveLavender, twelveVanilla], undefined)).toBe(twelveVanilla);
    expect(initialVariant([twelveLavender], undefined)).toBe(twelveLavender);
  });

  it("takes the combination that exists when one value changes", () => {
    expect(choose(variants, ["8 oz", "Lavender"], 0, "12 oz")).toBe(twelveLavender);
    expect(choose(variants, ["12 oz", "Lavender"], 1, "Vanilla")).toBe(twelveVanilla);
  });

  it("never chooses a combination that does not exist: it keeps what it can of the other choices, buyable first", () => {
    // 8 oz Vanilla does not exist: choosing Vanilla from 8 oz Lavender leads to 12 oz Vanilla.
    expect(choose(variants, ["8 oz", "Lavender"], 1, "Vanilla")).toBe(twelveVanilla);
    // From 12 oz Vanilla, choosing 8 oz leads to the one 8 oz there is.
    expect(choose(variants, ["12 oz", "Vanilla"], 0, "8 oz")).toBe(eightLavender);
    expect(choose(variants, ["8 oz", "Lavender"], 0, "16 oz")).toBeUndefined();
  });

  it("says Sold out for a value that cannot be bought with the other choices", () => {
    expect(valueState(variants, ["8 oz", "Lavender"], 0, "12 oz")).toBe("sold_out");
    expect(valueState(variants, ["8 oz", "Lavender"], 0, "8 oz")).toBe("available");
    expect(valueState(variants, ["12 oz", "Vanilla"], 1, "Lavender")).toBe("sold_out");
    // A combination that does not exist leads to one that can be bought: the value stays available.
    expect(valueState(variants, ["8 oz", "Lavender"], 1, "Vanilla")).toBe("available");
    const allGone = variants.map((one) => ({ ...one, stock: 0 }));
    expect(valueState(allGone, ["8 oz", "Lavender"], 1, "Vanilla")).toBe("sold_out");
  });
});

describe("prices and names", () => {
  it('shows "From" the lowest price only when the variants differ', () => {
    expect(priceRange(variants)).toEqual({ lowestCents: 1800, varies: true });
    expect(priceRange([twelveLavender, twelveVanilla])).toEqual({ lowestCents: 2400, varies: false });
  });

  it("names a line by its product and values; a product without options by itself", () => {
    expect(lineName("Lavender Fields", variantLabel(["12 oz"]))).toBe("Lavender Fields — 12 oz");
    expect(lineName("Lavender Fields", variantLabel(["12 oz", "Vanilla"]))).toBe("Lavender Fields — 12 oz / Vanilla");
    expect(lineName("Lavender Fields", variantLabel([]))).toBe("Lavender Fields");
  });
});

describe("options", () => {
  const size = { name: "Size", values: ["8 oz", "12 oz"] };
  it("takes up to three named options with distinct values", () => {
    expect(optionsProblem([])).toBeUndefined();
    expect(optionsProblem([size, { name: "Scent", values: ["Lavender"] }])).toBeUndefined();
  });

  it("refuses a fourth option, a blank or repeated name, and a repeated or empty value, in a sentence", () => {
    const option = (name: string) => ({ name, values: ["A"] });
    expect(optionsProblem([option("A"), option("B"), option("C"), option("D")])).toBe(
      "A product has at most 3 options.",
    );
    expect(optionsProblem([option(" ")])).toBe("Give each option a name, like Size.");
    expect(optionsProblem([size, { ...size, name: "size" }])).toBe("The option size is there twice.");
    expect(optionsProblem([{ name: "Size", values: ["8 oz", "8 OZ"] }])).toBe("Size has the value 8 OZ twice.");
    expect(optionsProblem([{ name: "Size", values: [] }])).toBe("Give Size at least one value, like 8 oz.");
    expect(optionsProblem([{ name: "Size", values: [""] }])).toBe("A value of Size is empty.");
  });

  it("knows a combination of the options' values from one that is not", () => {
    expect(isCombination([size], ["12 oz"])).toBe(true);
    expect(isCombination([size], ["16 oz"])).toBe(false);
    expect(isCombination([size], [])).toBe(false);
  });
});
