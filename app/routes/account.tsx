import { redirect } from "react-router";
import { getShopper } from "~/.server/accounts/auth";
import { ordersOfShopper } from "~/.server/accounts/orders";
import { trackingUrl } from "~/lib/carriers";
import { formatPrice } from "~/lib/money";
import type { Route } from "./+types/account";
import { titleOf } from "~/lib/meta";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shopper = await getShopper(context.auth, request.headers);
  if (!shopper) throw redirect("/auth?returnTo=%2Faccount");
  return {
    displayName: shopper.displayName,
    orders: await ordersOfShopper(context.db, shopper.id, { timeZone: context.config.timeZone }),
  };
}

/** The shopper's words for an order's status; the owner's are ORDER_STATUS_NAMES. */
const STATUS_TEXT = {
  pending_payment: "Waiting for payment",
  paid: "Paid, being prepared",
  shipped: "Shipped",
  refunded: "Refunded",
  expired: "Expired",
};

export default function Account({ loaderData }: Route.ComponentProps) {
  const { displayName, orders } = loaderData;
  return (
    <section className="page page--narrow" aria-labelledby="account-title">
      <h1 id="account-title" className="page__title">
        Your orders
      </h1>
      <p className="account-intro">{`Signed in as ${displayName}.`}</p>
      {orders.length === 0 ? <p>You have no orders yet.</p> : null}
      <ul className="account-orders">
        {orders.map((order) => {
          const link = trackingUrl(order.carrier, order.tracking_number);
          return (
            <li key={order.number} className="admin-card">
              <h2 className="account-order__title">{`Order ${order.number}`}</h2>
              <p className="admin-card__detail">{`${order.placed} · ${STATUS_TEXT[order.status]} · $${formatPrice(order.amount_cents)}`}</p>
              {order.breakdown ? <p className="admin-card__detail">{order.breakdown}</p> : null}
              <ul className="account-order__lines">
                {order.items.map((item) => (
                  <li
                    key={item.product_id}
                  >{`${item.quantity} × ${item.name} (${item.scent}), $${formatPrice(item.price_cents)} each`}</li>
                ))}
              </ul>
              {order.status === "shipped" && order.tracking_number ? (
                <p>
                  {`Tracking number${order.carrier ? ` (${order.carrier})` : ""}: `}
                  {link ? <a href={link}>{order.tracking_number}</a> : order.tracking_number}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleOf("Your orders", matches) },
  { name: "robots", content: "noindex" },
];
