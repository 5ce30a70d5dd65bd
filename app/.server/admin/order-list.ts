import { type SelectQueryBuilder, sql } from "kysely";
import type { OrderListQuery } from "~/lib/admin-schemas";
import type { Db } from "../db";
import type { Database } from "../db/schema";

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

/** Every line of the orders a list query names, newest order first: the CSV export. */
export function orderLines(db: Db, filter: OrderListQuery) {
  return db
    .selectFrom("orders")
    .innerJoin("order_items", "order_items.order_id", "orders.id")
    .selectAll("orders")
    .select(["order_items.product_id", "order_items.name as item_name", "order_items.scent", "order_items.quantity", "order_items.price_cents"])
    .where("orders.id", "in", matching(db.selectFrom("orders").select("orders.id"), filter))
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .orderBy("order_items.product_id")
    .execute();
}
