import type { CartItem, CartState } from "~/cart/reducer";
import type { Product } from "~/lib/catalog";

/** A candle as the catalog sends it, Lavender Fields unless told otherwise. */
export const product = (overrides: Partial<Product> = {}): Product => ({
  id: 1001,
  categorySlug: "wax",
  name: "Lavender Fields",
  priceCents: 1999,
  priceVaries: false,
  hasOptions: false,
  stock: 5,
  scent: "Lavender",
  description: "Calming.",
  images: ["/images/products/lavender-fields-1-800.webp"],
  options: [],
  variants: [],
  ...overrides,
});

/** The cart's line of `quantity` of that candle. */
export const line = (quantity: number, overrides: Partial<Product> = {}): CartItem => {
  const { id, categorySlug, name, priceCents, stock, scent, images } = product(overrides);
  return { id, categorySlug, name, priceCents, stock, scent, images, quantity };
};

/** A closed cart holding `items`. */
export const cartWith = (...items: CartItem[]): CartState => ({ isCartOpen: false, cartItems: items });
