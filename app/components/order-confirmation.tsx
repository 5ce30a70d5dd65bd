import type { PaidOrder } from "~/checkout/pay";
import { formatPrice } from "~/lib/money";
import { breakdownLabel, isOrderTotal } from "~/lib/order-breakdown";

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
      {order.breakdown ? (
        <dl className="order-summary order-confirmation__breakdown" aria-label="What the total is made of">
          {order.breakdown
            .filter((line) => !isOrderTotal(line))
            .map((line) => (
              <div key={line.label}>
                <dt>{breakdownLabel(line)}</dt>
                <dd>{line.amount}</dd>
              </div>
            ))}
        </dl>
      ) : null}
      <p className="order-confirmation__total">Paid: ${formatPrice(order.amountCents)}</p>
    </section>
  );
}
