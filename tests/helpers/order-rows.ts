import type { Insertable } from "kysely";
import type { Db } from "~/.server/db";
import type { OrderItemTable, OrderStatus, OrderTable } from "~/.server/db/schema";

let made = 0;

/**
 * An order row as the shop would have written it, for tests that need many
 * orders fast (lists, searches, sums): `fields` override the defaults. Its
 * number and idempotency key are unique in this test process (digits: never
 * a number the shop would make, see app/lib/order-number.ts).
 */
export function orderRow(fields: Partial<Insertable<OrderTable>> = {}): Insertable<OrderTable> {
  made += 1;
  const tag = String(made).padStart(8, "0");
  return {
    number: `WS-${tag}`,
    status: "paid",
    customer_name: "Guest",
    email: null,
    shipping_name: "Ada Lovelace",
    shipping_address: "12 Wick Lane",
    shipping_city: "Portland",
    shipping_state: "OR",
    shipping_zip: "97201",
    amount_cents: 2400,
    currency: "usd",
    payment_provider: "test",
    idempotency_key: `rows-${tag}`,
    created_at: Date.now(),
    paid_at: Date.now(),
    expires_at: Date.now() + 15 * 60_000,
    ...fields,
    // The items alone, unless a test gives the breakdown (migration 023's check).
    subtotal_cents: fields.subtotal_cents ?? fields.amount_cents ?? 2400,
  };
}

/** Inserts order rows in batches, answering their ids in order. */
export async function insertOrders(db: Db, rows: Insertable<OrderTable>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 200) {
    const inserted = await db
      .insertInto("orders")
      .values(rows.slice(start, start + 200))
      .returning("id")
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** 2026-03-01 00:00 UTC: every seeded order is placed on or after it. */
const BASE = Date.UTC(2026, 2, 1);
const MINUTE = 60_000;
const NEVER = Date.UTC(2100, 0, 1);

/** What a spreadsheet or a CSV writer can trip over: commas, quotes, line breaks, formulas, accents. */
const NAMES = [
  "Ada Lovelace",
  "Smith, John",
  'Jo "The Wick" Baker',
  "Line\nBreak",
  '=HYPERLINK("http://evil")',
  "+1 Plus",
  "-Minus Sign",
  "@Handle",
  "Crème Brûlée Ünïcode",
  "\tTabbed",
  "100%_Wax Co",
  "Carriage\r\nReturn",
];
const STATUSES: OrderStatus[] = ["paid", "shipped", "refunded", "pending_payment", "expired"];
const ITEMS = [
  { product_id: 1001, variant_id: 1001, name: "Fig Leaf", scent: "Fig, green", price_cents: 2400 },
  { product_id: 1002, variant_id: 1002, name: "Crème Brûlée", scent: 'Vanilla "sweet"', price_cents: 1850 },
  { product_id: 1003, variant_id: 1003, name: "=SUM(A1)", scent: "Smoke\nand cedar", price_cents: 99 },
];

/**
 * Writes `count` orders straight into the database (hundreds of checkouts
 * would take minutes), across every status, with one to three lines each and
 * names a CSV must quote or defuse. Three orders share each `created_at`,
 * which grows with the id, as the shop's own inserts write them (the lists
 * go newest first by id, migration 026). Returns the orders' numbers in
 * insertion order.
 */
export async function insertVariedOrders(db: Db, count: number, options: { prefix?: string } = {}) {
  const { prefix = "WS-T" } = options;
  // A database migrated only part of the way (a migration's test) has lines without variants (before 033).
  const orderItems = (await db.introspection.getTables()).find((table) => table.name === "order_items")!;
  const withVariants = orderItems.columns.some((column) => column.name === "variant_id");
  const numbers: string[] = [];
  for (let start = 0; start < count; start += 200) {
    const orders: Insertable<OrderTable>[] = [];
    const lines = new Map<string, Omit<Insertable<OrderItemTable>, "order_id">[]>();
    for (let index = start; index < Math.min(count, start + 200); index++) {
      const number = `${prefix}${String(index).padStart(6, "0")}`;
      const status = STATUSES[index % STATUSES.length]!;
      const placed = BASE + Math.floor(index / 3) * MINUTE;
      const items = ITEMS.slice(0, 1 + (index % 3)).map(({ variant_id, ...item }, line) => ({
        ...item,
        ...(withVariants ? { variant_id } : {}),
        quantity: 1 + ((index + line) % 3),
      })) as Omit<Insertable<OrderItemTable>, "order_id">[];
      const name = NAMES[index % NAMES.length]!;
      const total = items.reduce((sum, item) => sum + item.price_cents * item.quantity, 0);
      const paid = status === "paid" || status === "shipped" || status === "refunded";
      const shipped = status === "shipped" || (status === "refunded" && index % 2 === 0);
      numbers.push(number);
      lines.set(number, items);
      orders.push({
        number,
        user_id: null,
        status,
        customer_name: index % 4 === 0 ? "Guest" : name,
        email: index % 6 === 0 ? null : `Buyer${index}@Example.com`,
        shipping_name: name,
        shipping_address: index % 5 === 0 ? "12 Wick Lane, Apt 2" : "@SUM(A1) Street",
        shipping_city: "Portland",
        shipping_state: "OR",
        shipping_zip: "97201",
        phone: index % 3 === 0 ? null : "+1 555 0100",
        amount_cents: total,
        subtotal_cents: total,
        currency: "usd",
        payment_provider: "test",
        payment_ref: null,
        idempotency_key: `seed-${number}`,
        created_at: placed,
        paid_at: paid ? placed + MINUTE : null,
        // A pending order that never falls due: the shop's expiry job would otherwise change it between two exports.
        expires_at: status === "pending_payment" ? NEVER : placed + 30 * MINUTE,
        held_by: null,
        shipped_at: shipped ? placed + 60 * MINUTE : null,
        carrier: shipped ? "DHL, Express" : null,
        tracking_number: shipped ? `=JD${index}` : null,
        refunded_at: status === "refunded" ? placed + 120 * MINUTE : null,
      });
    }
    const ids = await insertOrders(db, orders);
    await db
      .insertInto("order_items")
      .values(ids.flatMap((id, index) => lines.get(orders[index]!.number)!.map((item) => ({ ...item, order_id: id }))))
      .execute();
  }
  return numbers;
}
