import { type SelectQueryBuilder, sql } from "kysely";
import type { OrderListQuery } from "~/lib/admin-schemas";
import { formatPrice } from "~/lib/money";
import type { Db } from "../db";
import type { Database } from "../db/schema";
import type { CsvExport } from "./csv-stream";

/** `%` and `_` typed in the search box mean themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The orders a list query names: by status, and a search in the order number, the names and the email, in any letter case. */
function matching<O>(query: SelectQueryBuilder<Database, "orders", O>, filter: OrderListQuery) {
  let filtered = query;
  if (filter.status !== "all") filtered = filtered.where("orders.status", "=", filter.status);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    // ESCAPE names the backslash on both engines (SQLite's LIKE has no escape character of its own).
    const contains = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    filtered = filtered.where((eb) => eb.or(["orders.number", "orders.shipping_name", "orders.customer_name", "orders.email"].map(contains)));
  }
  return filtered;
}

/** One page of the orders list, newest first, with how many there are in all. */
export async function listOrders(db: Db, filter: OrderListQuery, page: { number: number; size: number }) {
  const { total } = await matching(db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("total")), filter).executeTakeFirstOrThrow();
  const orders = await matching(
    db.selectFrom("orders").select(["number", "status", "shipping_name", "email", "amount_cents", "created_at"]),
    filter,
  )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.size)
    .offset((page.number - 1) * page.size)
    .execute();
  return { orders, total: Number(total) };
}

/** Where a batch of the export stops: the order it wrote last, in the list's order (newest first). */
export interface OrderPlace {
  created_at: number;
  id: number;
}

/** The next `size` orders a list query names after `after`, newest first, each with its lines by item id: a batch of the CSV export. */
export async function orderBatch(db: Db, filter: OrderListQuery, after: OrderPlace | undefined, size: number) {
  let query = matching(
    db
      .selectFrom("orders")
      .select([
        "orders.id", "orders.number", "orders.status", "orders.created_at", "orders.paid_at", "orders.shipped_at", "orders.refunded_at",
        "orders.customer_name", "orders.email", "orders.phone", "orders.shipping_name", "orders.shipping_address", "orders.shipping_city",
        "orders.shipping_state", "orders.shipping_zip", "orders.carrier", "orders.tracking_number", "orders.amount_cents",
      ]),
    filter,
  );
  if (after) query = query.where((eb) => eb(eb.refTuple("orders.created_at", "orders.id"), "<", eb.tuple(after.created_at, after.id)));
  const orders = await query.orderBy("orders.created_at", "desc").orderBy("orders.id", "desc").limit(size).execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom("order_items")
    .select(["order_id", "product_id", "name", "scent", "quantity", "price_cents"])
    .where("order_id", "in", orders.map((order) => order.id))
    .orderBy("order_id")
    .orderBy("product_id")
    .execute();
  const linesOf = new Map(orders.map((order) => [order.id, [] as typeof lines]));
  for (const line of lines) linesOf.get(line.order_id)!.push(line);
  return orders.map((order) => ({ ...order, lines: linesOf.get(order.id)! }));
}

export type OrderWithLines = Awaited<ReturnType<typeof orderBatch>>[number];

const ORDERS_CSV_HEADER = [
  "Order", "Status", "Placed (UTC)", "Paid (UTC)", "Shipped (UTC)", "Refunded (UTC)", "Customer", "Email", "Phone",
  "Ship to", "Address", "City", "State", "ZIP", "Carrier", "Tracking number", "Order total",
  "Item id", "Item", "Scent", "Quantity", "Unit price",
];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The orders CSV of a list query (GET /admin/orders.csv): one row per order line, newest order first. */
export const ordersCsv = (db: Db, filter: OrderListQuery, batchSize = 500): CsvExport<OrderWithLines> => ({
  name: "orders",
  header: ORDERS_CSV_HEADER,
  batchAfter: (last) => orderBatch(db, filter, last, batchSize),
  rows: (order) =>
    order.lines.map((line) => [
      order.number, order.status, iso(order.created_at), iso(order.paid_at), iso(order.shipped_at), iso(order.refunded_at), order.customer_name,
      order.email, order.phone, order.shipping_name, order.shipping_address, order.shipping_city, order.shipping_state, order.shipping_zip,
      order.carrier, order.tracking_number, formatPrice(order.amount_cents), line.product_id, line.name, line.scent, line.quantity,
      formatPrice(line.price_cents),
    ]),
});
