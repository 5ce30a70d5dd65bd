import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import { isSqlite } from "~/.server/db/engine";
import * as redemptionsOnceIndex from "~/.server/db/migrations/029-redemptions-once-index";
import { insertOrders, orderRow } from "../helpers/order-rows";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

/** The definition of the index named for the one-per-customer uniqueness, or "none". */
async function onceIndex(db: Db) {
  if (isSqlite(db)) {
    const { rows } = await sql<{ sql: string | null }>`select sql from sqlite_master
      where tbl_name = 'discount_redemptions' and type = 'index' and name = 'discount_redemptions_once_per_customer'`.execute(
      db,
    );
    return rows[0]?.sql ?? "none";
  }
  const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
    where tablename = 'discount_redemptions' and indexname = 'discount_redemptions_once_per_customer'
      and schemaname = current_schema()`.execute(db);
  return rows[0]?.indexdef ?? "none";
}

describe(`migration 029 (the one-per-customer index holds only redemptions with an email) on ${testEngine}`, () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it("keeps every redemption down and up, and one per email either way, while nulls stay any number", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const { id: discountId } = await db
      .insertInto("discounts")
      .values({ code: "WELCOME10", kind: "percent", value: 10, once_per_customer: 1, active: 1, created_at: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const orders = await insertOrders(
      db,
      Array.from({ length: 5 }, () => orderRow()),
    );
    await db
      .insertInto("discount_redemptions")
      .values([
        { order_id: orders[0]!, discount_id: discountId, email_key: "ada@example.com" },
        { order_id: orders[1]!, discount_id: discountId, email_key: null },
        { order_id: orders[2]!, discount_id: discountId, email_key: null },
      ])
      .execute();
    const redemptions = () =>
      db.selectFrom("discount_redemptions").select(["order_id", "email_key"]).orderBy("order_id").execute();
    const before = await redemptions();
    const secondUse = (orderId: number) =>
      db
        .insertInto("discount_redemptions")
        .values({ order_id: orderId, discount_id: discountId, email_key: "ada@example.com" })
        .execute();
    expect(await onceIndex(db)).toMatch(/where \(?"?email_key"? is not null\)?/i);

    await redemptionsOnceIndex.down(db as unknown as Kysely<unknown>);
    // 025's constraint: SQLite's automatic index (no SQL), or PostgreSQL's index of the constraint over every row.
    expect(await onceIndex(db)).not.toMatch(/is not null/i);
    expect(await redemptions()).toEqual(before);
    await expect(secondUse(orders[3]!)).rejects.toThrow();

    await redemptionsOnceIndex.up(db as unknown as Kysely<unknown>);
    expect(await onceIndex(db)).toMatch(/where \(?"?email_key"? is not null\)?/i);
    expect(await redemptions()).toEqual(before);
    await expect(secondUse(orders[3]!)).rejects.toThrow();
    await db
      .insertInto("discount_redemptions")
      .values([
        { order_id: orders[3]!, discount_id: discountId, email_key: null },
        { order_id: orders[4]!, discount_id: discountId, email_key: "bo@example.com" },
      ])
      .execute();
    expect(await redemptions()).toHaveLength(5);
  });
});
