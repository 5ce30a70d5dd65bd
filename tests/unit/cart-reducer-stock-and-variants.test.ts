import { describe, expect, it } from "vitest";
import { cartMessages, cartProductOf, cartReducer, emptyCart } from "~/cart/reducer";
import type { Variant } from "~/lib/variants";
import { cartWith, line, product } from "../helpers/cart-lines";

describe("refresh from fresh catalog data and the stock check (SPEC §5)", () => {
  it("updates name, price, images and stock, keeping quantities", () => {
    const fresh = product({ name: "Lavender Dreams", priceCents: 2199, images: ["/new.webp"], stock: 8 });
    const result = cartReducer(cartWith(line(3)), { type: "refreshItems", products: [fresh] });
    expect(result.state.cartItems).toEqual([
      line(3, { name: "Lavender Dreams", priceCents: 2199, images: ["/new.webp"], stock: 8 }),
    ]);
    expect(result.messages).toEqual([]);
  });

  it("cuts a line to the stock with SPEC's text when there is not enough", () => {
    const result = cartReducer(cartWith(line(4)), { type: "refreshItems", products: [product({ stock: 2 })] });
    expect(result.state.cartItems).toEqual([line(2, { stock: 2 })]);
    expect(result.messages).toEqual([
      "Looks like there's not enough Lavender Fields to go around! There's 2 left. We'll update your cart for you.",
    ]);
  });

  it("removes a line with SPEC's text when the stock is zero", () => {
    const result = cartReducer(cartWith(line(1), line(2, { id: 1002, name: "Vanilla Bean" })), {
      type: "refreshItems",
      products: [product({ stock: 0 }), product({ id: 1002, name: "Vanilla Bean", stock: 2 })],
    });
    expect(result.state.cartItems).toEqual([line(2, { id: 1002, name: "Vanilla Bean", stock: 2 })]);
    expect(result.messages).toEqual([
      "Oh no! Looks like all of the Lavender Fields is gone! We'll update your cart for you.",
    ]);
  });

  it("treats an item the catalog no longer has as gone", () => {
    const result = cartReducer(cartWith(line(1)), { type: "refreshItems", products: [] });
    expect(result.state.cartItems).toEqual([]);
    expect(result.messages).toEqual([cartMessages.allGone("Lavender Fields")]);
  });

  it("passes lines whose stock is at or above the quantity untouched", () => {
    const result = cartReducer(cartWith(line(5)), { type: "refreshItems", products: [product({ stock: 5 })] });
    expect(result.state.cartItems).toEqual([line(5)]);
    expect(result.messages).toEqual([]);
  });
});

describe("apply the server's stock adjustments (SPEC §5 at payment)", () => {
  it("cuts or removes the lines the server names, with SPEC's texts, and leaves the others", () => {
    const cart = cartWith(
      line(4),
      line(2, { id: 1002, name: "Vanilla Bean" }),
      line(1, { id: 1003, name: "Sea Salt & Sage" }),
    );
    const result = cartReducer(cart, {
      type: "applyStock",
      stock: [
        { id: 1001, available: 3 },
        { id: 1002, available: 0 },
      ],
    });
    expect(result.state.cartItems).toEqual([line(3, { stock: 3 }), line(1, { id: 1003, name: "Sea Salt & Sage" })]);
    expect(result.messages).toEqual([
      cartMessages.notEnough("Lavender Fields", 3),
      cartMessages.allGone("Vanilla Bean"),
    ]);
  });
});

describe("lines of variants (DESIGN.md, Sizes and scents)", () => {
  const sized = product({
    options: [{ name: "Size", values: ["8 oz", "12 oz"] }],
    priceCents: 1800,
    priceVaries: true,
    hasOptions: true,
    stock: 5,
    images: ["/a.webp", "/b.webp"],
    variants: [
      { id: 11, values: ["8 oz"], priceCents: 1800, stock: 3, image: null },
      { id: 12, values: ["12 oz"], priceCents: 2400, stock: 2, image: 1 },
    ],
  });
  const [eight, twelve] = sized.variants as [Variant, Variant];

  it("keeps one line per variant, each with its own name, price, photo and stock", () => {
    let state = emptyCart;
    for (const variant of [twelve, eight, twelve])
      state = cartReducer(state, { type: "addItem", product: cartProductOf(sized, variant) }).state;
    expect(state.cartItems).toEqual([
      {
        id: 1001,
        variant: 12,
        categorySlug: "wax",
        name: "Lavender Fields — 12 oz",
        priceCents: 2400,
        images: ["/b.webp", "/a.webp"],
        scent: "Lavender",
        stock: 2,
        quantity: 2,
      },
      {
        id: 1001,
        variant: 11,
        categorySlug: "wax",
        name: "Lavender Fields — 8 oz",
        priceCents: 1800,
        images: ["/a.webp", "/b.webp"],
        scent: "Lavender",
        stock: 3,
        quantity: 1,
      },
    ]);
    // SPEC §4's texts name the variant; the other line is left alone.
    const full = cartReducer(state, { type: "addItem", product: cartProductOf(sized, twelve) });
    expect(full.messages).toEqual(["You already have all 2 of the Lavender Fields — 12 oz we have in your cart."]);
    const removed = cartReducer(state, { type: "clearLine", id: 1001, variant: 12 });
    expect(removed.state.cartItems.map((item) => item.variant)).toEqual([11]);
  });

  it("applies the server's adjustments to the variant they name", () => {
    const state = cartReducer(cartWith(), { type: "addItem", product: cartProductOf(sized, eight) }).state;
    const both = cartReducer(state, { type: "addItem", product: cartProductOf(sized, twelve) }).state;
    const result = cartReducer(both, { type: "applyStock", stock: [{ id: 1001, variant: 12, available: 0 }] });
    expect(result.state.cartItems.map((item) => item.name)).toEqual(["Lavender Fields — 8 oz"]);
    expect(result.messages).toEqual([cartMessages.allGone("Lavender Fields — 12 oz")]);
  });

  it("refreshes a variant's line from the catalog, and counts a variant no longer sold as gone", () => {
    const state = cartReducer(cartWith(), { type: "addItem", product: cartProductOf(sized, twelve) }).state;
    const repriced = { ...sized, variants: [eight, { ...twelve, priceCents: 2600 }] };
    expect(cartReducer(state, { type: "refreshItems", products: [repriced] }).state.cartItems[0]!.priceCents).toBe(
      2600,
    );
    const gone = cartReducer(state, { type: "refreshItems", products: [{ ...sized, variants: [eight] }] });
    expect(gone.state.cartItems).toEqual([]);
    expect(gone.messages).toEqual([cartMessages.allGone("Lavender Fields — 12 oz")]);
  });

  it("loads a line saved before sizes and scents as its product's only variant, and drops it once the product has options", () => {
    const saved = line(2);
    const plain = product({ stock: 4, variants: [{ id: 1001, values: [], priceCents: 1999, stock: 4, image: null }] });
    const refreshed = cartReducer(cartWith(saved), { type: "refreshItems", products: [plain] });
    expect(refreshed.state.cartItems).toEqual([line(2, { stock: 4 })]);
    const gained = cartReducer(cartWith(saved), { type: "refreshItems", products: [sized] });
    expect(gained.state.cartItems).toEqual([]);
    expect(gained.messages).toEqual([cartMessages.allGone("Lavender Fields")]);
  });
});
