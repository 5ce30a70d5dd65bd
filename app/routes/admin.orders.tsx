import { Form } from "react-router";
import { listOrders } from "~/.server/admin/order-list";
import { requireOwner } from "~/.server/admin/owners";
import { formatMoment } from "~/.server/admin/today";
import { OrderCardTitle } from "~/components/admin/order-card-title";
import { CursorPagination } from "~/components/cursor-pagination";
import { ORDER_STATUS_FILTERS, ORDER_STATUS_NAMES, orderListQueryOf } from "~/lib/admin-schemas";
import { formatPrice } from "~/lib/money";
import { pageFromUrl } from "~/lib/list-cursor";
import type { Route } from "./+types/admin.orders";
import { backOfficeTitle } from "~/lib/meta";

const PAGE_SIZE = 25;

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const filter = orderListQueryOf(url);
  const { orders, total, newer, older } = await listOrders(context.db, filter, pageFromUrl(url), PAGE_SIZE);
  const moment = formatMoment(context.config.timeZone);
  const query = new URLSearchParams({
    ...(filter.status !== "all" ? { status: filter.status } : {}),
    ...(filter.q ? { q: filter.q } : {}),
  }).toString();
  return {
    filter,
    query,
    newer,
    older,
    total,
    orders: orders.map(({ created_at, ...order }) => ({ ...order, placed: moment(created_at) })),
  };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filter, query, newer, older, total, orders } = loaderData;
  const listPath = `/admin/orders${query ? `?${query}` : ""}`;
  return (
    <section className="admin-page" aria-labelledby="orders-title">
      <h1 id="orders-title" className="admin-page__title">
        Orders
      </h1>
      <Form method="get" className="order-filters" role="search" aria-label="Find orders">
        <label className="ship-form__field">
          <span>Status</span>
          <select name="status" defaultValue={filter.status}>
            {ORDER_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_NAMES[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="ship-form__field">
          <span>Order number, name or email</span>
          <input type="search" name="q" defaultValue={filter.q} maxLength={100} />
        </label>
        <button type="submit" className="button button--primary">
          Find
        </button>
      </Form>
      <p className="order-filters__summary">
        {`${total} ${total === 1 ? "order" : "orders"}`} ·{" "}
        <a href={`/admin/orders.csv${query ? `?${query}` : ""}`} className="admin-link">
          Download CSV
        </a>
      </p>
      <ul className="admin-cards">
        {orders.map((order) => (
          <li key={order.number} className="admin-card">
            <OrderCardTitle number={order.number} name={order.shipping_name} />
            <p className="admin-card__detail">{`${ORDER_STATUS_NAMES[order.status]} · $${formatPrice(order.amount_cents)} · ${order.placed}`}</p>
            {order.email ? <p className="admin-card__detail">{order.email}</p> : null}
          </li>
        ))}
      </ul>
      <CursorPagination path={listPath} newer={newer} older={older} label="orders" />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Orders", matches) }];
