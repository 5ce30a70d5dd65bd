import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import * as redemptionsUnlockedCode from "~/.server/db/migrations/028-redemptions-unlocked-code";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

/** Migration 028: on PostgreSQL a redemption no longer locks its code's row through a foreign key. */
describe.runIf(testEngine === "postgres")("the redemptions' foreign keys on PostgreSQL", () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it("keep only the order's key after 028, get the code's back with down, and lose it again with up", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const keys = async () =>
      (
        await sql<{ name: string }>`select conname as name from pg_constraint
          where conrelid = 'discount_redemptions'::regclass and contype = 'f' order by conname`.execute(db)
      ).rows.map((row) => row.name);
    const orderKeyOnly = ["discount_redemptions_order_id_fkey"];
    expect(await keys()).toEqual(orderKeyOnly);

    await redemptionsUnlockedCode.down(db as unknown as Kysely<unknown>);
    expect(await keys()).toEqual(["discount_redemptions_discount_id_fkey", ...orderKeyOnly]);
    await redemptionsUnlockedCode.up(db as unknown as Kysely<unknown>);
    expect(await keys()).toEqual(orderKeyOnly);
  });
});
