import { useEffect, useId, useRef, useState } from "react";
import { type CartItem, totalQuantity } from "~/cart/reducer";
import { dispatchCart, useCart } from "~/cart/store";
import { useHydrated } from "~/lib/browser-hooks";
import { CartDropdown } from "./cart-dropdown";

const itemCount = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

/** What changed between two carts, for a screen reader: "Lavender Fields added. Cart: 2 items." */
function describeChange(before: CartItem[], after: CartItem[]) {
  const quantityIn = (items: CartItem[], id: number) => items.find((item) => item.id === id)?.quantity ?? 0;
  const added = after.find((item) => item.quantity > quantityIn(before, item.id));
  const removed = before.find((item) => item.quantity > quantityIn(after, item.id));
  const what = added ? `${added.name} added. ` : removed ? `${removed.name} removed. ` : "";
  return `${what}Cart: ${itemCount(totalQuantity(after))}.`;
}

/** Says what changed when the count changes, but not for the cart restored on load. */
function useChangeAnnouncement(items: CartItem[] | undefined) {
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef(items);
  useEffect(() => {
    const before = previous.current;
    if (before && items && totalQuantity(items) !== totalQuantity(before))
      setAnnouncement(describeChange(before, items));
    previous.current = items;
  }, [items]);
  return announcement;
}

/** The nav's cart button with its badge; it toggles the cart dropdown. */
export function CartIcon() {
  const { isCartOpen, cartItems } = useCart();
  const hydrated = useHydrated();
  const dropdownId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const count = totalQuantity(cartItems);
  const announcement = useChangeAnnouncement(hydrated ? cartItems : undefined);

  useEffect(() => {
    if (!isCartOpen) return;
    const closeAndFocus = () => {
      dispatchCart({ type: "setCartOpen", open: false });
      button.current?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeAndFocus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) dispatchCart({ type: "setCartOpen", open: false });
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [isCartOpen]);

  return (
    <div
      className="cart-icon"
      ref={wrapper}
      // Like a disclosure, it closes once focus moves on, so it never covers what has focus next.
      // Focus going nowhere (a click on the dropdown's text, another window) leaves it open.
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (isCartOpen && next && !event.currentTarget.contains(next))
          dispatchCart({ type: "setCartOpen", open: false });
      }}
    >
      <button
        ref={button}
        type="button"
        className="cart-icon__button"
        aria-expanded={isCartOpen}
        aria-controls={dropdownId}
        disabled={!hydrated}
        onClick={() => dispatchCart({ type: "setCartOpen", open: !isCartOpen })}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path
            d="M6 7h12l-1.2 12.2a2 2 0 0 1-2 1.8H9.2a2 2 0 0 1-2-1.8L6 7zm3 0V6a3 3 0 0 1 6 0v1"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden">Cart, </span>
        <span className="cart-icon__badge">{hydrated ? count : ""}</span>
        <span className="visually-hidden">{hydrated ? (count === 1 ? " item" : " items") : ""}</span>
      </button>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
      {isCartOpen ? <CartDropdown items={cartItems} id={dropdownId} /> : null}
    </div>
  );
}
