import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CartAction,
  type CartState,
  cartReducer,
  emptyCart,
  totalPriceCents,
  totalQuantity,
} from "~/cart/reducer";
import type { Product } from "~/lib/catalog";

// A few ids so that sequences keep hitting the same lines; stock and price change between actions,
// as they do in the catalog while a shopper's cart sits in their browser.
const ids = [1001, 1002, 1003, 1004];
const id = fc.constantFrom(...ids);
const stock = fc.integer({ min: 0, max: 12 });

const product = fc
  .record({
    id,
    priceCents: fc.integer({ min: 1, max: 100_000 }),
    stock,
  })
  .map(({ id, priceCents, stock }): Product => ({
    id,
    categorySlug: "wax",
    name: `Candle ${id}`,
    priceCents,
    priceVaries: false,
    hasOptions: false,
    stock,
    scent: "Vanilla",
    description: "",
    images: [],
    options: [],
    variants: [{ id, values: [], priceCents, stock, image: null }],
  }));

const action: fc.Arbitrary<CartAction> = fc.oneof(
  fc.record({ type: fc.constant("setCartOpen" as const), open: fc.boolean() }),
  // Adding is what shoppers do most: weight it so carts fill up.
  { arbitrary: fc.record({ type: fc.constant("addItem" as const), product }), weight: 4 },
  fc.record({ type: fc.constant("removeItem" as const), id, stock }),
  fc.record({ type: fc.constant("clearLine" as const), id }),
  fc.record({
    type: fc.constant("setQuantity" as const),
    id,
    quantity: fc.oneof(fc.integer({ min: -3, max: 20 }), fc.double(), fc.constantFrom(Number.NaN, Infinity, 1e300)),
  }),
  fc.record({
    type: fc.constant("refreshItems" as const),
    products: fc.uniqueArray(product, { selector: (p) => p.id }),
  }),
  fc.record({
    type: fc.constant("applyStock" as const),
    stock: fc.uniqueArray(fc.record({ id, available: stock }), { selector: (line) => line.id }),
  }),
  fc.record({ type: fc.constant("clearCart" as const) }),
);

/** What the cart has been told last about each item: its stock and its price. */
class LastSeen {
  readonly stock = new Map<number, number>();
  readonly price = new Map<number, number>();

  learn(action: CartAction, before: CartState) {
    switch (action.type) {
      case "addItem":
        this.stock.set(action.product.id, action.product.stock);
        this.price.set(action.product.id, action.product.priceCents);
        break;
      case "removeItem":
        this.stock.set(action.id, action.stock);
        break;
      case "refreshItems": {
        const fresh = new Map(action.products.map((product) => [product.id, product]));
        for (const line of before.cartItems) {
          // An item the catalog no longer lists has nothing left to buy.
          this.stock.set(line.id, fresh.get(line.id)?.stock ?? 0);
          if (fresh.has(line.id)) this.price.set(line.id, fresh.get(line.id)!.priceCents);
        }
        break;
      }
      case "applyStock":
        for (const line of action.stock) this.stock.set(line.id, line.available);
        break;
    }
  }
}

/** Runs any sequence of actions through the reducer and checks the cart after every step. */
function afterEveryStep(check: (state: CartState, seen: LastSeen) => void) {
  fc.assert(
    fc.property(fc.array(action, { maxLength: 60, size: "max" }), (actions) => {
      let state = emptyCart;
      const seen = new LastSeen();
      for (const next of actions) {
        seen.learn(next, state);
        state = cartReducer(state, next).state;
        check(state, seen);
      }
    }),
  );
}

describe("cart rules of SPEC §4–§5 under any sequence of actions", () => {
  it("keeps every quantity a whole number within 1 and the stock last seen, one line per item", () => {
    afterEveryStep((state, seen) => {
      for (const line of state.cartItems) {
        expect(Number.isInteger(line.quantity)).toBe(true);
        expect(line.quantity).toBeGreaterThanOrEqual(1);
        expect(line.quantity).toBeLessThanOrEqual(line.stock);
        expect(line.quantity).toBeLessThanOrEqual(seen.stock.get(line.id)!);
      }
      expect(new Set(state.cartItems.map((line) => line.id)).size).toBe(state.cartItems.length);
    });
  });

  it("totals the lines at the prices last seen: exact integer cents, and the quantity badge", () => {
    afterEveryStep((state, seen) => {
      const expectedCents = state.cartItems.reduce((sum, line) => sum + line.quantity * seen.price.get(line.id)!, 0);
      expect(totalPriceCents(state.cartItems)).toBe(expectedCents);
      expect(Number.isSafeInteger(totalPriceCents(state.cartItems))).toBe(true);
      expect(totalQuantity(state.cartItems)).toBe(state.cartItems.reduce((sum, line) => sum + line.quantity, 0));
    });
  });

  it("opens and closes only on setCartOpen", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(action, { maxLength: 30, size: "max" }), (open, actions) => {
        let state: CartState = { ...emptyCart, isCartOpen: open };
        for (const next of actions) {
          const before = state.isCartOpen;
          state = cartReducer(state, next).state;
          expect(state.isCartOpen).toBe(next.type === "setCartOpen" ? next.open : before);
        }
      }),
    );
  });
});
