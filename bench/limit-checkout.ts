import SQLite from "better-sqlite3";
import pg from "pg";
import { newOrderNumber } from "~/.server/orders/reservation";

/** The parts of a POST /api/checkout body the raw transaction needs. */
export interface Reservation {
  idempotencyKey: string;
  lines: { id: number; variant?: number; quantity: number }[];
  shipping: { name: string; address: string; city: string; state: string; zip: string; phone?: string; email?: string };
}

export interface PlacedOrder {
  number: string;
  amountCents: number;
}

/** Reserves stock and creates the pending order in one transaction; undefined when stock falls short. */
export interface CheckoutStore {
  reserve(reservation: Reservation): Promise<PlacedOrder | undefined>;
}

/**
 * The variant rows a reservation takes stock from, in id order as the shop
 * locks them (concurrent PostgreSQL transactions then never deadlock): a
 * line's variant, or for a product without options its one variant, which
 * has the product's id.
 */
const byId = (lines: Reservation["lines"]) =>
  lines.map((line) => ({ id: line.variant ?? line.id, quantity: line.quantity })).sort((a, b) => a.id - b.id);

const RESERVATION_MS = 15 * 60_000;

const orderColumns = `number, user_id, status, customer_name, email, shipping_name, shipping_address, shipping_city,
  shipping_state, shipping_zip, phone, amount_cents, subtotal_cents, currency, payment_provider, payment_ref,
  idempotency_key, created_at, paid_at, expires_at`;
const ORDER_COLUMN_COUNT = 20;

function orderValues(reservation: Reservation, number: string, amountCents: number) {
  const { shipping } = reservation;
  const now = Date.now();
  return [
    number,
    null,
    "pending_payment",
    "Guest",
    shipping.email ?? null,
    shipping.name,
    shipping.address,
    shipping.city,
    shipping.state,
    shipping.zip,
    shipping.phone ?? null,
    amountCents,
    amountCents,
    "usd",
    "test",
    `test_${number}`,
    reservation.idempotencyKey,
    now,
    null,
    now + RESERVATION_MS,
  ];
}

/**
 * The conditional update of DESIGN.md §Checkout, on the line's variant (see
 * `byId`); it also reads what the order copies from the product.
 */
const reserveSql = (quantity: string, id: string) =>
  `update variants set stock = stock - ${quantity} where id = ${id} and stock >= ${quantity}
   returning price_cents, product_id,
     (select name from products where products.id = variants.product_id) as name,
     (select scent from products where products.id = variants.product_id) as scent`;

class Shortfall extends Error {}

function sqliteStore(file: string): CheckoutStore {
  const db = new SQLite(file);
  // The shop's own settings (app/.server/db/index.ts).
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  const reserveLine = db.prepare<
    { id: number; quantity: number },
    { price_cents: number; product_id: number; name: string; scent: string }
  >(reserveSql("@quantity", "@id"));
  const insertOrder = db.prepare(
    `insert into orders (${orderColumns}) values (${Array.from({ length: ORDER_COLUMN_COUNT }, () => "?").join(", ")}) returning id`,
  );
  const insertItem = db.prepare(
    "insert into order_items (order_id, product_id, variant_id, name, price_cents, quantity, scent) values (?, ?, ?, ?, ?, ?, ?)",
  );
  const place = db.transaction((reservation: Reservation): PlacedOrder => {
    const lines = byId(reservation.lines);
    const products = lines.map((line) => {
      const product = reserveLine.get(line);
      if (!product) throw new Shortfall();
      return product;
    });
    const amountCents = lines.reduce((sum, line, index) => sum + products[index]!.price_cents * line.quantity, 0);
    const number = newOrderNumber();
    const { id } = insertOrder.get(...orderValues(reservation, number, amountCents)) as { id: number };
    lines.forEach((line, index) => {
      const product = products[index]!;
      insertItem.run(id, product.product_id, line.id, product.name, product.price_cents, line.quantity, product.scent);
    });
    return { number, amountCents };
  });
  return {
    reserve: async (reservation) => {
      try {
        return place(reservation);
      } catch (error) {
        if (error instanceof Shortfall) return undefined;
        throw error;
      }
    },
  };
}

/** Named statements: each connection plans them once, the fastest `pg` gets. */
function postgresStore(url: string): CheckoutStore {
  // The shop's pool size (app/.server/db/index.ts).
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const insertOrder = {
    name: "bench_insert_order",
    text: `insert into orders (${orderColumns}) values (${Array.from({ length: ORDER_COLUMN_COUNT }, (_, i) => `$${i + 1}`).join(", ")}) returning id`,
  };
  const insertItems = {
    name: "bench_insert_items",
    text: `insert into order_items (order_id, product_id, variant_id, name, price_cents, quantity, scent)
      select $1, * from unnest($2::int[], $3::int[], $4::text[], $5::int[], $6::int[], $7::text[])`,
  };
  return {
    reserve: async (reservation) => {
      const lines = byId(reservation.lines);
      const client = await pool.connect();
      try {
        await client.query("begin");
        const products: { price_cents: number; product_id: number; name: string; scent: string }[] = [];
        for (const line of lines) {
          const { rows } = await client.query({
            name: "bench_reserve",
            text: reserveSql("$2", "$1"),
            values: [line.id, line.quantity],
          });
          if (rows.length !== 1) {
            await client.query("rollback");
            return undefined;
          }
          products.push(rows[0]);
        }
        const amountCents = lines.reduce((sum, line, index) => sum + products[index]!.price_cents * line.quantity, 0);
        const number = newOrderNumber();
        const { rows } = await client.query({ ...insertOrder, values: orderValues(reservation, number, amountCents) });
        await client.query({
          ...insertItems,
          values: [
            rows[0].id,
            products.map((product) => product.product_id),
            lines.map((line) => line.id),
            products.map((product) => product.name),
            products.map((product) => product.price_cents),
            lines.map((line) => line.quantity),
            products.map((product) => product.scent),
          ],
        });
        await client.query("commit");
        return { number, amountCents };
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export const createCheckoutStore = (
  config: { engine: "sqlite"; file: string } | { engine: "postgres"; url: string },
) => (config.engine === "sqlite" ? sqliteStore(config.file) : postgresStore(config.url));
