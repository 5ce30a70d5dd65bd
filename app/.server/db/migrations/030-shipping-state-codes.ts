import type { Kysely } from "kysely";
import { usStateOf } from "~/lib/us-states";

type OrdersShippingState = { orders: { shipping_state: string } };

/**
 * Orders keep their shipping state as its two-letter code once the shop
 * knows it (shippingColumns, orders/reservation.ts): the tax report and
 * sales by state group by the column, and listed "texas", "Tx" and "TX" as
 * three states. The orders written before are rewritten the same way, one
 * update per spelling; a state the shop does not know stays as typed.
 */
export async function up(db: Kysely<unknown>) {
  const orders = db as Kysely<OrdersShippingState>;
  const spellings = await orders.selectFrom("orders").select("shipping_state").distinct().execute();
  for (const { shipping_state: typed } of spellings) {
    const code = usStateOf(typed)?.code;
    if (code !== undefined && code !== typed)
      await orders.updateTable("orders").set({ shipping_state: code }).where("shipping_state", "=", typed).execute();
  }
}

/** The spellings were not kept: the codes stay, as every order written since has them. */
export async function down() {}
