import type { Product } from "~/lib/catalog";
import { lineName, type Variant, variantLabel } from "~/lib/variants";

/**
 * SPEC §3: a cart line is the item's fields plus the quantity and its
 * category. A line is a variant (DESIGN.md, "Sizes and scents"): a product
 * with options has one line per variant chosen, its name the line's
 * ("Lavender Fields — 12 oz"), its price and stock the variant's.
 */
export interface CartItem {
  id: number;
  /** The variant's id, for a product with options; absent for one without (its only variant). */
  variant?: number;
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

/** What adding needs to know of a line: its catalog fields with its current stock. */
export type CartProduct = Pick<
  CartItem,
  "id" | "variant" | "categorySlug" | "name" | "priceCents" | "images" | "scent" | "stock"
>;

/** Which line: a product, and its variant when it has options. */
export interface LineRef {
  id: number;
  variant?: number;
}

export const sameLine = (item: LineRef, line: LineRef) => item.id === line.id && item.variant === line.variant;

/** A line as checkout and its quote take it: the variant named for a product with options. */
export const checkoutLine = (item: CartItem) => ({
  id: item.id,
  ...(item.variant === undefined ? {} : { variant: item.variant }),
  quantity: item.quantity,
});

/** A line's key, for lists and for telling lines apart. */
export const lineKey = (line: LineRef) => (line.variant === undefined ? `${line.id}` : `${line.id}.${line.variant}`);

/**
 * What the cart keeps of a product, or of one of its variants: the
 * variant's price, stock and name, and its photo first.
 */
export function cartProductOf(product: Product, variant: Variant | undefined): CartProduct {
  const { id, categorySlug, name, images, scent } = product;
  if (product.options.length === 0 || !variant)
    return { id, categorySlug, name, priceCents: product.priceCents, images, scent, stock: product.stock };
  const photo = images[variant.image ?? 0];
  return {
    id,
    variant: variant.id,
    categorySlug,
    name: lineName(name, variantLabel(variant.values)),
    priceCents: variant.priceCents,
    images: photo === undefined ? images : [photo, ...images.filter((image) => image !== photo)],
    scent,
    stock: variant.stock,
  };
}

export type CartAction =
  | { type: "setCartOpen"; open: boolean }
  | { type: "addItem"; product: CartProduct }
  | ({ type: "removeItem"; stock: number } & LineRef)
  | ({ type: "clearLine" } & LineRef)
  | ({ type: "setQuantity"; quantity: number } & LineRef)
  | { type: "refreshItems"; products: Product[] }
  | { type: "applyStock"; stock: (LineRef & { available: number })[] }
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

/** A cart line of `quantity` units of a product (a variant line keeps its variant). */
export function toCartItem(product: CartProduct, quantity: number): CartItem {
  const { id, variant, categorySlug, name, priceCents, images, scent, stock } = product;
  return {
    id,
    ...(variant === undefined ? {} : { variant }),
    categorySlug,
    name,
    priceCents,
    images,
    scent,
    stock,
    quantity,
  };
}

const unchanged = (state: CartState): CartResult => ({ state, messages: [] });

function withItems(state: CartState, cartItems: CartItem[], messages: string[] = []): CartResult {
  return { state: { ...state, cartItems }, messages };
}

const updateLine = (items: CartItem[], line: LineRef, change: Partial<CartItem>) =>
  items.map((item) => (sameLine(item, line) ? { ...item, ...change } : item));

const withoutLine = (items: CartItem[], line: LineRef) => items.filter((item) => !sameLine(item, line));

/** SPEC §4 add item: takes the item with its current stock. */
function addItem(state: CartState, product: CartProduct): CartResult {
  const line = state.cartItems.find((item) => sameLine(item, product));
  const stock = product.stock;
  if (!line) {
    if (stock < 1) return { state, messages: [cartMessages.allGone(product.name)] };
    return withItems(state, [...state.cartItems, toCartItem(product, 1)]);
  }
  const fresh = toCartItem(product, line.quantity);
  if (stock > line.quantity)
    return withItems(state, updateLine(state.cartItems, line, { ...fresh, quantity: line.quantity + 1 }));
  if (stock === line.quantity) {
    return withItems(state, updateLine(state.cartItems, line, fresh), [cartMessages.allInCart(product.name, stock)]);
  }
  if (stock < 1) return withItems(state, withoutLine(state.cartItems, line), [cartMessages.allGone(product.name)]);
  return withItems(state, updateLine(state.cartItems, line, { ...fresh, quantity: stock }), [
    cartMessages.onlyLeft(product.name, stock),
  ]);
}

/** SPEC §4 remove item: takes the item and its stock. */
function removeItem(state: CartState, ref: LineRef, stock: number): CartResult {
  const line = state.cartItems.find((item) => sameLine(item, ref));
  if (!line) return unchanged(state);
  if (line.quantity === 1) return withItems(state, withoutLine(state.cartItems, line));
  if (line.quantity > stock) {
    if (stock < 1) return withItems(state, withoutLine(state.cartItems, line), [cartMessages.allGone(line.name)]);
    return withItems(state, updateLine(state.cartItems, line, { quantity: stock, stock }), [
      cartMessages.onlyLeft(line.name, stock),
    ]);
  }
  // The stock it was given is the freshest seen: setting a quantity later is capped by it.
  return withItems(state, updateLine(state.cartItems, line, { quantity: line.quantity - 1, stock }));
}

/** Sets a line to a chosen quantity, within 1 and the stock last seen. */
function setQuantity(state: CartState, ref: LineRef, quantity: number): CartResult {
  const line = state.cartItems.find((item) => sameLine(item, ref));
  if (!line || !Number.isInteger(quantity)) return unchanged(state);
  if (quantity < 1) return withItems(state, withoutLine(state.cartItems, line));
  if (quantity > line.stock) {
    if (line.stock < 1) return withItems(state, withoutLine(state.cartItems, line), [cartMessages.allGone(line.name)]);
    return withItems(state, updateLine(state.cartItems, line, { quantity: line.stock }), [
      cartMessages.onlyLeft(line.name, line.stock),
    ]);
  }
  return withItems(state, updateLine(state.cartItems, line, { quantity }));
}

/**
 * SPEC §5 stock check: a line above its stock is cut to the stock, or removed
 * when none is left, each with SPEC's message.
 */
function applyStock(state: CartState, stock: Map<string, number>): CartResult {
  const messages: string[] = [];
  const cartItems: CartItem[] = [];
  for (const item of state.cartItems) {
    const available = stock.get(lineKey(item)) ?? item.stock;
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
 * no longer has counts as gone: so does a variant it no longer sells, and a
 * line without a variant (a cart saved before the product had options)
 * whose product now has them.
 */
function refreshItems(state: CartState, products: Product[]): CartResult {
  const byId = new Map(products.map((product) => [product.id, product]));
  const refreshed = state.cartItems.map((item) => {
    const fresh = freshLine(byId.get(item.id), item);
    return fresh ? toCartItem(fresh, item.quantity) : { ...item, stock: 0 };
  });
  return applyStock({ ...state, cartItems: refreshed }, new Map(refreshed.map((item) => [lineKey(item), item.stock])));
}

function freshLine(product: Product | undefined, line: LineRef): CartProduct | undefined {
  if (!product) return undefined;
  const hasOptions = product.options.length > 0;
  if (line.variant === undefined) return hasOptions ? undefined : cartProductOf(product, undefined);
  const variant = product.variants.find((variant) => variant.id === line.variant);
  return hasOptions && variant ? cartProductOf(product, variant) : undefined;
}

export function cartReducer(state: CartState, action: CartAction): CartResult {
  switch (action.type) {
    case "setCartOpen":
      return { state: { ...state, isCartOpen: action.open }, messages: [] };
    case "addItem":
      return addItem(state, action.product);
    case "removeItem":
      return removeItem(state, action, action.stock);
    case "clearLine":
      return withItems(state, withoutLine(state.cartItems, { id: action.id, variant: action.variant }));
    case "setQuantity":
      return setQuantity(state, action, action.quantity);
    case "refreshItems":
      return refreshItems(state, action.products);
    case "applyStock":
      return applyStock(state, new Map(action.stock.map((line) => [lineKey(line), line.available])));
    case "clearCart":
      return withItems(state, []);
  }
}
