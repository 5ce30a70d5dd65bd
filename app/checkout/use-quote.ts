import { useCallback, useEffect, useRef, useState } from "react";
import type { CartItem } from "~/cart/reducer";
import type { ApiError } from "./request-json";
import { type Quote, requestQuote } from "./quote";

/** Where the cart goes, as far as the shopper has typed it, and the method she chose. */
export interface Destination {
  state?: string;
  zip?: string;
  shippingRateId?: number | null;
  /** The code the shopper applied; dropped when the shop refuses it. */
  discountCode?: string;
}

/**
 * The checkout panel's quote: asked when the panel opens (before a state
 * is entered the shop's first zone counts), and again whenever the cart,
 * the address or the method changes. Only the newest question's answer
 * counts, so a slow answer never overwrites a later one. `refusal` is the
 * shop's answer when it cannot quote this address (no zone ships there, a
 * ZIP that is not one).
 */
export function useQuote(items: CartItem[]) {
  const [quote, setQuote] = useState<Quote>();
  const [refusal, setRefusal] = useState<ApiError>();
  /** Why the code the shopper applied is refused, in the shop's words. */
  const [codeRefusal, setCodeRefusal] = useState<string>();
  const destination = useRef<Destination>({});
  const asked = useRef(0);
  const cart = useRef(items);

  const ask = useCallback(async (change: Destination = {}) => {
    destination.current = { ...destination.current, ...change };
    const question = ++asked.current;
    const answer = await requestQuote({ items: cart.current, ...destination.current });
    if (question !== asked.current) return;
    if (answer.kind === "refused") return setRefusal(answer.error);
    setQuote(answer.quote);
    setRefusal(undefined);
    if (answer.kind === "code_refused") destination.current.discountCode = undefined;
    setCodeRefusal(answer.kind === "code_refused" ? answer.error.message : undefined);
  }, []);

  const cartKey = JSON.stringify(items.map((item) => [item.id, item.quantity]));
  // Declared first, so the question the cart's change asks below sees the new cart.
  useEffect(() => {
    cart.current = items;
  }, [items]);
  useEffect(() => {
    if (cartKey !== "[]") void ask();
  }, [cartKey, ask]);

  /** A quote the checkout answered with (total_changed, or a code refused): it is what the shop would charge now. */
  const replace = useCallback((next: Quote) => {
    asked.current++;
    destination.current.shippingRateId = next.shippingRateId;
    destination.current.discountCode = next.discountCode ?? undefined;
    setQuote(next);
    setRefusal(undefined);
  }, []);

  return { quote, refusal, codeRefusal, ask, replace };
}
