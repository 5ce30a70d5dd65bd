import type { Insertable } from "kysely";
import type { Db } from "~/.server/db";
import type { OrderTable } from "~/.server/db/schema";

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
  };
}

/** Inserts order rows in batches, answering their ids in order. */
export async function insertOrders(db: Db, rows: Insertable<OrderTable>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 200) {
    const inserted = await db.insertInto("orders").values(rows.slice(start, start + 200)).returning("id").execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}
