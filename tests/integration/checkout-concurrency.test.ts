import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PostgresFaults } from "../helpers/postgres-faults";
import {
  type CheckoutAnswer,
  checkout,
  checkoutBody,
  type Line,
  openShop,
  request,
  type Shop,
} from "../helpers/shop-api";
import { accountedStock, orderByNumber, ordersContaining, stockOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

const SHOPPERS = 60;

describe(`concurrent checkouts against the server process on ${testEngine}`, () => {
  const lastSeven = { id: 101, stock: 7 };
  const scarce = { id: 201, stock: 10 };
  const plenty = { id: 202, stock: 30 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [lastSeven, scarce, plenty] });
  });
  afterAll(() => shop?.close());

  /**
   * All shoppers press "Pay" at the same moment; each cart is sent once with its own idempotency key, from
   * an address of its own (through a proxy on the same machine, which the shop trusts by default). From one
   * address, PostgreSQL would take them one at a time, on that address's rate-limit row, before they reach the products.
   */
  const checkoutAtOnce = (carts: Line[][]) =>
    Promise.all(
      carts.map((lines, shopper) =>
        request<CheckoutAnswer>(`${shop.url}/api/checkout`, {
          body: checkoutBody(lines),
          headers: { "X-Forwarded-For": `203.0.113.${shopper}` },
        }),
      ),
    );

  it(`sells exactly the 7 in stock to ${SHOPPERS} simultaneous shoppers and tells the rest it is gone`, async () => {
    const answers = await checkoutAtOnce(Array.from({ length: SHOPPERS }, () => [{ id: lastSeven.id, quantity: 1 }]));

    const sold = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(sold).toHaveLength(lastSeven.stock);
    expect(refused).toHaveLength(SHOPPERS - lastSeven.stock);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.error?.code).toBe("insufficient_stock");
      expect(answer.body.adjustments).toEqual([{ id: lastSeven.id, available: 0 }]);
    }

    expect(await stockOf(shop.db, lastSeven.id)).toBe(0);
    const orders = await ordersContaining(shop.db, lastSeven.id);
    expect(orders.map((order) => order.number).sort()).toEqual(sold.map((answer) => answer.body.order!.number).sort());
    for (const order of orders) {
      expect(order.status).toBe("pending_payment");
      expect(order.items.map(({ product_id, quantity }) => ({ product_id, quantity }))).toEqual([
        { product_id: lastSeven.id, quantity: 1 },
      ]);
    }
  });

  it("never deadlocks or oversells when two-line carts name their lines in opposite orders", async () => {
    // Each cart takes 1 of the scarce candle and 2 of the plentiful one: the scarce one runs out first.
    const forwards = [
      { id: scarce.id, quantity: 1 },
      { id: plenty.id, quantity: 2 },
    ];
    const backwards = [...forwards].reverse();
    const answers = await checkoutAtOnce(
      Array.from({ length: SHOPPERS }, (_, i) => (i % 2 === 0 ? forwards : backwards)),
    );

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const sold = answers.filter((answer) => answer.status === 201);
    expect(sold).toHaveLength(scarce.stock);
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.adjustments).toEqual([{ id: scarce.id, available: 0 }]);
    }

    expect(await stockOf(shop.db, scarce.id)).toBe(0);
    expect(await stockOf(shop.db, plenty.id)).toBe(plenty.stock - 2 * scarce.stock);
    const orders = await ordersContaining(shop.db, scarce.id);
    expect(orders).toHaveLength(scarce.stock);
    for (const order of orders) {
      expect(order.items.map(({ product_id, quantity }) => ({ product_id, quantity }))).toEqual([
        { product_id: scarce.id, quantity: 1 },
        { product_id: plenty.id, quantity: 2 },
      ]);
    }
    expect(await accountedStock(shop.db)).toEqual(shop.initialStock);
  });
});

