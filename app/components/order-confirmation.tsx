import type { PaidOrder } from "~/checkout/pay";
import { formatPrice } from "~/lib/money";

/** What the shopper bought, shown once the payment went through. */
export function OrderConfirmation({ order }: { order: PaidOrder }) {
  return (
    <section className="order-confirmation" aria-labelledby="order-confirmation-title">
      <h2 id="order-confirmation-title">Order {order.number} is confirmed</h2>
      <p>We have your payment and will pour, pack and ship your candles soon.</p>
      <ul className="order-confirmation__items">
        {order.items.map((item) => (
          <li key={item.id}>
            <span>{item.name}</span>
            <span>
              {item.quantity} x ${formatPrice(item.priceCents)}
            </span>
          </li>
        ))}
      </ul>
      {order.shippingCents > 0 || order.taxCents > 0 ? (
        <p className="order-confirmation__breakdown">
          Items ${formatPrice(order.subtotalCents)} · Shipping ${formatPrice(order.shippingCents)} · Tax $
          {formatPrice(order.taxCents)}
        </p>
      ) : null}
      <p className="order-confirmation__total">Paid: ${formatPrice(order.amountCents)}</p>
    </section>
  );
}
