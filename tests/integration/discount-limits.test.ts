import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import type { BrowserSession } from "../helpers/browser-session";
import { discountShopper, openDiscountShop } from "../helpers/discount-checkout";
import { signedInOwner } from "../helpers/owner";
import { addDiscountCode, counterOf, usesOf } from "../helpers/pricing-setup";
import { PostgresFaults } from "../helpers/postgres-faults";
import type { Shop } from "../helpers/shop-api";
import { orderByNumber } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";
import { visibleText } from "../helpers/visible-text";

const DAY_MS = 24 * 60 * 60_000;

/**
 * A code's Total uses: counted by the orders holding it while it has none,
 * and set by the owner while checkouts redeem it, with no use slipping past
 * the count on either engine.
 */
describe(`a discount code's uses and the owner's limit, on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openDiscountShop();
  });
  afterAll(() => shop?.close());
  const { buyWith, otherProcess } = discountShopper(() => shop);
  const addCode = (fields: Parameters<typeof addDiscountCode>[1]) => addDiscountCode(shop.db, fields);
  const uses = (code: string) => usesOf(shop.db, code);

  let owner: BrowserSession | undefined;
  /** The owner, signed in once. */
  const asOwner = async () => (owner ??= await signedInOwner(shop));
  /** The owner's list of codes, as she reads it. */
  const ownerList = async () => visibleText((await (await asOwner()).get("/admin/discounts")).html);
  /** The owner's edit of a 15 % off code with no other condition, setting its Total uses. */
  const setTotalUses = async (id: number, code: string, totalUses: string) =>
    (await asOwner()).postForm("/admin/discounts", {
      ...{ intent: "save", id: String(id), code, kind: "percent", value: "15", active: "on" },
      ...{ minimum: "", starts: "", ends: "", totalUses },
    });
  const placedWith = async (code: string, count: number) => {
    for (let i = 0; i < count; i++) expect((await buyWith(code, { expectedTotalCents: 3400 })).status).toBe(201);
  };

  it("counts a code without a limit by the orders holding it, and its checkouts leave its row alone", async () => {
    await addCode({ code: "NOLIMIT" });
    await placedWith("NOLIMIT", 3);
    expect(await ownerList()).toContain("NOLIMIT · 15 % off 3 uses");
    expect(await counterOf(shop.db, "NOLIMIT")).toBe(0);

    const [first] = await shop.db.selectFrom("orders").select("id").where("discount_code", "=", "NOLIMIT").execute();
    await shop.db
      .updateTable("orders")
      .set({ expires_at: Date.now() - 1 })
      .where("id", "=", first!.id)
      .execute();
    const expired = await expireUnpaidOrders(shop.db, Date.now());
    expect(expired.map((order) => order.id)).toEqual([first!.id]);
    expect(await ownerList()).toContain("NOLIMIT · 15 % off 2 uses");
    expect(await counterOf(shop.db, "NOLIMIT")).toBe(0);
  });

  it("sets a limit on a code without one from the orders holding it, and twenty parallel checkouts then take what is left", async () => {
    const id = await addCode({ code: "LATELIMIT" });
    await placedWith("LATELIMIT", 3);
    const lower = await setTotalUses(id, "LATELIMIT", "2");
    expect(lower.status).toBe(409);
    expect(visibleText(lower.html)).toContain("It has been used 3 times already: the limit can't be lower.");
    expect(await shop.db.selectFrom("discounts").select("max_uses").where("id", "=", id).executeTakeFirst()).toEqual({
      max_uses: null,
    });

    expect((await setTotalUses(id, "LATELIMIT", "5")).status).toBe(200);
    expect(await ownerList()).toContain("LATELIMIT · 15 % off 3 of 5 uses");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buyWith("LATELIMIT", { expectedTotalCents: 3400 })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, ...Array<number>(18).fill(409)]);
    for (const answer of answers.filter((one) => one.status === 409))
      expect(answer.body.error?.code).toBe("discount_used_up");
    expect([await uses("LATELIMIT"), await counterOf(shop.db, "LATELIMIT")]).toEqual([5, 5]);
    expect(await ownerList()).toContain("LATELIMIT · 15 % off 5 of 5 uses");
  });

  it("refuses a limited code deactivated after a pending order's checkout looked it up as invalid, not used up", async () => {
    await addCode({ code: "PULLEDAGAIN", max_uses: 10 });
    const key = "disc-pulled-key-0001";
    const placed = await buyWith(undefined, { expectedTotalCents: 4000 }, key);
    expect(placed.status).toBe(201);
    // The owner's deactivation, landing between the checkout's lookup (it found the code active) and its use.
    const trigger = await deactivateOnOrderUpdate("PULLEDAGAIN", key);
    try {
      const refused = await buyWith("PULLEDAGAIN", { expectedTotalCents: 3400 }, key);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: "discount_invalid", message: "That code isn't valid." });
      expect(refused.body.quote).toMatchObject({ discountCents: 0, totalCents: 4000 });
    } finally {
      await trigger.drop();
    }
    expect(await orderByNumber(shop.db, placed.body.order!.number)).toMatchObject({
      discount_code: null,
      amount_cents: 4000,
    });
    expect([await uses("PULLEDAGAIN"), await counterOf(shop.db, "PULLEDAGAIN")]).toEqual([0, 0]);
  });

  /** A trigger deactivating `code` as the order of `key` is updated, in the updating transaction. */
  async function deactivateOnOrderUpdate(code: string, key: string) {
    const deactivate = `update discounts set active = 0 where code = '${code}'`;
    const when = `new.idempotency_key = '${key}'`;
    const run = (statement: string) => sql.raw(statement).execute(shop.db);
    if (testEngine === "sqlite") {
      await run(`create trigger deactivate_code after update on orders when ${when} begin ${deactivate}; end`);
      return { drop: () => run("drop trigger deactivate_code") };
    }
    await run(`create function deactivate_code() returns trigger language plpgsql
      as $$ begin ${deactivate}; return null; end $$`);
    await run(`create trigger deactivate_code after update on orders for each row when (${when})
      execute function deactivate_code()`);
    return {
      drop: async () => {
        await run("drop trigger deactivate_code on orders");
        await run("drop function deactivate_code()");
      },
    };
  }

  describe.runIf(testEngine === "postgres")("with PostgreSQL locking rows", () => {
    let faults: PostgresFaults;
    beforeAll(async () => {
      faults = await PostgresFaults.open(shop.database);
    });
    afterAll(() => faults?.close());

    it("expires an order with a code while a checkout with the same code takes the same candle, without a deadlock", async () => {
      // A code with a limit: its checkouts hold its row from the use to the commit, as its expiries do.
      await addCode({ code: "LOCKSTEP", max_uses: 100 });
      const expiring = await buyWith("LOCKSTEP", { expectedTotalCents: 3400 });
      expect(expiring.status).toBe(201);
      // The checkout takes the code's use, then waits before the candle's stock: it holds the code's row.
      const items = await faults.holdLock("order_items", "exclusive");
      const placing = buyWith("LOCKSTEP", { expectedTotalCents: 3400 });
      const checkoutPid = await faults.blockedBackend(/^insert into "order_items"/, items);
      const other = otherProcess();
      try {
        const expiry = expireUnpaidOrders(other.db, Date.now() + DAY_MS);
        await faults.blockedBackend(/ for no key update$/, { pid: checkoutPid });
        // The checkout goes on to the candle, as the expiry waits for the code.
        await items.release();
        const [placed, expired] = await Promise.all([placing, expiry]);
        expect(placed.status).toBe(201);
        expect(placed.body.order).toMatchObject({ discountCents: 600 });
        expect(expired.map((order) => order.number)).toContain(expiring.body.order!.number);
      } finally {
        await other.db.destroy();
      }
      expect(await orderByNumber(shop.db, expiring.body.order!.number)).toMatchObject({ status: "expired" });
      expect(await uses("LOCKSTEP")).toBe(1);
    });

    it("refuses a limited code the owner deactivated after the checkout looked it up as invalid, not used up", async () => {
      await addCode({ code: "PULLED", max_uses: 10 });
      // The checkout has found the code active, and waits to take its use.
      const discounts = await faults.holdLock("discounts", "exclusive");
      const placing = buyWith("PULLED", { expectedTotalCents: 3400 });
      await faults.blockedBackend(/^update "discounts" set "uses"/, discounts);
      await discounts.query("update discounts set active = 0 where code = 'PULLED'");
      await discounts.commit();
      const refused = await placing;
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: "discount_invalid", message: "That code isn't valid." });
      expect(refused.body.quote).toMatchObject({ discountCents: 0, totalCents: 4000 });
      expect([await uses("PULLED"), await counterOf(shop.db, "PULLED")]).toEqual([0, 0]);
    });

    it("holds a checkout's redemption while the owner sets a limit, and then counts its use against it", async () => {
      const id = await addCode({ code: "OWNERFIRST" });
      await placedWith("OWNERFIRST", 2);
      await asOwner();
      // The owner's save has counted 2 uses and set Total uses 2, and waits to log it: it holds the redemptions.
      const activity = await faults.holdLock("activity", "exclusive");
      const saving = setTotalUses(id, "OWNERFIRST", "2");
      const ownerPid = await faults.blockedBackend(/^insert into "activity"/, activity);
      const placing = buyWith("OWNERFIRST", { expectedTotalCents: 3400 });
      // The checkout's order and its redemption are one statement (orderInsertedRedeeming), waiting for the owner's save.
      await faults.blockedBackend(/^with "created" as \(insert into "orders"/, { pid: ownerPid });
      await activity.release();
      expect((await saving).status).toBe(200);
      const placed = await placing;
      expect(placed.status).toBe(409);
      expect(placed.body.error?.code).toBe("discount_used_up");
      expect(placed.body.quote).toMatchObject({ discountCents: 0, totalCents: 4000 });
      expect([await uses("OWNERFIRST"), await counterOf(shop.db, "OWNERFIRST")]).toEqual([2, 2]);
    });

    it("has an expiry wait for the owner setting a limit, and give its use back against her limit", async () => {
      const id = await addCode({ code: "EXPIRESAFTER" });
      const placed = await buyWith("EXPIRESAFTER", { expectedTotalCents: 3400 });
      await placedWith("EXPIRESAFTER", 1);
      await asOwner();
      // The owner's save has counted 2 uses and set Total uses 3, and waits to log it: it holds the code's row.
      const activity = await faults.holdLock("activity", "exclusive");
      const saving = setTotalUses(id, "EXPIRESAFTER", "3");
      const ownerPid = await faults.blockedBackend(/^insert into "activity"/, activity);
      await shop.db
        .updateTable("orders")
        .set({ expires_at: Date.now() - 1 })
        .where("number", "=", placed.body.order!.number)
        .execute();
      const other = otherProcess();
      try {
        // The expiry locks the code's row before it gives the redemption back, as the owner took it.
        const expiry = expireUnpaidOrders(other.db, Date.now());
        await faults.blockedBackend(/ for no key update$/, { pid: ownerPid });
        await activity.release();
        expect((await saving).status).toBe(200);
        expect((await expiry).map((order) => order.number)).toEqual([placed.body.order!.number]);
      } finally {
        await other.db.destroy();
      }
      expect([await uses("EXPIRESAFTER"), await counterOf(shop.db, "EXPIRESAFTER")]).toEqual([1, 1]);
      expect(await ownerList()).toContain("EXPIRESAFTER · 15 % off 1 of 3 uses");
    });

    it("has the owner setting a limit wait for a checkout's redemption, and count it", async () => {
      const id = await addCode({ code: "CHECKOUTFIRST" });
      await placedWith("CHECKOUTFIRST", 2);
      await asOwner();
      // The checkout has redeemed the code and waits before its items.
      const items = await faults.holdLock("order_items", "exclusive");
      const placing = buyWith("CHECKOUTFIRST", { expectedTotalCents: 3400 });
      const checkoutPid = await faults.blockedBackend(/^insert into "order_items"/, items);
      const saving = setTotalUses(id, "CHECKOUTFIRST", "3");
      await faults.blockedBackend(/^lock table "discount_redemptions" in share mode$/, { pid: checkoutPid });
      await items.release();
      expect((await placing).status).toBe(201);
      expect((await saving).status).toBe(200);
      expect([await uses("CHECKOUTFIRST"), await counterOf(shop.db, "CHECKOUTFIRST")]).toEqual([3, 3]);
      expect((await buyWith("CHECKOUTFIRST", { expectedTotalCents: 3400 })).body.error?.code).toBe("discount_used_up");
    });
  });
});
