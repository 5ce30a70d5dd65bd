import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import { insertOrders, orderRow } from "../helpers/order-rows";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

describe(`migration 030 (orders keep a known state as its code) on ${testEngine}`, () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it("rewrites every spelling of a state the shop knows to its code, and leaves any other text as typed", async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    await migrateToLatest(db, "029-redemptions-once-index");
    const typed = ["texas", "Tx", " TX ", "TX", "new york", "Puerto Rico", "or", "Ontario", "Texas!"];
    const ids = await insertOrders(
      db,
      typed.map((state) => orderRow({ shipping_state: state })),
    );

    await migrateToLatest(db, "030-shipping-state-codes");
    const rows = await db.selectFrom("orders").select(["id", "shipping_state"]).orderBy("id").execute();
    expect(rows).toEqual(
      ["TX", "TX", "TX", "TX", "NY", "PR", "OR", "Ontario", "Texas!"].map((state, index) => ({
        id: ids[index],
        shipping_state: state,
      })),
    );
  });
});
