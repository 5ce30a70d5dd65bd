import { Form } from "react-router";
import { CARRIERS } from "~/lib/carriers";
import { formatPrice } from "~/lib/money";
import { OrderCardTitle } from "./order-card-title";

export interface OrderToShip {
  number: string;
  shipping_name: string;
  shipping_city: string;
  shipping_state: string;
  amount_cents: number;
  /** When it was paid, in the shop's time zone. */
  paidAt: string | null;
  units: number;
}

/** The one form that ships an order: carrier and tracking number optional, one thumb-sized button. */
export function MarkShippedForm({ number, error }: { number: string; error?: string }) {
  const errorId = `ship-error-${number}`;
  return (
    <Form method="post" className="ship-form" aria-label={`Ship order ${number}`}>
      <input type="hidden" name="intent" value="ship" />
      <input type="hidden" name="number" value={number} />
      <label className="ship-form__field">
        <span>Carrier</span>
        <select name="carrier" defaultValue="">
          <option value="">Not given</option>
          {CARRIERS.map((carrier) => (
            <option key={carrier}>{carrier}</option>
          ))}
          <option>Other</option>
        </select>
      </label>
      <label className="ship-form__field">
        <span>Tracking number</span>
        <input
          name="trackingNumber"
          autoComplete="off"
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {error ? (
        <p id={errorId} className="ship-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary ship-form__button">
        Mark shipped
      </button>
    </Form>
  );
}

/** Paid orders waiting for the owner, the longest waiting first: one card each, shipped from the card itself. */
export function OrdersToShip({
  orders,
  error,
}: {
  orders: OrderToShip[];
  error?: { number: string; message: string };
}) {
  return (
    <section className="admin-section" aria-labelledby="to-ship-title">
      <h2 id="to-ship-title" className="admin-section__title">
        {`To ship (${orders.length})`}
      </h2>
      {orders.length === 0 ? (
        <p className="admin-empty">Every paid order has been shipped.</p>
      ) : (
        <ul className="admin-cards">
          {orders.map((order) => (
            <li key={order.number} className="admin-card">
              <OrderCardTitle number={order.number} name={order.shipping_name} />
              <p className="admin-card__detail">
                {`${order.units} ${order.units === 1 ? "item" : "items"} · $${formatPrice(order.amount_cents)} · ${order.shipping_city}, ${order.shipping_state}`}
              </p>
              {order.paidAt ? <p className="admin-card__detail">{`Paid ${order.paidAt}`}</p> : null}
              <MarkShippedForm
                number={order.number}
                error={error?.number === order.number ? error.message : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
