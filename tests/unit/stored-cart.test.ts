import { describe, expect, it } from "vitest";
import type { CartItem } from "~/cart/reducer";
import { parseStoredCart, serializeCart } from "~/cart/stored-cart";

const item: CartItem = {
  id: 1001,
  categorySlug: "wax",
  name: "Lavender Fields",
  priceCents: 1999,
  images: ["/images/products/lavender-fields-1-800.webp"],
  scent: "Lavender",
  stock: 5,
  quantity: 2,
};

describe("the stored cart", () => {
  it("reads back what was written", () => {
    expect(parseStoredCart(serializeCart([item]))).toEqual([item]);
    expect(parseStoredCart(serializeCart([]))).toEqual([]);
  });

  it("reads a line of a variant, and a line saved before sizes and scents without one", () => {
    const ofVariant = { ...item, variant: 12, name: "Lavender Fields — 12 oz" };
    expect(parseStoredCart(serializeCart([item, ofVariant]))).toEqual([item, ofVariant]);
    expect(parseStoredCart(JSON.stringify({ cart: { cartItems: [item] } }))).toEqual([item]);
    expect(parseStoredCart(serializeCart([ofVariant, { ...ofVariant, quantity: 1 }]))).toBeUndefined();
    expect(parseStoredCart(serializeCart([{ ...ofVariant, variant: "12" } as unknown as CartItem]))).toBeUndefined();
  });

  it("is an empty cart when nothing is stored", () => {
    expect(parseStoredCart(null)).toEqual([]);
  });

  it.each([
    ["not JSON", "{cart"],
    ["another app's value", JSON.stringify({ theme: "dark" })],
    ["the original shop's persisted state", JSON.stringify({ cart: JSON.stringify({ cartItems: [] }) })],
    ["a line without quantity", serializeCart([{ ...item, quantity: undefined } as unknown as CartItem])],
    ["a zero quantity", serializeCart([{ ...item, quantity: 0 }])],
    ["a fractional price", serializeCart([{ ...item, priceCents: 19.99 }])],
    ["a string id", serializeCart([{ ...item, id: "1001" } as unknown as CartItem])],
    ["the same item twice", serializeCart([item, item])],
    ["null", "null"],
  ])("discards %s", (_what, raw) => {
    expect(parseStoredCart(raw)).toBeUndefined();
  });
});
