import { lineName } from "~/lib/variants";
import { type SelectQueryBuilder, sql } from "kysely";
import type { OrderListQuery } from "~/lib/admin-schemas";
import type { PageFrom } from "~/lib/list-cursor";
import { ORDER_NUMBER_PATTERN } from "~/lib/order-number";
import { formatPrice } from "~/lib/money";
import type { Db } from "../db";
import type { Database } from "../db/schema";
import { UNPAID_LEFT_OUT } from "../db/migrations/026-orders-by-id";
import { ordersContaining } from "../db/search";
import type { CsvExport } from "./csv-stream";

/**
 * The orders a list query names: by status, and a search in the order
 * number, the names and the email, in any letter case. A whole order number
 * is one lookup by its unique index; other text goes through the trigram
 * index of each engine (db/search.ts).
 */
function matching<O>(db: Db, query: SelectQueryBuilder<Database, "orders", O>, filter: OrderListQuery) {
  let filtered = query;
  if (filter.status !== "all") filtered = filtered.where("orders.status", "=", filter.status);
  // orders_status leaves the unpaid out (migration 026); the unpaid go along orders_status_expires.
  if (filter.status !== "all" && filter.status !== "pending_payment")
    filtered = filtered.where(sql.raw<boolean>(UNPAID_LEFT_OUT));
  const text = filter.q;
  if (!text) return filtered;
  if (ORDER_NUMBER_PATTERN.test(text.toUpperCase())) return filtered.where("orders.number", "=", text.toUpperCase());
  return filtered.where(ordersContaining(db, text));
}

/** Rows before (older than) or after (newer than) a cursor, in the list's order: by id (app/lib/list-cursor.ts). */
function from<O>(query: SelectQueryBuilder<Database, "orders", O>, page: PageFrom) {
  if ("before" in page) return query.where("orders.id", "<", page.before);
  if ("after" in page) return query.where("orders.id", ">", page.after);
  return query;
}

/**
 * One page of the orders list, newest first, from a cursor (the newest page
 * without one), with how many orders match in all and cursors to the pages
 * either side, where there are any.
 */
export async function listOrders(db: Db, filter: OrderListQuery, page: PageFrom, size: number) {
  const { total } = await matching(
    db,
    db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("total")),
    filter,
  ).executeTakeFirstOrThrow();
  const newerFirst = !("after" in page);
  const rows = await from(
    matching(
      db,
      db
        .selectFrom("orders")
        .select(["id", "number", "status", "shipping_name", "email", "amount_cents", "created_at"]),
      filter,
    ),
    page,
  )
    .orderBy("orders.id", newerFirst ? "desc" : "asc")
    .limit(size + 1)
    .execute();
  const more = rows.length > size;
  const orders = rows.slice(0, size);
  if (!newerFirst) orders.reverse();
  const hasNewer = newerFirst ? "before" in page : more;
  const hasOlder = newerFirst ? more : true;
  return {
    orders: orders.map(({ id: _, ...order }) => order),
    total: Number(total),
    newer: hasNewer ? orders[0]?.id : undefined,
    older: hasOlder ? orders.at(-1)?.id : undefined,
  };
}

/** The next `size` orders a list query names after `after`, newest first, each with its lines by item id: a batch of the CSV export. */
export async function orderBatch(db: Db, filter: OrderListQuery, after: { id: number } | undefined, size: number) {
  const query = matching(
    db,
    db
      .selectFrom("orders")
      .select([
        "orders.id",
        "orders.number",
        "orders.status",
        "orders.created_at",
        "orders.paid_at",
        "orders.shipped_at",
        "orders.refunded_at",
        "orders.customer_name",
        "orders.email",
        "orders.phone",
        "orders.shipping_name",
        "orders.shipping_address",
        "orders.shipping_city",
        "orders.shipping_state",
        "orders.shipping_zip",
        "orders.carrier",
        "orders.tracking_number",
        "orders.subtotal_cents",
        "orders.discount_cents",
        "orders.discount_code",
        "orders.shipping_cents",
        "orders.tax_cents",
        "orders.amount_cents",
      ]),
    filter,
  );
  const orders = await from(query, after ? { before: after.id } : {})
    .orderBy("orders.id", "desc")
    .limit(size)
    .execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom("order_items")
    .select(["order_id", "product_id", "name", "variant", "scent", "quantity", "price_cents"])
    .where(
      "order_id",
      "in",
      orders.map((order) => order.id),
    )
    // Along order_items' key, (order, variant): a product without options has one variant, so its lines read by product.
    .orderBy("order_id")
    .orderBy("variant_id")
    .execute();
  const linesOf = new Map(orders.map((order) => [order.id, [] as typeof lines]));
  for (const line of lines) linesOf.get(line.order_id)!.push(line);
  return orders.map((order) => ({ ...order, lines: linesOf.get(order.id)! }));
}

export type OrderWithLines = Awaited<ReturnType<typeof orderBatch>>[number];

const ORDERS_CSV_HEADER = [
  "Order",
  "Status",
  "Placed (UTC)",
  "Paid (UTC)",
  "Shipped (UTC)",
  "Refunded (UTC)",
  "Customer",
  "Email",
  "Phone",
  "Ship to",
  "Address",
  "City",
  "State",
  "ZIP",
  "Carrier",
  "Tracking number",
  "Subtotal",
  "Discount",
  "Discount code",
  "Shipping",
  "Tax",
  "Order total",
  "Item id",
  "Item",
  "Scent",
  "Quantity",
  "Unit price",
];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The orders CSV of a list query (GET /admin/orders.csv): one row per order
 * line, newest order first; each row repeats its order's subtotal, discount
 * (and its code), shipping, tax and total.
 */
export const ordersCsv = (db: Db, filter: OrderListQuery, batchSize = 500): CsvExport<OrderWithLines> => ({
  name: "orders",
  header: ORDERS_CSV_HEADER,
  batchAfter: (last) => orderBatch(db, filter, last, batchSize),
  rows: (order) =>
    order.lines.map((line) => [
      order.number,
      order.status,
      iso(order.created_at),
      iso(order.paid_at),
      iso(order.shipped_at),
      iso(order.refunded_at),
      order.customer_name,
      order.email,
      order.phone,
      order.shipping_name,
      order.shipping_address,
      order.shipping_city,
      order.shipping_state,
      order.shipping_zip,
      order.carrier,
      order.tracking_number,
      formatPrice(order.subtotal_cents),
      formatPrice(order.discount_cents),
      order.discount_code,
      formatPrice(order.shipping_cents),
      formatPrice(order.tax_cents),
      formatPrice(order.amount_cents),
      line.product_id,
      lineName(line.name, line.variant),
      line.scent,
      line.quantity,
      formatPrice(line.price_cents),
    ]),
});
