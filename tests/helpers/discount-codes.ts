import type { Insertable } from "kysely";
import type { Db } from "~/.server/db";
import type { DiscountTable } from "~/.server/db/schema";

/** A code as the owner's form saves it: 15 % off, active, any number of uses, unless `fields` say otherwise. */
export const addDiscountCode = async (db: Db, fields: Partial<Insertable<DiscountTable>> & { code: string }) =>
  (
    await db
      .insertInto("discounts")
      .values({ kind: "percent", value: 15, once_per_customer: 0, active: 1, created_at: Date.now(), ...fields })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

/** How many orders hold the code, pending or paid. */
export const usesOf = async (db: Db, code: string) =>
  (await db.selectFrom("discounts").select("uses").where("code", "=", code).executeTakeFirstOrThrow()).uses;
