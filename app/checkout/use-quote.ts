import { useCallback, useEffect, useRef, useState } from "react";
import type { CartItem } from "~/cart/reducer";
import { formatPrice } from "~/lib/money";
import type { ApiError } from "./request-json";
import { type Quote, requestQuote } from "./quote";

/** Where the cart goes, as far as the shopper has typed it, and the method she chose. */
export interface Destination {
  state?: string;
  zip?: string;
  /** The receipt's email, once it is one. */
  email?: string;
  shippingRateId?: number | null;
  /** The code the shopper applied; dropped when the shop refuses it. */
  discountCode?: string;
}

interface ShowOptions {
  refusedCode?: string;
  codeAsked?: boolean;
  told?: boolean;
}

const orderTotal = (quote: Quote) => `Order total: $${formatPrice(quote.totalCents)}.`;

/**
 * An answer that does not only move the total (it refuses the address or
 * stops Pay) stands beside the field it is about, and Pay waits for another
 * address. Any other refusal (the shop unreachable, a cart short of stock)
 * leaves Pay to answer it.
 */
export const blocksPay = (refusal: ApiError | undefined) =>
  refusal !== undefined &&
  (refusal.fields !== undefined || refusal.code === "no_shipping_rate" || refusal.code === "order_too_large");

/**
 * The checkout panel's quote: asked when the panel opens (before a state
 * is entered the shop's first zone counts), and again whenever the cart,
 * the address or the method changes. Only the newest question's answer
 * counts, so a slow answer never overwrites a later one. `refusal` is the
 * shop's answer when it cannot quote this address (no zone ships there, a
 * ZIP that is not one). `announcement` is what a screen reader is told of
 * the answer, once: the code's fate and the new total, or the refusal.
 */
export function useQuote(items: CartItem[]) {
  const [quote, setQuote] = useState<Quote>();
  const [refusal, setRefusal] = useState<ApiError>();
  /** Why the code the shopper applied is refused, in the shop's words. */
  const [codeRefusal, setCodeRefusal] = useState<string>();
  const [announcement, setAnnouncement] = useState("");
  const destination = useRef<Destination>({});
  const asked = useRef(0);
  const cart = useRef(items);
  /** The total the shopper was last shown: none yet (undefined), none since a refusal (null), or cents. */
  const shownTotal = useRef<number | null>(undefined);

  /** `told`: how the shopper learns of it, when not from the announcement (Pay's message says it all). */
  const show = useCallback((next: Quote, { refusedCode, codeAsked = false, told = false }: ShowOptions) => {
    setQuote(next);
    setRefusal(undefined);
    setCodeRefusal(refusedCode);
    if (refusedCode) destination.current.discountCode = undefined;
    // The first total comes with the panel; after a refusal there was none, and any total is news.
    const totalMoved = shownTotal.current !== undefined && shownTotal.current !== next.totalCents;
    shownTotal.current = next.totalCents;
    if (told) return;
    if (refusedCode) setAnnouncement(`${refusedCode} ${orderTotal(next)}`);
    else if (codeAsked && next.discountCode) setAnnouncement(`${next.discountCode} applied. ${orderTotal(next)}`);
    else if (totalMoved) setAnnouncement(orderTotal(next));
  }, []);

  const ask = useCallback(
    async (change: Destination = {}) => {
      destination.current = { ...destination.current, ...change };
      const question = ++asked.current;
      const answer = await requestQuote({ items: cart.current, ...destination.current });
      if (question !== asked.current) return;
      if (answer.kind === "refused") {
        setRefusal(answer.error);
        if (blocksPay(answer.error)) {
          shownTotal.current = null;
          setAnnouncement(answer.error.message);
        }
        return;
      }
      show(answer.quote, {
        refusedCode: answer.kind === "code_refused" ? answer.error.message : undefined,
        codeAsked: "discountCode" in change,
      });
    },
    [show],
  );

  const cartKey = JSON.stringify(items.map((item) => [item.id, item.variant, item.quantity]));
  // Declared first, so the question the cart's change asks below sees the new cart.
  useEffect(() => {
    cart.current = items;
  }, [items]);
  useEffect(() => {
    if (cartKey !== "[]") void ask();
  }, [cartKey, ask]);

  /**
   * A quote the checkout answered with (total_changed, or a code refused, with why): it is what the shop
   * would charge now.
   */
  const replace = useCallback(
    (next: Quote, refusedCode?: string) => {
      asked.current++;
      destination.current.shippingRateId = next.shippingRateId;
      destination.current.discountCode = next.discountCode ?? undefined;
      show(next, { refusedCode, told: true });
    },
    [show],
  );

  return { quote, refusal, codeRefusal, announcement, ask, replace };
}
