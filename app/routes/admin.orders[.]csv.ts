import { orderLines } from "~/.server/admin/order-list";
import { requireOwner } from "~/.server/admin/owners";
import { orderListQueryOf } from "~/lib/admin-schemas";
import { csvFile } from "~/lib/csv";
import { formatPrice } from "~/lib/money";
import type { Route } from "./+types/admin.orders[.]csv";

const HEADER = [
  "Order", "Status", "Placed (UTC)", "Paid (UTC)", "Shipped (UTC)", "Refunded (UTC)", "Customer", "Email", "Phone",
  "Ship to", "Address", "City", "State", "ZIP", "Carrier", "Tracking number", "Order total",
  "Item id", "Item", "Scent", "Quantity", "Unit price",
];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** GET /admin/orders.csv: the orders of the list's filters, one row per order line. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const filter = orderListQueryOf(url);
  const rows = (await orderLines(context.db, filter)).map((line) => [
    line.number, line.status, iso(line.created_at), iso(line.paid_at), iso(line.shipped_at), iso(line.refunded_at), line.customer_name, line.email, line.phone,
    line.shipping_name, line.shipping_address, line.shipping_city, line.shipping_state, line.shipping_zip, line.carrier, line.tracking_number,
    formatPrice(line.amount_cents), line.product_id, line.item_name, line.scent, line.quantity, formatPrice(line.price_cents),
  ]);
  return new Response(csvFile([HEADER, ...rows]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
}
