import type { Product } from "~/lib/catalog";

/** SPEC §3: a cart line is the item's fields plus the quantity and its category. */
export interface CartItem {
  id: number;
  categorySlug: string;
  name: string;
  priceCents: number;
  images: string[];
  scent: string;
  /** The stock last seen for this item; the server decides again at checkout. */
  stock: number;
  quantity: number;
}

export interface CartState {
  isCartOpen: boolean;
  cartItems: CartItem[];
}

/** What adding needs to know of an item: its catalog fields with its current stock. */
export type CartProduct = Pick<Product, "id" | "categorySlug" | "name" | "priceCents" | "images" | "scent" | "stock">;

export type CartAction =
  | { type: "setCartOpen"; open: boolean }
  | { type: "addItem"; product: CartProduct }
  | { type: "removeItem"; id: number; stock: number }
  | { type: "clearLine"; id: number }
  | { type: "setQuantity"; id: number; quantity: number }
  | { type: "refreshItems"; products: Product[] }
  | { type: "applyStock"; stock: { id: number; available: number }[] }
  | { type: "clearCart" };

export interface CartResult {
  state: CartState;
  /** What the shopper must be told: SPEC's alerts, word for word where SPEC quotes them. */
  messages: string[];
}

export const emptyCart: CartState = { isCartOpen: false, cartItems: [] };

export const cartMessages = {
  notEnough: (name: string, left: number) =>
    `Looks like there's not enough ${name} to go around! There's ${left} left. We'll update your cart for you.`,
  allGone: (name: string) => `Oh no! Looks like all of the ${name} is gone! We'll update your cart for you.`,
  allInCart: (name: string, stock: number) => `You already have all ${stock} of the ${name} we have in your cart.`,
  onlyLeft: (name: string, stock: number) =>
    `Only ${stock} of the ${name} ${stock === 1 ? "is" : "are"} left, so we've set your cart to ${stock}.`,
};

export const totalQuantity = (items: CartItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);

export const totalPriceCents = (items: CartItem[]) =>
  items.reduce((sum, item) => sum + item.quantity * item.priceCents, 0);

function toCartItem(product: CartProduct, quantity: number): CartItem {
  const { id, categorySlug, name, priceCents, images, scent, stock } = product;
  return { id, categorySlug, name, priceCents, images, scent, stock, quantity };
}

const unchanged = (state: CartState): CartResult => ({ state, messages: [] });

function withItems(state: CartState, cartItems: CartItem[], messages: string[] = []): CartResult {
  return { state: { ...state, cartItems }, messages };
}

const updateLine = (items: CartItem[], id: number, change: Partial<CartItem>) =>
  items.map((item) => (item.id === id ? { ...item, ...change } : item));

const withoutLine = (items: CartItem[], id: number) => items.filter((item) => item.id !== id);

/** SPEC §4 add item: takes the item with its current stock. */
function addItem(state: CartState, product: CartProduct): CartResult {
  const line = state.cartItems.find((item) => item.id === product.id);
  const stock = product.stock;
  if (!line) {
    if (stock < 1) return { state, messages: [cartMessages.allGone(product.name)] };
    return withItems(state, [...state.cartItems, toCartItem(product, 1)]);
  }
  const fresh = toCartItem(product, line.quantity);
  if (stock > line.quantity)
    return withItems(state, updateLine(state.cartItems, line.id, { ...fresh, quantity: line.quantity + 1 }));
  if (stock === line.quantity) {
    return withItems(state, updateLine(state.cartItems, line.id, fresh), [cartMessages.allInCart(product.name, stock)]);
  }
  if (stock < 1) return withItems(state, withoutLine(state.cartItems, line.id), [cartMessages.allGone(product.name)]);
  return withItems(state, updateLine(state.cartItems, line.id, { ...fresh, quantity: stock }), [
    cartMessages.onlyLeft(product.name, stock),
  ]);
}

/** SPEC §4 remove item: takes the item and its stock. */
function removeItem(state: CartState, id: number, stock: number): CartResult {
  const line = state.cartItems.find((item) => item.id === id);
  if (!line) return unchanged(state);
  if (line.quantity === 1) return withItems(state, withoutLine(state.cartItems, id));
  if (line.quantity > stock) {
    if (stock < 1) return withItems(state, withoutLine(state.cartItems, id), [cartMessages.allGone(line.name)]);
    return withItems(state, updateLine(state.cartItems, id, { quantity: stock, stock }), [
      cartMessages.onlyLeft(line.name, stock),
    ]);
  }
  // The stock it was given is the freshest seen: setting a quantity later is capped by it.
  return withItems(state, updateLine(state.cartItems, id, { quantity: line.quantity - 1, stock }));
}

/** Sets a line to a chosen quantity, within 1 and the stock last seen. */
function setQuantity(state: CartState, id: number, quantity: number): CartResult {
  const line = state.cartItems.find((item) => item.id === id);
  if (!line || !Number.isInteger(quantity)) return unchanged(state);
  if (quantity < 1) return withItems(state, withoutLine(state.cartItems, id));
  if (quantity > line.stock) {
    if (line.stock < 1) return withItems(state, withoutLine(state.cartItems, id), [cartMessages.allGone(line.name)]);
    return withItems(state, updateLine(state.cartItems, id, { quantity: line.stock }), [
      cartMessages.onlyLeft(line.name, line.stock),
    ]);
  }
  return withItems(state, updateLine(state.cartItems, id, { quantity }));
}

/**
 * SPEC §5 stock check: a line above its stock is cut to the stock, or removed
 * when none is left, each with SPEC's message.
 */
function applyStock(state: CartState, stock: Map<number, number>): CartResult {
  const messages: string[] = [];
  const cartItems: CartItem[] = [];
  for (const item of state.cartItems) {
    const available = stock.get(item.id) ?? item.stock;
    if (available < 1) {
      messages.push(cartMessages.allGone(item.name));
    } else if (item.quantity > available) {
      messages.push(cartMessages.notEnough(item.name, available));
      cartItems.push({ ...item, quantity: available, stock: available });
    } else {
      cartItems.push({ ...item, stock: available });
    }
  }
  return withItems(state, cartItems, messages);
}

/**
 * Refreshes every line from freshly loaded catalog data (name, price, images,
 * stock), keeping quantities, then runs the stock check. An item the catalog
 * no longer has counts as gone.
 */
function refreshItems(state: CartState, products: Product[]): CartResult {
  const byId = new Map(products.map((product) => [product.id, product]));
  const refreshed = state.cartItems.map((item) => {
    const product = byId.get(item.id);
    return product ? toCartItem(product, item.quantity) : { ...item, stock: 0 };
  });
  return applyStock({ ...state, cartItems: refreshed }, new Map(refreshed.map((item) => [item.id, item.stock])));
}

export function cartReducer(state: CartState, action: CartAction): CartResult {
  switch (action.type) {
    case "setCartOpen":
      return { state: { ...state, isCartOpen: action.open }, messages: [] };
    case "addItem":
      return addItem(state, action.product);
    case "removeItem":
      return removeItem(state, action.id, action.stock);
    case "clearLine":
      return withItems(state, withoutLine(state.cartItems, action.id));
    case "setQuantity":
      return setQuantity(state, action.id, action.quantity);
    case "refreshItems":
      return refreshItems(state, action.products);
    case "applyStock":
      return applyStock(state, new Map(action.stock.map((line) => [line.id, line.available])));
    case "clearCart":
      return withItems(state, []);
  }
}
