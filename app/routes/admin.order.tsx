import { Form, Link, data } from "react-router";
import { orderDetail } from "~/.server/admin/order-detail";
import { requireOwner } from "~/.server/admin/owners";
import { orderAction } from "./admin.order.server";
import { MarkShippedForm } from "~/components/admin/orders-to-ship";
import { formatPrice } from "~/lib/money";
import { breakdownLabel } from "~/lib/order-breakdown";
import type { Route } from "./+types/admin.order";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { Notice } from "~/components/admin/notices";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { ORDER_STATUS_NAMES } from "~/lib/admin-schemas";
import { backOfficeTitle } from "~/lib/meta";

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const order = await orderDetail(context.db, params.number, { timeZone: context.config.timeZone });
  if (!order) throw data(null, { status: 404 });
  return order;
}

/** Mark shipped, and Cancel and refund. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  return orderAction(context, owner, request);
}

export const shouldRevalidate = revalidateAfterEveryAnswer;

export default function AdminOrder({ loaderData: order, actionData }: Route.ComponentProps) {
  const error = actionData?.error?.number === order.number ? actionData.error.message : undefined;
  return (
    <section className="admin-page" aria-labelledby="order-title">
      <p className="admin-back">
        <Link to="/admin" className="admin-link">
          ← Today
        </Link>
      </p>
      <h1 id="order-title" className="admin-page__title">
        {`Order ${order.number}`}
      </h1>
      <p className="admin-status">{ORDER_STATUS_NAMES[order.status]}</p>
      <Notice>{actionData?.notice}</Notice>
      <section className="admin-section" aria-labelledby="lines-title">
        <h2 id="lines-title" className="admin-section__title">
          Items
        </h2>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Scent</th>
              <th scope="col">Qty</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td>{item.scent}</td>
                <td>{item.quantity}</td>
                <td>{`$${formatPrice(item.priceCents)}`}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {order.breakdown.length === 0 ? (
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td>{`$${formatPrice(order.amountCents)}`}</td>
              </tr>
            ) : (
              order.breakdown.map((line) => (
                <tr key={line.label}>
                  <th scope="row" colSpan={3}>
                    {breakdownLabel(line)}
                  </th>
                  <td>{line.amount}</td>
                </tr>
              ))
            )}
          </tfoot>
        </table>
      </section>
      <section className="admin-section admin-columns" aria-label="Customer and payment">
        <div>
          <h2 className="admin-section__title">Ship to</h2>
          <address className="admin-address">
            {order.shipping.name}
            <br />
            {order.shipping.address}
            <br />
            {`${order.shipping.city}, ${order.shipping.state} ${order.shipping.zip}`}
          </address>
          <p>
            {order.email ? (
              <a href={`mailto:${order.email}`} className="admin-link">
                {order.email}
              </a>
            ) : (
              "No email given"
            )}
          </p>
          <p>
            {order.phone ? (
              <a href={`tel:${order.phone}`} className="admin-link">
                {order.phone}
              </a>
            ) : (
              "No phone given"
            )}
          </p>
          <p>{`Customer: ${order.customerName}`}</p>
        </div>
        <div>
          <h2 className="admin-section__title">Payment</h2>
          <p>{order.paymentMethod}</p>
          <p className="admin-card__number">{order.paymentRef ?? "No payment reference"}</p>
        </div>
      </section>
      {order.status === "paid" ? (
        <section className="admin-section" aria-labelledby="ship-title">
          <h2 id="ship-title" className="admin-section__title">
            Ship it
          </h2>
          <MarkShippedForm number={order.number} error={error} />
        </section>
      ) : null}
      {order.refundable ? (
        <section className="admin-section" aria-labelledby="refund-title">
          <h2 id="refund-title" className="admin-section__title">
            Cancel and refund
          </h2>
          <Form method="post" className="refund-form" aria-label={`Cancel and refund order ${order.number}`}>
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="number" value={order.number} />
            <label className="refund-form__check">
              {/* A shipped order's candles are with the customer: back in stock only if she sends them back. */}
              <input type="checkbox" name="restock" defaultChecked={order.status !== "shipped"} />
              Put the items back in stock
            </label>
            <ConfirmButton
              className="button button--secondary refund-form__button"
              question={
                order.amountCents > 0
                  ? `Refund $${formatPrice(order.amountCents)} to the customer's card and cancel order ${order.number}?`
                  : `Cancel order ${order.number}? Nothing was paid, so nothing is refunded.`
              }
              keep="Keep the order"
            >
              {`Cancel and refund $${formatPrice(order.amountCents)}`}
            </ConfirmButton>
          </Form>
        </section>
      ) : null}
      <section className="admin-section" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="admin-section__title">
          Timeline
        </h2>
        <ol className="admin-timeline">
          {order.timeline.map((event, index) => (
            <li key={index}>
              <span className="admin-timeline__when">{event.when}</span> {event.what}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ params, matches }) => [
  { title: backOfficeTitle(`Order ${params.number}`, matches) },
];