// SQLite runs one writer at a time: nothing can take the stock between a checkout's read and its update.
describe.runIf(testEngine === "postgres")(
  "a candle changed between a checkout's read and its update, on PostgreSQL",
  () => {
    const candle = { id: 301, price: 12, stock: 3 };
    let shop: Shop;
    let faults: PostgresFaults;
    beforeEach(async () => {
      shop = await openShop({ Wax: [candle] });
      faults = await PostgresFaults.open(shop.database);
    });
    afterEach(async () => {
      await faults?.close();
      await shop?.close();
    });

    /** Checks out `quantity` of the candle while another transaction runs `statement`, committed once the checkout waits for it. */
    async function checkoutWhile(statement: string, values: unknown[], quantity: number) {
      const other = await faults.holdTransaction(statement, values);
      const pending = checkout(shop, [{ id: candle.id, quantity }]);
      // The checkout read the candle before the other's change, and has inserted its order when it waits to take the stock.
      await faults.blockedBackend(/^update "variants"/);
      await other.commit();
      return pending;
    }

    const checkoutWhileTaken = (taken: number, quantity: number) =>
      checkoutWhile("update variants set stock = stock - $1 where id = $2", [taken, candle.id], quantity);

    const checkoutHits = async () =>
      (await shop.db.selectFrom("rate_limits").select("hits").where("key", "like", "checkout:%").execute()).map(
        (row) => row.hits,
      );

    it("tells the shopper what is left, and keeps nothing of the order it had begun", async () => {
      const answer = await checkoutWhileTaken(2, 2);

      expect(answer.status).toBe(409);
      expect(answer.body.error?.code).toBe("insufficient_stock");
      expect(answer.body.adjustments).toEqual([{ id: candle.id, available: 1 }]);
      expect(await stockOf(shop.db, candle.id)).toBe(1);
      expect(await ordersContaining(shop.db, candle.id)).toEqual([]);
      // The first try's hit rolled back with its order; the refusal's counts.
      expect(await checkoutHits()).toEqual([1]);
    });

    it("places the order when what is left still covers it", async () => {
      const answer = await checkoutWhileTaken(1, 2);

      expect(answer.status).toBe(201);
      expect(await stockOf(shop.db, candle.id)).toBe(0);
      const orders = await ordersContaining(shop.db, candle.id);
      expect(orders.map((order) => order.number)).toEqual([answer.body.order!.number]);
      expect(orders[0]!.items.map(({ product_id, quantity }) => ({ product_id, quantity }))).toEqual([
        { product_id: candle.id, quantity: 2 },
      ]);
    });

    it("charges the owner's new price when she saved it before the stock was taken", async () => {
      const answer = await checkoutWhile("update variants set price_cents = 1500 where id = $1", [candle.id], 2);

      expect(answer.status).toBe(201);
      expect(answer.body.order!.amountCents).toBe(3000);
      const order = await orderByNumber(shop.db, answer.body.order!.number);
      expect(order.amount_cents).toBe(3000);
      expect(order.items.map(({ price_cents, quantity }) => ({ price_cents, quantity }))).toEqual([
        { price_cents: 1500, quantity: 2 },
      ]);
      expect(await stockOf(shop.db, candle.id)).toBe(1);
      expect(await ordersContaining(shop.db, candle.id)).toHaveLength(1);
    });

    const save = (cents: number) =>
      faults.holdTransaction("update variants set price_cents = $1 where id = $2", [cents, candle.id]);

    /** Commits `saved` while the checkout waits behind it, with `next` waiting next in line; the next save, once it holds the row. */
    async function commitBeforeNext(saved: Awaited<ReturnType<typeof save>>, cents: number) {
      const next = save(cents);
      await faults.blockedHolder(/^update variants/);
      await saved.commit();
      return next;
    }

    /**
     * Sends a checkout of the candle while the owner saves it during each of its first two runs, so it loses both;
     * the owner's third save (1500 cents), held while the checkout's last run waits for it as it reads the candle.
     */
    async function toLastRun<Answer>(send: () => Promise<Answer>) {
      const first = await save(1300);
      const pending = send();
      await faults.blockedBackend(/^update "variants"/, first);
      const second = await commitBeforeNext(first, 1400);
      // The first run lost to the first save; the second read past the second, uncommitted, save.
      await faults.blockedBackend(/^update "variants"/, second);
      // The last run starts with its rate limit's hit: held there until the third save holds the candle, it cannot
      // lock the candle first, as it could while the third save, woken by the second's commit, is not yet running.
      const holdingHits = faults.holdLock("rate_limits", "exclusive");
      await faults.blockedHolder(/^lock table/);
      const third = await commitBeforeNext(second, 1500);
      const hitsLock = await holdingHits;
      await faults.blockedBackend(/^insert into "rate_limits"/, hitsLock);
      await hitsLock.commit();
      // The last run waits for the third save at its read: it cannot lose to it, as it locks the candle there.
      await faults.blockedBackend(/ for update of "v"$/, third);
      return { pending, third };
    }

    /** One order of one candle, at the price of the owner's third save, and the one checkout counted. */
    async function expectPlacedAtLastSave(answer: Awaited<ReturnType<typeof checkout>>) {
      expect(answer.status).toBe(201);
      expect(answer.body.order!.amountCents).toBe(1500);
      expect(await stockOf(shop.db, candle.id)).toBe(candle.stock - 1);
      expect(await ordersContaining(shop.db, candle.id)).toHaveLength(1);
      expect(await checkoutHits()).toEqual([1]);
    }

    it("places the order on its last run when the owner saves the candle again during every run before it", async () => {
      const { pending, third } = await toLastRun(() => checkout(shop, [{ id: candle.id, quantity: 1 }]));
      await third.commit();
      await expectPlacedAtLastSave(await pending);
    });

    it("places the order when PostgreSQL ends its last run, and the run after it, to break a deadlock", async () => {
      const { pending, third } = await toLastRun(() => checkout(shop, [{ id: candle.id, quantity: 1 }]));
      // Two transactions that each hold the order items and will want the candle, as another checkout can: neither
      // checks for a deadlock before the shop's run does (deadlock_timeout), so PostgreSQL ends the run both times.
      const holdItems = async () => {
        const holder = await faults.holdLock("order_items", "share");
        await holder.query("set local deadlock_timeout = '1min'");
        return holder;
      };
      const [firstItems, secondItems] = [await holdItems(), await holdItems()];
      /**
       * Lets the run, which holds the candle and waits to insert its order behind `orders`, go on once `items` waits
       * for the candle: the run then waits for the items with the deadlock already there, and its own check, which
       * PostgreSQL makes once, deadlock_timeout after the run begins to wait, finds it however slow the machine.
       */
      const crossAt = async (orders: Awaited<ReturnType<typeof faults.holdLock>>, items: typeof firstItems) => {
        await faults.blockedBackend(/^insert into "orders"/, orders);
        const wanted = items.query("select 1 from variants where id = $1 for update", [candle.id]);
        await faults.blockedHolder(/^select 1 from variants/);
        await orders.release();
        // The run inserts its order and waits for the items: PostgreSQL ends it, and the holder has the candle.
        await wanted;
      };
      const firstOrders = await faults.holdLock("orders", "share");
      await third.commit();
      // PostgreSQL ends the last run; the first holder has the candle, and the run after it waits for it at its read.
      await crossAt(firstOrders, firstItems);
      await faults.blockedBackend(/ for update of "v"$/, firstItems);
      // It gets the candle once the first commits, and meets the second the same way.
      const secondOrders = await faults.holdLock("orders", "share");
      await firstItems.commit();
      await crossAt(secondOrders, secondItems);
      await faults.blockedBackend(/ for update of "v"$/, secondItems);
      await secondItems.commit();
      await expectPlacedAtLastSave(await pending);
    });

    it("answers a cart sent from two addresses with one order when the one's last run and the other's first run cross", async () => {
      const body = checkoutBody([{ id: candle.id, quantity: 1 }]);
      const sendFrom = (address: string) =>
        request<CheckoutAnswer>(`${shop.url}/api/checkout`, { body, headers: { "X-Forwarded-For": address } });
      const { pending: onLastRun, third } = await toLastRun(() => sendFrom("203.0.113.1"));
      // The same cart again, as from a phone that changed networks: its first run inserts the key's order and waits for the candle.
      const again = sendFrom("198.51.100.7");
      await faults.blockedBackend(/^update "variants"/);
      // Order items wait behind this lock, so whichever request places the order commits only once the other waits for its key.
      const holdingItems = faults.holdLock("order_items", "share");
      await faults.blockedHolder(/^lock table/);
      // The last run gets the candle and waits for the key, the other holds the key and waits for the candle: PostgreSQL ends one.
      await third.commit();
      const answers = Promise.all([onLastRun, again]);
      /** Waits for `step`, unless a request answers first (an error, such as a 500, included): neither may before the order is placed. */
      const beforeAnswers = <Step>(step: Promise<Step>) =>
        Promise.race([
          step,
          answers.then(() => Promise.reject(new Error("a checkout answered before the order was placed"))),
        ]);
      const itemsLock = await beforeAnswers(holdingItems);
      // The one placing the order waits to insert its items; the one PostgreSQL ended runs again and waits for the key.
      await beforeAnswers(faults.blockedBackend(/^insert into "order_items"/));
      await beforeAnswers(faults.blockedBackend(/^insert into "orders"/));
      await itemsLock.commit();

      const [first, second] = await answers;
      expect([first.status, second.status].sort()).toEqual([200, 201]);
      expect(second.body.order!.number).toBe(first.body.order!.number);
      expect(first.body.order!.amountCents).toBe(1500);
      expect(await ordersContaining(shop.db, candle.id)).toHaveLength(1);
      expect(await stockOf(shop.db, candle.id)).toBe(candle.stock - 1);
      // Each address counts the one checkout it sent, whichever run of it was ended.
      expect(await checkoutHits()).toEqual([1, 1]);
    });
  },
);
