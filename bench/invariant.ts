import { openDatabase } from "~/.server/db";
import { accountedStock, adjustedStock } from "../tests/helpers/shop-db";
import type { StockInvariant } from "./results";
import type { ShopData } from "./shop-server";

/**
 * DESIGN.md §Data, read from the shop's own database: for every product, the
 * recorded stock adjustments (what imports set) = stock + pending + paid quantities.
 * The shop may still be finishing checkouts the load sent last: every side is
 * read from one snapshot (one transaction, repeatable read on PostgreSQL), or a
 * checkout committed between two reads would count twice. It only reads: on
 * SQLite it takes no write lock from the shop's checkouts (db/sqlite-dialect.ts).
 */
export async function checkStockInvariant(data: ShopData): Promise<StockInvariant> {
  const { db } = openDatabase(data);
  try {
    const { accounted, adjusted } = await db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => ({ accounted: await accountedStock(trx), adjusted: await adjustedStock(trx) }));
    const ids = new Set([...Object.keys(adjusted), ...Object.keys(accounted)].map(Number));
    const mismatches = [...ids]
      .map((id) => ({ id, adjusted: adjusted[id] ?? 0, accounted: accounted[id] ?? 0 }))
      .filter((product) => product.adjusted !== product.accounted);
    const counts = await db
      .selectFrom("orders")
      .select([
        (eb) => eb.fn.countAll<number>().as("orders"),
        (eb) => eb.fn.sum<number>(eb.case().when("status", "=", "paid").then(1).else(0).end()).as("paid"),
      ])
      .executeTakeFirstOrThrow();
    return {
      ok: mismatches.length === 0,
      orders: Number(counts.orders),
      paidOrders: Number(counts.paid ?? 0),
      mismatches,
    };
  } finally {
    await db.destroy();
  }
}
