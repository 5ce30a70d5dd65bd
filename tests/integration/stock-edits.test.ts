import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { cards, openShop, pay, placePendingOrder, type Shop } from "../helpers/shop-api";
import { accountedStock, adjustedStock, stockById } from "../helpers/shop-db";
import {
  batch,
  figLeaf,
  ids,
  linesOf,
  type Op,
  operationSender,
  type Outcome,
  perProduct,
  type Placed,
  seaGlass,
  sortedRows,
  stated,
  stockPage,
  UNAVAILABLE,
  withoutZeros,
} from "../helpers/stock-edit-operations";
import { testEngine } from "../helpers/test-database";

/**
 * The owner's stock edits (DESIGN.md, "The owner's back office") against
 * everything else that moves stock at the same moment: shoppers checking out
 * and paying, unpaid orders expiring, the owner's own refunds. Each run is a
 * batch of these sent at once to two server processes on one database (the
 * owner's requests and the shoppers' reach either, as behind a load
 * balancer); after each batch the stock must be exactly what the operations
 * that succeeded imply. The operations and how each is sent are in
 * tests/helpers/stock-edit-operations.ts.
 */
const RUNS = 25;

describe(`the owner's stock edits amid checkouts, expiries and refunds on two server processes, on ${testEngine}`, () => {
  let shop: Shop;
  let other: ServerProcess;
  /** The owner's browser, on each server process. */
  let owner: BrowserSession[];
  /** Unpaid orders of earlier batches, which a later batch may let expire. */
  const unpaid: Placed[] = [];
  /** Paid orders of earlier batches, which a later batch may refund. */
  let paid: Placed[] = [];
  let perform: ReturnType<typeof operationSender>;

  beforeAll(async () => {
    shop = await openShop({ Wax: [figLeaf, seaGlass] });
    other = await startServerProcess(shop.database.env);
    const signedIn = await signedInOwner(shop);
    owner = [signedIn, signedIn.clone(other.url)];
    perform = operationSender({ shop, other, owner });
    // The first batches have orders to expire and to refund too.
    for (const lines of [
      [{ id: figLeaf.id, quantity: 1 }],
      [
        { id: figLeaf.id, quantity: 1 },
        { id: seaGlass.id, quantity: 1 },
      ],
    ]) {
      unpaid.push({ number: (await placePendingOrder(shop, lines)).number, lines });
      const order = await placePendingOrder(shop, lines);
      expect((await pay(shop, order, cards.success)).status).toBe(200);
      paid.push({ number: order.number, lines });
    }
  });
  afterAll(async () => {
    await other?.stop();
    await shop?.close();
  });

  const statusOf = async (numbers: string[]) =>
    Object.fromEntries(
      (
        await shop.db
          .selectFrom("orders")
          .select(["number", "status"])
          .where("number", "in", ["", ...numbers])
          .execute()
      ).map((row) => [row.number, row.status]),
    );

  /** Units that orders hold now and could give back (by expiring or by a refund). */
  async function heldUnits(): Promise<Record<number, number>> {
    const stock = await stockById(shop.db);
    const accounted = await accountedStock(shop.db);
    return Object.fromEntries(ids.map((id) => [id, accounted[id]! - stock[id]!]));
  }

  /** Sends the batch at once and checks everything its answers imply. */
  async function runBatch(ops: Op[]) {
    const stockBefore = await stockById(shop.db);
    const held = await heldUnits();
    const lastAdjustment =
      (
        await shop.db
          .selectFrom("stock_adjustments")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirstOrThrow()
      ).id ?? 0;

    // The unpaid orders that run out of time in this batch, and the paid ones the owner refunds.
    const due: Placed[] = [];
    for (const operation of ops)
      if (operation.kind === "expire" && unpaid.length > 0)
        due.push(...unpaid.splice(operation.pick % unpaid.length, 1));
    if (due.length > 0)
      await shop.db
        .updateTable("orders")
        .set({ expires_at: Date.now() - 1 })
        .where(
          "number",
          "in",
          due.map((order) => order.number),
        )
        .execute();
    const refunds = new Map<Op, Placed | undefined>();
    for (const operation of ops)
      if (operation.kind === "refund") refunds.set(operation, paid[operation.pick % paid.length]);
    // A count the stock cannot reach in this batch: above where it starts or is set to, plus every unit that may come in.
    const staleExpected = Object.fromEntries(
      ids.map((id) => {
        const setTo = ops.flatMap((operation) =>
          (operation.kind === "set" || operation.kind === "stale-set") && operation.product === id
            ? [operation.stock]
            : [],
        );
        const added = ops.reduce(
          (sum, operation) =>
            sum + (operation.kind === "add" && operation.product === id && operation.delta > 0 ? operation.delta : 0),
          0,
        );
        return [id, Math.max(stockBefore[id]!, ...setTo) + added + held[id]! + 1];
      }),
    );

    const outcomes = (await Promise.all(ops.map((operation) => perform(operation, { staleExpected, refunds })))).flat();
    const of = <K extends Outcome["kind"]>(kind: K) =>
      outcomes.filter((outcome): outcome is Extract<Outcome, { kind: K }> => outcome.kind === kind);

    // The owner is told "Stock is now N." or why nothing changed; never an error, never a count below zero.
    for (const edit of of("add")) {
      expect(edit.status === 200 || (edit.status === 409 && edit.delta < 0), JSON.stringify(edit)).toBe(true);
      expect(edit.stock).toBeGreaterThanOrEqual(edit.status === 200 ? Math.max(0, edit.delta) : 0);
    }
    for (const edit of of("set")) {
      expect([200, 409], JSON.stringify(edit)).toContain(edit.status);
      if (edit.status === 200) expect(edit.shown).toBe(edit.stock);
      expect(edit.shown).toBeGreaterThanOrEqual(0);
    }
    const stale = of("set").filter((edit) => edit.expected >= staleExpected[edit.product]!);
    expect(
      stale.map((edit) => edit.status),
      "a Set from a page showing a count the stock no longer has",
    ).toEqual(stale.map(() => 409));

    // A checkout told "try again" placed nothing.
    const untold = of("checkout").filter((sale) => sale.status === UNAVAILABLE);
    if (untold.length > 0) {
      expect(
        await shop.db
          .selectFrom("orders")
          .select("number")
          .where(
            "idempotency_key",
            "in",
            untold.map((sale) => sale.idempotencyKey),
          )
          .execute(),
      ).toEqual([]);
    }
    // The orders that ran out of time are expired, by the job run here or by a server's own.
    expect(await statusOf(due.map((order) => order.number))).toEqual(
      Object.fromEntries(due.map((order) => [order.number, "expired"])),
    );
    for (const run of of("expire"))
      for (const number of run.expired) expect(due.map((order) => order.number)).toContain(number);
    // Each order the owner refunded was refunded by exactly one click; one she was told to try again on is still paid.
    const refunded = of("refund").filter((refund) => refund.refunded);
    const refundStatus = await statusOf(of("refund").map((refund) => refund.order.number));
    expect(refunded.map((refund) => refund.order.number).sort()).toEqual(
      Object.keys(refundStatus)
        .filter((number) => refundStatus[number] === "refunded")
        .sort(),
    );
    expect(new Set(refunded.map((refund) => refund.order.number)).size).toBe(refunded.length);

    // No edit is lost: one adjustment for each edit that changed the stock, one for each refunded line put back, nothing else.
    const changedAdds = of("add").filter((edit) => edit.status === 200);
    const changedSets = of("set").filter((edit) => edit.status === 200);
    const restocked = refunded.filter((refund) => refund.restock);
    const adjustments = await shop.db
      .selectFrom("stock_adjustments")
      .select(["product_id", "delta", "reason"])
      .where("id", ">", lastAdjustment)
      .execute();
    expect(sortedRows(adjustments)).toEqual(
      sortedRows([
        ...changedAdds.map((edit) => ({ product_id: edit.product, delta: edit.delta, reason: edit.reason })),
        ...changedSets
          .filter((edit) => edit.stock !== edit.expected)
          .map((edit) => ({ product_id: edit.product, delta: edit.stock - edit.expected, reason: "counted" })),
        ...restocked.flatMap((refund) =>
          refund.order.lines.map((line) => ({
            product_id: line.id,
            delta: line.quantity,
            reason: `refund of ${refund.order.number}`,
          })),
        ),
      ]),
    );

    // The stock is exactly what the operations that succeeded imply, and never below zero.
    const sold = of("checkout").flatMap((sale) => (sale.order ? [sale.order] : []));
    const change = [
      perProduct(changedAdds, (edit) => [[edit.product, edit.delta]]),
      perProduct(changedSets, (edit) => [[edit.product, edit.stock - edit.expected]]),
      perProduct(sold, (order) => linesOf(order, -1)),
      perProduct(due, (order) => linesOf(order)),
      perProduct(restocked, (refund) => linesOf(refund.order)),
    ];
    const stockAfter = await stockById(shop.db);
    expect(stockAfter).toEqual(
      Object.fromEntries(ids.map((id) => [id, stockBefore[id]! + change.reduce((sum, part) => sum + part[id]!, 0)])),
    );
    for (const id of ids) expect(stockAfter[id]).toBeGreaterThanOrEqual(0);
    // DESIGN.md's invariant: stock + units held by orders = the sum of the adjustments.
    expect(withoutZeros(await accountedStock(shop.db))).toEqual(withoutZeros(await adjustedStock(shop.db)));
    // The owner's page and the shop (on both processes) show that stock.
    for (const tab of owner)
      for (const id of ids)
        expect(stated((await tab.get(stockPage(id))).html, /<strong>(\d+)<\/strong> in stock/)).toBe(stockAfter[id]);
    for (const server of [shop, other]) {
      const shown = (await (await fetch(`${server.url}/api/products?ids=${ids.join(",")}`)).json()) as {
        items: { id: number; stock: number }[];
      };
      expect(Object.fromEntries(shown.items.map((item) => [item.id, item.stock]))).toEqual(stockAfter);
    }

    // Later batches expire this batch's unpaid orders and refund its paid ones (a payment told "try again" left its order unpaid).
    const placedStatus = await statusOf(sold.map((order) => order.number));
    paid = paid.filter((order) => refundStatus[order.number] !== "refunded");
    for (const order of sold) (placedStatus[order.number] === "paid" ? paid : unpaid).push(order);
    return outcomes;
  }

  it(
    "never loses an owner's edit: the stock ends where the edits, sales, expiries and refunds that succeeded put it, a stale Set never applies, and stock plus held units equal the adjustments",
    { timeout: 120_000 },
    async () => {
      const seen = new Map<string, number>();
      const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
      await fc.assert(
        fc.asyncProperty(batch, async (ops) => {
          for (const outcome of await runBatch(ops))
            count(outcome.kind === "expire" ? "expire" : `${outcome.kind} ${outcome.status}`);
        }),
        {
          numRuns: RUNS,
          // The shop carries over from batch to batch: a failing batch is reported as found, not shrunk against a changed shop.
          endOnFailure: true,
          examples: [
            // The owner counts the shelf while shoppers buy the last ones, an order runs out of time and one is refunded.
            [
              [
                { kind: "set", product: seaGlass.id, stock: 8, via: 0 },
                { kind: "checkout", lines: [{ id: seaGlass.id, quantity: 2 }], pay: true, shoppers: 2 },
                { kind: "add", product: seaGlass.id, delta: -3, via: 1 },
                { kind: "stale-set", product: seaGlass.id, stock: 0, over: 0, via: 0 },
                { kind: "refund", pick: 0, restock: true, via: 1 },
                { kind: "expire", pick: 0 },
              ],
            ],
          ],
        },
      );
      // The batches reached what the property is about.
      for (const what of ["add 200", "set 200", "set 409", "checkout 201", "refund 200", "expire"])
        expect(seen.get(what), what).toBeGreaterThan(0);
    },
  );
});
