import { useMemo, useRef } from "react";
import type { CartItem } from "~/cart/reducer";

/** A fresh idempotency key: one per checkout attempt, reused on retries of it. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The idempotency key of the checkout panel's attempt at one cart: a retry
 * after a decline reuses the order it placed, also with a corrected address
 * (the server updates it, so the shopper keeps the reservation); a changed
 * cart makes a new one, and `startAfresh` makes the next Pay a new checkout
 * whatever it sends.
 */
export function useCheckoutAttempt() {
  const attempt = useRef({ key: newIdempotencyKey(), fingerprint: "" });
  return useMemo(
    () => ({
      keyFor(items: CartItem[]) {
        const fingerprint = JSON.stringify(items.map((item) => [item.id, item.variant, item.quantity]));
        if (fingerprint !== attempt.current.fingerprint) attempt.current = { key: newIdempotencyKey(), fingerprint };
        return attempt.current.key;
      },
      startAfresh() {
        attempt.current.fingerprint = "";
      },
    }),
    [],
  );
}
