import { type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "~/.server/db";
import type { Database } from "~/.server/db/schema";
import type { OrderListQuery } from "~/lib/admin-schemas";
import { formatPrice } from "~/lib/money";
import { formatOunces } from "~/lib/weight";

/*
 * The oracle: the three exports as the shop built them before they streamed
 * (whole file in memory, commit 8e2cd9c; the products' weight column and the
 * orders' subtotal, shipping and tax columns added since, issue #31, and its
 * discount and discount code, issue #33), copied here and nowhere else. A streamed export must write exactly these bytes
 * (tests/integration/admin-csv-exports.test.ts). It put the newest order first by `created_at, id`; the stream does
 * by id alone (migration 026), the same order for orders as the shop writes them, whose id grows with `created_at`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const csvFile = (rows: (string | number | null)[][]) =>
  `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
function matching<O>(query: SelectQueryBuilder<Database, "orders", O>, filter: OrderListQuery) {
  let filtered = query;
  if (filter.status !== "all") filtered = filtered.where("orders.status", "=", filter.status);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const contains = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    filtered = filtered.where((eb) =>
      eb.or(["orders.number", "orders.shipping_name", "orders.customer_name", "orders.email"].map(contains)),
    );
  }
  return filtered;
}

export async function ordersCsvAsBuilt(db: Db, filter: OrderListQuery) {
  const lines = await db
    .selectFrom("orders")
    .innerJoin("order_items", "order_items.order_id", "orders.id")
    .selectAll("orders")
    .select([
      "order_items.product_id",
      "order_items.name as item_name",
      "order_items.scent",
      "order_items.quantity",
      "order_items.price_cents",
    ])
    .where("orders.id", "in", matching(db.selectFrom("orders").select("orders.id"), filter))
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .orderBy("order_items.product_id")
    .execute();
  const header = [
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
  const rows = lines.map((line) => [
    line.number,
    line.status,
    iso(line.created_at),
    iso(line.paid_at),
    iso(line.shipped_at),
    iso(line.refunded_at),
    line.customer_name,
    line.email,
    line.phone,
    line.shipping_name,
    line.shipping_address,
    line.shipping_city,
    line.shipping_state,
    line.shipping_zip,
    line.carrier,
    line.tracking_number,
    formatPrice(line.subtotal_cents),
    formatPrice(line.discount_cents),
    line.discount_code,
    formatPrice(line.shipping_cents),
    formatPrice(line.tax_cents),
    formatPrice(line.amount_cents),
    line.product_id,
    line.item_name,
    line.scent,
    line.quantity,
    formatPrice(line.price_cents),
  ]);
  return csvFile([header, ...rows]);
}

export async function activityCsvAsBuilt(db: Db) {
  const entries = await db.selectFrom("activity").selectAll().orderBy("id").execute();
  const rows = entries.map((entry) => [
    new Date(entry.created_at).toISOString(),
    entry.actor_name,
    entry.actor_id,
    entry.action,
    entry.subject_type,
    entry.subject,
    entry.before,
    entry.after,
  ]);
  return csvFile([
    ["When (UTC)", "Who", "Account id", "Action", "Subject type", "Subject", "Before", "After"],
    ...rows,
  ]);
}

export async function productsCsvAsBuilt(db: Db) {
  const products = await db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .innerJoin("variants as v", "v.product_id", "p.id")
    .selectAll("p")
    .select([
      "c.title as category_title",
      "v.option_values",
      "v.sku",
      "v.price_cents",
      "v.stock",
      "v.weight",
      "v.available",
    ])
    .where("v.archived", "=", 0)
    .orderBy("c.position")
    .orderBy("c.id")
    .orderBy("p.position")
    .orderBy("p.id")
    .orderBy("v.position")
    .orderBy("v.id")
    .execute();
  const header = [
    "Id",
    "Name",
    "Variant",
    "SKU",
    "Category",
    "Price",
    "Stock",
    "Low-stock alert at",
    "Visible in the shop",
    "Scent",
    "Description",
    "Photos",
    "Weight (oz)",
  ];
  const rows = products.map((product) => [
    product.id,
    product.name,
    (JSON.parse(product.option_values) as string[]).join(" / "),
    product.sku ?? "",
    product.category_title,
    formatPrice(product.price_cents),
    product.stock,
    product.low_stock_at,
    product.visible === 1 && product.available === 1 ? "yes" : "no",
    product.scent,
    product.description,
    (JSON.parse(product.images) as string[]).join(" "),
    product.weight === null ? "" : formatOunces(product.weight),
  ]);
  return csvFile([header, ...rows]);
}
