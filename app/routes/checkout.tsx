import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { PaidOrder } from "~/checkout/pay";
import { CartLines } from "~/components/cart-lines";
import { CheckoutPanel } from "~/components/checkout-panel";
import { OrderConfirmation } from "~/components/order-confirmation";
import { totalPriceCents } from "~/cart/reducer";
import { dispatchCart, getCartItems, useCart } from "~/cart/store";
import { type CatalogItem, fromCatalogItem } from "~/lib/catalog-api";
import { pageMeta } from "~/lib/meta";
import { formatPrice } from "~/lib/money";
import type { Route } from "./+types/checkout";

/**
 * The cart lives in the browser, so this page loads there: it fetches fresh
 * data for the cart's items and applies SPEC §5's stock check (SPEC §4: the
 * catalog is refetched on each checkout page load).
 */
export function loader({ context }: Route.LoaderArgs) {
  // Only the publishable key: Stripe.js and its card field load only when it is set.
  return { stripePublishableKey: context.config.stripe?.publishableKey };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  dispatchCart({ type: "setCartOpen", open: false });
  const settings = await serverLoader();
  const ids = getCartItems().map((item) => item.id);
  if (ids.length === 0) return settings;
  const response = await fetch(`/api/products?ids=${ids.join(",")}`);
  if (!response.ok) throw new Response("Could not load the cart's items", { status: response.status });
  const { items } = (await response.json()) as { items: CatalogItem[] };
  dispatchCart({ type: "refreshItems", products: items.map(fromCatalogItem) });
  return settings;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <section className="page checkout-page">
      <h1 className="page__title">Your cart</h1>
      <div className="inline-spinner" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Loading your cart…</span>
      </div>
    </section>
  );
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { cartItems } = useCart();
  const revalidator = useRevalidator();
  const [panelOpen, setPanelOpen] = useState(false);
  const [paidOrder, setPaidOrder] = useState<PaidOrder>();
  const checkoutButton = useRef<HTMLButtonElement>(null);

  const closePanel = () => {
    setPanelOpen(false);
    checkoutButton.current?.focus();
  };

  return (
    <section className="page checkout-page">
      <h1 className="page__title">{paidOrder ? "Thank you for your order" : "Your cart"}</h1>
      {paidOrder ? <OrderConfirmation order={paidOrder} /> : null}
      {cartItems.length === 0 ? (
        paidOrder ? null : (
          <p className="empty-state">Your cart is empty!</p>
        )
      ) : (
        <>
          <CartLines items={cartItems} />
          <div className="checkout-page__summary">
            <button type="button" className="link-button" onClick={() => dispatchCart({ type: "clearCart" })}>
              Remove all items
            </button>
            <p className="checkout-page__total">Total: ${formatPrice(totalPriceCents(cartItems))}</p>
          </div>
          <div className="checkout-page__actions">
            <button
              ref={checkoutButton}
              type="button"
              className="button button--primary checkout-page__checkout"
              onClick={() => setPanelOpen(true)}
            >
              Checkout
            </button>
          </div>
        </>
      )}
      {panelOpen ? (
        <CheckoutPanel
          items={cartItems}
          stripePublishableKey={loaderData.stripePublishableKey}
          onClose={closePanel}
          onPaid={(order) => {
            setPanelOpen(false);
            setPaidOrder(order);
          }}
          // SPEC §5: OK refreshes the cart from fresh stock.
          onRefreshCart={() => revalidator.revalidate()}
        />
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Your cart",
    description: "Review your cart and pay by card.",
    path: "/checkout",
    matches,
  }),
  { name: "robots", content: "noindex" },
];
