import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import * as discountCodes from "~/.server/db/migrations/025-discount-codes";
import { insertOrders, orderRow } from "../helpers/order-rows";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

const code = (fields: Record<string, unknown> = {}) => ({
  code: "HOLIDAY15",
  kind: "percent" as const,
  value: 15,
  once_per_customer: 0,
  active: 1,
  created_at: Date.now(),
  ...fields,
});

describe(`migration 025 (discount codes) on ${testEngine}`, () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it("keeps codes unique in any letter case, within their uses, and each customer's use once", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const [id] = await db
      .insertInto("discounts")
      .values(code({ max_uses: 1 }))
      .returning("id")
      .execute();
    // A code is kept in capitals, so "holiday15" can neither be stored nor be a second HOLIDAY15.
    await expect(
      db
        .insertInto("discounts")
        .values(code({ code: "holiday15" }))
        .execute(),
    ).rejects.toThrow();
    await expect(db.insertInto("discounts").values(code()).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto("discounts")
        .values(code({ code: "BIG", value: 101 }))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("discounts")
        .values(code({ code: "SHIP", kind: "free_shipping", value: 5 }))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("discounts")
        .values(code({ code: "BACK", starts_on: "2026-12-02", ends_on: "2026-12-01" }))
        .execute(),
    ).rejects.toThrow();

    const discountId = id!.id;
    await db.updateTable("discounts").set({ uses: 1 }).where("id", "=", discountId).execute();
    await expect(db.updateTable("discounts").set({ uses: 2 }).where("id", "=", discountId).execute()).rejects.toThrow();

    const orders = await insertOrders(db, [orderRow(), orderRow(), orderRow()]);
    await db
      .insertInto("discount_redemptions")
      .values({ order_id: orders[0]!, discount_id: discountId, email_key: "ada@example.com" })
      .execute();
    await expect(
      db
        .insertInto("discount_redemptions")
        .values({ order_id: orders[1]!, discount_id: discountId, email_key: "ada@example.com" })
        .execute(),
    ).rejects.toThrow();
    // Not lower-cased: refused, so "Ada@Example.com" cannot slip past the unique pair.
    await expect(
      db
        .insertInto("discount_redemptions")
        .values({ order_id: orders[1]!, discount_id: discountId, email_key: "Ada@example.com" })
        .execute(),
    ).rejects.toThrow();
    // Codes that are not one per customer record no email: any number of them.
    await db
      .insertInto("discount_redemptions")
      .values([
        { order_id: orders[1]!, discount_id: discountId, email_key: null },
        { order_id: orders[2]!, discount_id: discountId, email_key: null },
      ])
      .execute();
    expect(await db.selectFrom("discount_redemptions").select("order_id").orderBy("order_id").execute()).toEqual(
      orders.map((order_id) => ({ order_id })),
    );
  });

  it("takes the tables and the order's code columns off with down, and puts them back with up", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const [orderId] = await insertOrders(db, [orderRow()]);
    await discountCodes.down(db as unknown as Kysely<unknown>);
    await expect(db.selectFrom("discounts").selectAll().execute()).rejects.toThrow();
    await expect(db.selectFrom("orders").select("discount_code").execute()).rejects.toThrow();
    await discountCodes.up(db as unknown as Kysely<unknown>);
    await migrateToLatest(db);
    expect(await db.selectFrom("orders").select(["id", "discount_code", "discount_kind"]).execute()).toEqual([
      { id: orderId, discount_code: null, discount_kind: null },
    ]);
  });
});
