import { type CartItem, lineKey, toCartItem } from "./reducer";

/** SPEC §3: the cart is kept in the browser's local storage under the key "root". */
export const CART_STORAGE_KEY = "root";
const MAX_LINES = 500;

const isWholeNumber = (value: unknown, min: number): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= min;

const isText = (value: unknown): value is string => typeof value === "string" && value.length <= 5000;

function storedItem(value: unknown): CartItem | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const item = value as Record<string, unknown>;
  const { id, variant, categorySlug, name, priceCents, images, scent, stock, quantity } = item;
  if (!isWholeNumber(id, 1) || !isText(categorySlug) || !isText(name) || !isText(scent)) return undefined;
  if (!isWholeNumber(priceCents, 0) || !isWholeNumber(stock, 0) || !isWholeNumber(quantity, 1)) return undefined;
  if (!Array.isArray(images) || !images.every(isText)) return undefined;
  // A line saved before sizes and scents has no variant: it is its product's only one.
  if (variant !== undefined && !isWholeNumber(variant, 1)) return undefined;
  return toCartItem({ id, variant, categorySlug, name, priceCents, images, scent, stock }, quantity);
}

/**
 * Reads what storage holds; anything corrupt, foreign or from another shape
 * is undefined, so the caller starts with an empty cart instead of crashing.
 */
export function parseStoredCart(raw: string | null): CartItem[] | undefined {
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const cartItems = (parsed as { cart?: { cartItems?: unknown } } | null)?.cart?.cartItems;
  if (!Array.isArray(cartItems) || cartItems.length > MAX_LINES) return undefined;
  const items = cartItems.map(storedItem);
  if (items.some((item) => item === undefined)) return undefined;
  const valid = items as CartItem[];
  return new Set(valid.map(lineKey)).size === valid.length ? valid : undefined;
}

export function serializeCart(cartItems: CartItem[]): string {
  return JSON.stringify({ cart: { cartItems } });
}
