import { useEffect, useRef } from "react";
import type { PaidOrder } from "~/checkout/pay";
import { announceHeading } from "~/lib/page-heading-focus";
import { formatPrice } from "~/lib/money";
import { breakdownLabel, isOrderTotal } from "~/lib/order-breakdown";

/**
 * What the shopper bought, shown once the payment went through. Focus moves to its heading: the panel she
 * paid in is gone, and the page's news is here.
 */
export function OrderConfirmation({ order }: { order: PaidOrder }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!heading.current) return;
    heading.current.focus();
    announceHeading(heading.current);
  }, []);
  const free = order.amountCents === 0;
  return (
    <section className="order-confirmation" aria-labelledby="order-confirmation-title">
      <h2 id="order-confirmation-title" ref={heading} tabIndex={-1}>
        Order {order.number} is confirmed
      </h2>
      <p>
        {free
          ? "Your discount code covers it all: there is nothing to pay. We will pour, pack and ship your candles soon."
          : "We have your payment and will pour, pack and ship your candles soon."}
      </p>
      <ul className="order-confirmation__items">
        {order.items.map((item) => (
          <li key={item.id}>
            <span>{item.name}</span>{" "}
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
      <p className="order-confirmation__total">
        {free ? "Total" : "Paid"}: ${formatPrice(order.amountCents)}
      </p>
    </section>
  );
}
