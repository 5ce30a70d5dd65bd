import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db";
import type { OrderRow } from "~/.server/db/schema";
import { EXPIRY_CLAIM_MS, type SettleBeforeExpiry, expireUnpaidOrders } from "~/.server/orders/expiry";
import { PostgresFaults } from "../helpers/postgres-faults";
import { type Shop, openShop, placePendingOrder } from "../helpers/shop-api";
import { orderByNumber, stockOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";
import { sleep } from "../helpers/wait-for";

const ORDERS = 6;
const STOCK = 50;

describe(`the expiry job on several processes, on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({
      Wax: [
        { id: 1001, price: 12, stock: STOCK },
        { id: 1002, price: 14, stock: STOCK },
      ],
    });
  });
  afterAll(() => shop.close());

  const placeOrders = (count: number) =>
    Promise.all(Array.from({ length: count }, () => placePendingOrder(shop, [{ id: 1001, quantity: 1 }])));
  /** Each run's clock is past every reservation of the orders placed so far, and past the claims of the runs before. */
  let clock = Date.now() + 60 * 60_000;
  const nextRun = () => (clock += 2 * EXPIRY_CLAIM_MS);

  it("settles each due order with its provider once, however many processes run the job at the same moment", async () => {
    const orders = await placeOrders(ORDERS);
    const settled: string[] = [];
    // A provider that takes a moment to answer, as Stripe does: the runs overlap.
    const slowProvider: SettleBeforeExpiry = async (order) => {
      settled.push(order.number);
      await sleep(50);
      return { kind: "expire" };
    };
    const now = nextRun();
    const runs = await Promise.all([1, 2, 3].map(() => expireUnpaidOrders(shop.db, now, slowProvider)));

    expect(settled.sort()).toEqual(orders.map((order) => order.number).sort());
    expect(
      runs
        .flat()
        .map((order) => order.number)
        .sort(),
    ).toEqual(settled);
    for (const order of orders) expect((await orderByNumber(shop.db, order.number)).status).toBe("expired");
    expect(await stockOf(shop.db, 1001)).toBe(STOCK);
  });

  it("leaves an order claimed by a process that died alone until the claim runs out, then expires it", async () => {
    const [order] = await placeOrders(1);
    const now = nextRun();
    // The first process claims the order and dies before it settles it.
    const died: SettleBeforeExpiry = () => new Promise<never>(() => {});
    void expireUnpaidOrders(shop.db, now, died);
    const claimed = async () => (await orderByNumber(shop.db, order!.number)).expiry_claimed_until;
    for (let tries = 0; (await claimed()) === null && tries < 100; tries++) await sleep(20);
    expect(await claimed()).toBe(now + EXPIRY_CLAIM_MS);

    const settled: OrderRow[] = [];
    const record: SettleBeforeExpiry = async (due) => (settled.push(due), { kind: "expire" });
    expect(await expireUnpaidOrders(shop.db, now + EXPIRY_CLAIM_MS - 1, record)).toEqual([]);
    expect(settled).toEqual([]);
    const expired = await expireUnpaidOrders(shop.db, now + EXPIRY_CLAIM_MS, record);
    expect(expired.map((row) => row.number)).toEqual([order!.number]);
    expect((await orderByNumber(shop.db, order!.number)).status).toBe("expired");
  });

  it.runIf(testEngine === "postgres")(
    "goes on with the rest of its batch when PostgreSQL ends one order's transaction to break a deadlock",
    async () => {
      const [first] = await placeOrders(1);
      await sleep(5);
      const second = await placePendingOrder(shop, [{ id: 1002, quantity: 1 }]);
      const faults = await PostgresFaults.open(shop.database);
      // A second process, whose backends the faults see, runs the job.
      const other = openDatabase({ dataDir: shop.database.env.DATA_DIR, databaseUrl: shop.database.env.DATABASE_URL });
      try {
        const candle = await faults.holdTransaction("select id from variants where id = 1001 for update");
        // Only the job looks for the deadlock below, so only it can be the one PostgreSQL ends.
        await candle.query("set local deadlock_timeout = '10min'");
        const items = await faults.holdLock("order_items", "access exclusive");
        const run = expireUnpaidOrders(other.db, nextRun());
        // The job has changed the first order's status and waits to read its items.
        await faults.blockedBackend(/"order_items"/, items);
        const orderUpdate = candle.query("update orders set shipping_city = shipping_city where number = $1", [
          first!.number,
        ]);
        await faults.blockedHolder(/^update orders/);
        // The job goes on to the candle, held by a transaction that waits for the first order: a deadlock.
        await items.release();
        const expired = await run;
        await orderUpdate;
        await candle.release();
        expect(expired.map((order) => order.number)).toEqual([second.number]);
      } finally {
        await other.db.destroy();
        await faults.close();
      }
      expect((await orderByNumber(shop.db, first!.number)).status).toBe("pending_payment");
      expect((await orderByNumber(shop.db, second.number)).status).toBe("expired");
      expect(await stockOf(shop.db, 1001)).toBe(STOCK - 1);
    },
  );
});
