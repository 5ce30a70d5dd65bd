import { describe, expect, it } from "vitest";
import { namedVariant, shownVariant } from "~/lib/catalog";
import { keepDataOnVariantChoice } from "~/lib/revalidate";
import type { Variant } from "~/lib/variants";

const variant = (id: number, size: string, stock: number): Variant => ({
  id,
  values: [size],
  priceCents: 1800,
  stock,
  image: null,
});
const product = {
  options: [{ name: "Size", values: ["8 oz", "12 oz"] }],
  variants: [variant(5101, "8 oz", 0), variant(5102, "12 oz", 4)],
};
const search = (query: string) => new URLSearchParams(query);

describe("the variant a product page's address names", () => {
  it("is the product's variant with that id", () => {
    expect(namedVariant(product, search("variant=5101"))?.id).toBe(5101);
    expect(shownVariant(product, search("variant=5101"))?.id).toBe(5101);
  });

  it("is none for an id that is not the product's, not written as the shop writes it, or given twice", () => {
    for (const query of ["variant=999", "variant=05101", "variant=abc", "variant=5101&variant=5102", ""])
      expect(namedVariant(product, search(query)), query).toBeUndefined();
  });

  it("falls back to the first variant that can be bought", () => {
    expect(shownVariant(product, search("variant=999"))?.id).toBe(5102);
  });

  it("is none for a product without options, which shows as itself", () => {
    const plain = { options: [], variants: [{ ...variant(1003, "", 5), values: [] }] };
    expect(namedVariant(plain, search("variant=1003"))).toBeUndefined();
    expect(shownVariant(plain, search("variant=1003"))).toBeUndefined();
  });
});

describe("keepDataOnVariantChoice", () => {
  const args = (from: string, to: string, formMethod?: "POST") =>
    ({
      currentUrl: new URL(from, "http://shop"),
      nextUrl: new URL(to, "http://shop"),
      formMethod,
      defaultShouldRevalidate: true,
    }) as Parameters<typeof keepDataOnVariantChoice>[0];

  it("loads nothing again when only the variant changes", () => {
    expect(keepDataOnVariantChoice(args("/shop/wax/1001/", "/shop/wax/1001/?variant=5102"))).toBe(false);
    expect(keepDataOnVariantChoice(args("/shop/wax/1001/?variant=5101", "/shop/wax/1001/?variant=5102"))).toBe(false);
  });

  it("leaves every other navigation, and a form's answer, to React Router", () => {
    expect(keepDataOnVariantChoice(args("/shop/wax/1001/", "/shop/wax/1001/"))).toBe(true);
    expect(keepDataOnVariantChoice(args("/shop/wax/1001/", "/shop/wax/1002/?variant=5102"))).toBe(true);
    expect(keepDataOnVariantChoice(args("/shop/wax", "/shop/wax?page=2"))).toBe(true);
    expect(keepDataOnVariantChoice(args("/shop/wax/1001/", "/shop/wax/1001/?variant=5102", "POST"))).toBe(true);
  });
});
