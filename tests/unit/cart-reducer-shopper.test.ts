import { describe, expect, it } from "vitest";
import { cartMessages, cartReducer, emptyCart, totalPriceCents, totalQuantity } from "~/cart/reducer";
import { cartWith, line, product } from "../helpers/cart-lines";

describe("open and close", () => {
  it("opens and closes the cart dropdown without touching the lines", () => {
    const opened = cartReducer(cartWith(line(1)), { type: "setCartOpen", open: true });
    expect(opened.state.isCartOpen).toBe(true);
    expect(opened.state.cartItems).toEqual([line(1)]);
    expect(cartReducer(opened.state, { type: "setCartOpen", open: false }).state.isCartOpen).toBe(false);
  });
});

describe("add item (SPEC §4)", () => {
  it("adds an absent item with quantity 1", () => {
    const result = cartReducer(emptyCart, { type: "addItem", product: product() });
    expect(result.state.cartItems).toEqual([line(1)]);
    expect(result.messages).toEqual([]);
  });

  it("adds one more when the stock exceeds the quantity", () => {
    const result = cartReducer(cartWith(line(2)), { type: "addItem", product: product({ stock: 3 }) });
    expect(result.state.cartItems).toEqual([line(3, { stock: 3 })]);
    expect(result.messages).toEqual([]);
  });

  it("changes nothing and says so when the quantity equals the stock", () => {
    const result = cartReducer(cartWith(line(3, { stock: 3 })), { type: "addItem", product: product({ stock: 3 }) });
    expect(result.state.cartItems).toEqual([line(3, { stock: 3 })]);
    expect(result.messages).toEqual(["You already have all 3 of the Lavender Fields we have in your cart."]);
  });

  it("sets the quantity to the stock and says so when the stock is below the quantity", () => {
    const result = cartReducer(cartWith(line(4)), { type: "addItem", product: product({ stock: 2 }) });
    expect(result.state.cartItems).toEqual([line(2, { stock: 2 })]);
    expect(result.messages).toEqual(["Only 2 of the Lavender Fields are left, so we've set your cart to 2."]);
    expect(cartMessages.onlyLeft("Vanilla Bean", 1)).toBe(
      "Only 1 of the Vanilla Bean is left, so we've set your cart to 1.",
    );
  });

  it("removes a line whose stock has run out, with SPEC's message", () => {
    const result = cartReducer(cartWith(line(2)), { type: "addItem", product: product({ stock: 0 }) });
    expect(result.state.cartItems).toEqual([]);
    expect(result.messages).toEqual([
      "Oh no! Looks like all of the Lavender Fields is gone! We'll update your cart for you.",
    ]);
  });

  it("does not add an item with no stock", () => {
    const result = cartReducer(emptyCart, { type: "addItem", product: product({ stock: 0 }) });
    expect(result.state.cartItems).toEqual([]);
    expect(result.messages).toEqual([cartMessages.allGone("Lavender Fields")]);
  });

  it("takes the item's current name, price and stock when adding to a line", () => {
    const result = cartReducer(cartWith(line(1)), {
      type: "addItem",
      product: product({ name: "Lavender Fields (large)", priceCents: 2499, stock: 9 }),
    });
    expect(result.state.cartItems).toEqual([line(2, { name: "Lavender Fields (large)", priceCents: 2499, stock: 9 })]);
  });
});

describe("remove item (SPEC §4)", () => {
  it("removes the line when its quantity is 1", () => {
    const result = cartReducer(cartWith(line(1), line(1, { id: 1002 })), { type: "removeItem", id: 1001, stock: 5 });
    expect(result.state.cartItems).toEqual([line(1, { id: 1002 })]);
    expect(result.messages).toEqual([]);
  });

  it("sets the quantity to the stock and says so when the quantity exceeds the stock", () => {
    const result = cartReducer(cartWith(line(4)), { type: "removeItem", id: 1001, stock: 2 });
    expect(result.state.cartItems).toEqual([line(2, { stock: 2 })]);
    expect(result.messages).toEqual([cartMessages.onlyLeft("Lavender Fields", 2)]);
  });

  it("removes the line when none is left", () => {
    const result = cartReducer(cartWith(line(4)), { type: "removeItem", id: 1001, stock: 0 });
    expect(result.state.cartItems).toEqual([]);
    expect(result.messages).toEqual([cartMessages.allGone("Lavender Fields")]);
  });

  it("takes one away otherwise", () => {
    const result = cartReducer(cartWith(line(3)), { type: "removeItem", id: 1001, stock: 5 });
    expect(result.state.cartItems).toEqual([line(2)]);
    expect(result.messages).toEqual([]);
  });

  it("remembers the stock it was given, so a quantity set later stays within it", () => {
    const fewer = cartReducer(cartWith(line(3)), { type: "removeItem", id: 1001, stock: 3 });
    expect(fewer.state.cartItems).toEqual([line(2, { stock: 3 })]);
    const result = cartReducer(fewer.state, { type: "setQuantity", id: 1001, quantity: 5 });
    expect(result.state.cartItems).toEqual([line(3, { stock: 3 })]);
    expect(result.messages).toEqual([cartMessages.onlyLeft("Lavender Fields", 3)]);
  });

  it("ignores an item that is not in the cart", () => {
    const cart = cartWith(line(3));
    expect(cartReducer(cart, { type: "removeItem", id: 9999, stock: 5 }).state).toBe(cart);
  });
});

describe("clear a line, set a quantity, clear the cart", () => {
  it("clears one line whatever its quantity", () => {
    const result = cartReducer(cartWith(line(3), line(1, { id: 1002 })), { type: "clearLine", id: 1001 });
    expect(result.state.cartItems).toEqual([line(1, { id: 1002 })]);
  });

  it("sets a line's quantity within the stock", () => {
    expect(cartReducer(cartWith(line(1)), { type: "setQuantity", id: 1001, quantity: 4 }).state.cartItems).toEqual([
      line(4),
    ]);
  });

  it("caps a quantity above the stock, saying so", () => {
    const result = cartReducer(cartWith(line(1)), { type: "setQuantity", id: 1001, quantity: 50 });
    expect(result.state.cartItems).toEqual([line(5)]);
    expect(result.messages).toEqual([cartMessages.onlyLeft("Lavender Fields", 5)]);
  });

  it("removes the line for a quantity below 1", () => {
    expect(cartReducer(cartWith(line(2)), { type: "setQuantity", id: 1001, quantity: 0 }).state.cartItems).toEqual([]);
  });

  it("ignores a quantity that is not a whole number", () => {
    const cart = cartWith(line(2));
    expect(cartReducer(cart, { type: "setQuantity", id: 1001, quantity: 2.5 }).state).toBe(cart);
    expect(cartReducer(cart, { type: "setQuantity", id: 1001, quantity: Number.NaN }).state).toBe(cart);
  });

  it("clears the whole cart", () => {
    expect(cartReducer(cartWith(line(2), line(1, { id: 1002 })), { type: "clearCart" }).state.cartItems).toEqual([]);
  });
});

describe("totals", () => {
  it("sums quantities and quantity times price, in cents", () => {
    const items = [line(3), line(2, { id: 1002, priceCents: 1850 })];
    expect(totalQuantity(items)).toBe(5);
    expect(totalPriceCents(items)).toBe(3 * 1999 + 2 * 1850);
    expect(totalQuantity([])).toBe(0);
    expect(totalPriceCents([])).toBe(0);
  });
});
