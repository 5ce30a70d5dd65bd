import { csvDownload } from "~/.server/admin/csv-stream";
import { ordersCsv } from "~/.server/admin/order-list";
import { requireOwner } from "~/.server/admin/owners";
import { orderListQueryOf } from "~/lib/admin-schemas";
import type { Route } from "./+types/admin.orders[.]csv";

/** GET /admin/orders.csv: the orders of the list's filters, one row per order line, written as they are read. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  return csvDownload(ordersCsv(context.db, orderListQueryOf(url)), context.logger);
}
