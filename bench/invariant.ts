import { openDatabase } from "~/.server/db";
import { accountedStock } from "../tests/helpers/shop-db";
import type { StockInvariant } from "./results";
import type { ShopData } from "./shop-server";

/** DESIGN.md §Data, read from the shop's own database: imported stock = stock + pending + paid quantities. */
export async function checkStockInvariant(data: ShopData, imported: Record<number, number>): Promise<StockInvariant> {
  const { db } = openDatabase(data);
  try {
    const accounted = await accountedStock(db);
    const ids = new Set([...Object.keys(imported), ...Object.keys(accounted)].map(Number));
    const mismatches = [...ids]
      .map((id) => ({ id, imported: imported[id] ?? 0, accounted: accounted[id] ?? 0 }))
      .filter((product) => product.imported !== product.accounted);
    const counts = await db
      .selectFrom("orders")
      .select([
        (eb) => eb.fn.countAll<number>().as("orders"),
        (eb) => eb.fn.sum<number>(eb.case().when("status", "=", "paid").then(1).else(0).end()).as("paid"),
      ])
      .executeTakeFirstOrThrow();
    return { ok: mismatches.length === 0, orders: Number(counts.orders), paidOrders: Number(counts.paid ?? 0), mismatches };
  } finally {
    await db.destroy();
  }
}
