import type { Db } from "~/.server/db";
import type { OrderItemRow, OrderRow } from "~/.server/db/schema";

/** Stock per product id, as the shop would sell it now: its variants' together (a product without options has one). */
export async function stockById(db: Db): Promise<Record<number, number>> {
  const rows = await db
    .selectFrom("variants")
    .select(["product_id", (eb) => eb.fn.sum<number>("stock").as("stock")])
    .where("archived", "=", 0)
    .groupBy("product_id")
    .orderBy("product_id")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.product_id, Number(row.stock)]));
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const stock = (await stockById(db))[productId];
  if (stock === undefined) throw new Error(`No product ${productId}`);
  return stock;
}

/** Stock per variant id, archived ones included (they hold none). */
export async function stockByVariant(db: Db): Promise<Record<number, number>> {
  const rows = await db.selectFrom("variants").select(["id", "stock"]).orderBy("id").execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.stock]));
}

/** Sets a product's stock outright, as a test's setup: the product must have one variant. */
export async function setStockOf(db: Db, productId: number, stock: number) {
  const changed = await db
    .updateTable("variants")
    .set({ stock })
    .where("product_id", "=", productId)
    .executeTakeFirst();
  if (changed.numUpdatedRows !== 1n) throw new Error(`Product ${productId} has no single variant`);
}

/**
 * DESIGN.md §Data: stock + quantities in pending_payment orders + quantities in
 * paid orders (shipped and refunded ones included: a refund's restock is an
 * adjustment), per variant (a product without options has one, with the
 * product's id at first). The invariant says this always equals the sum of
 * the recorded stock adjustments.
 */
export async function accountedStock(db: Db): Promise<Record<number, number>> {
  const accounted = await stockByVariant(db);
  const held = await db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .where("orders.status", "in", ["pending_payment", "paid", "shipped", "refunded"])
    .select(["order_items.variant_id as variantId", (eb) => eb.fn.sum<number>("order_items.quantity").as("quantity")])
    .groupBy("order_items.variant_id")
    .execute();
  for (const { variantId, quantity } of held) accounted[variantId] = (accounted[variantId] ?? 0) + Number(quantity);
  return accounted;
}

/** The other side of the invariant at any moment: the sum of recorded stock adjustments, per variant. */
export async function adjustedStock(db: Db): Promise<Record<number, number>> {
  const rows = await db
    .selectFrom("stock_adjustments")
    .select(["variant_id as variantId", (eb) => eb.fn.sum<number>("delta").as("delta")])
    .groupBy("variant_id")
    .execute();
  return Object.fromEntries(rows.map(({ variantId, delta }) => [variantId, Number(delta)]));
}

export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

async function withItems(db: Db, orders: OrderRow[]): Promise<OrderWithItems[]> {
  return Promise.all(
    orders.map(async (order) => ({
      ...order,
      items: await db
        .selectFrom("order_items")
        .selectAll()
        .where("order_id", "=", order.id)
        .orderBy("product_id")
        .execute(),
    })),
  );
}

export async function orderByNumber(db: Db, number: string): Promise<OrderWithItems> {
  const order = await db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirstOrThrow();
  return (await withItems(db, [order]))[0]!;
}

/** Every order with a line for this product, oldest first. */
export async function ordersContaining(db: Db, productId: number): Promise<OrderWithItems[]> {
  const orders = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "in", (eb) => eb.selectFrom("order_items").select("order_id").where("product_id", "=", productId))
    .orderBy("id")
    .execute();
  return withItems(db, orders);
}

export async function paymentEventsOf(db: Db, orderId: number) {
  return db.selectFrom("payment_events").selectAll().where("order_id", "=", orderId).execute();
}

/** The order's queued emails as (kind, to), in a stable order. */
export async function outboxOf(db: Db, orderId: number) {
  return db.selectFrom("outbox").select(["kind", "to"]).where("order_id", "=", orderId).orderBy("kind").execute();
}

async function countRows(db: Db, table: "orders" | "order_items" | "payment_events" | "outbox"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What a refused request must leave untouched: stock, orders and everything hanging off them. */
export async function shopState(db: Db) {
  return {
    stock: await stockById(db),
    orders: await countRows(db, "orders"),
    orderItems: await countRows(db, "order_items"),
    paymentEvents: await countRows(db, "payment_events"),
    outbox: await countRows(db, "outbox"),
  };
}

/** Numbers of orders that have no line: what a checkout cut off half-way would leave behind. */
export async function ordersWithoutItems(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("orders")
    .select("number")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("order_items")
            .select("order_items.order_id")
            .whereRef("order_items.order_id", "=", "orders.id"),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.number);
}

/** The tables an action of the shop writes to (rate limits aside: every request counts), each read whole. */
const WRITTEN_TABLES = [
  "orders",
  "order_items",
  "payment_events",
  "refunds",
  "products",
  "variants",
  "photos",
  "stock_adjustments",
  "categories",
  "category_redirects",
  "catalog_version",
  "activity",
  "low_stock_digests",
  "shipping_zones",
  "shipping_zone_states",
  "shipping_rates",
  "tax_states",
  "tax_zip_rates",
  "pricing_version",
  "discounts",
  "discount_redemptions",
  "shop_settings",
  "settings_version",
  "user",
  "session",
  "account",
] as const;

/**
 * Every row an action could change, in a stable order: equal before and after means the action changed nothing.
 * Of the outbox, what was queued: the delivery job sends it meanwhile.
 */
export async function everyWrittenRow(db: Db): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  const sorted = (read: unknown[]) => read.map((row) => JSON.stringify(row)).sort();
  for (const table of WRITTEN_TABLES) rows[table] = sorted(await db.selectFrom(table).selectAll().execute());
  rows.outbox = sorted(await db.selectFrom("outbox").select(["id", "order_id", "kind", "to", "subject"]).execute());
  return rows;
}
