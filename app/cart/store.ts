import { useSyncExternalStore } from "react";
import { notify } from "~/notifications/store";
import { type CartAction, type CartItem, type CartState, cartReducer, emptyCart } from "./reducer";
import { CART_STORAGE_KEY, parseStoredCart, serializeCart } from "./stored-cart";

let state: CartState = emptyCart;
let started = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function readStorage(): CartItem[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return []; // Storage switched off: the cart lives for this page only.
  }
  const items = parseStoredCart(raw);
  if (items) return items;
  try {
    window.localStorage.removeItem(CART_STORAGE_KEY);
  } catch {
    // Nothing more to do: the bad value is ignored either way.
  }
  return [];
}

function writeStorage(items: CartItem[]) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(items));
  } catch {
    // Full or switched-off storage must not break the shop; the cart still works on this page.
  }
}

/** Loads the stored cart once in the browser and follows the other tabs' changes. */
function start() {
  if (started || typeof window === "undefined") return;
  started = true;
  state = { ...state, cartItems: readStorage() };
  window.addEventListener("storage", (event) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    state = { ...state, cartItems: readStorage() };
    emit();
  });
}

/** Applies a cart action, saves the lines, and shows any message the rules produced. */
export function dispatchCart(action: CartAction) {
  start();
  const result = cartReducer(state, action);
  if (result.state !== state) {
    const itemsChanged = result.state.cartItems !== state.cartItems;
    state = result.state;
    if (itemsChanged) writeStorage(state.cartItems);
    emit();
  }
  for (const message of result.messages) notify(message);
  return result;
}

export function getCartItems(): CartItem[] {
  start();
  return state.cartItems;
}

/** The cart; empty in the server's HTML and during hydration, the stored one right after. */
export function useCart(): CartState {
  return useSyncExternalStore(
    (listener) => {
      start();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => {
      start();
      return state;
    },
    () => emptyCart,
  );
}
