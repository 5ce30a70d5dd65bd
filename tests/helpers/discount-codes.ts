import type { Insertable } from "kysely";
import type { Db } from "~/.server/db";
import type { DiscountTable } from "~/.server/db/schema";

/** A code as the back office keeps it: 15 % off, active, for anyone as often as they like, unless `fields` say. */
export async function addDiscountCode(db: Db, fields: Partial<Insertable<DiscountTable>> & { code: string }) {
  await db
    .insertInto("discounts")
    .values({ kind: "percent", value: 15, once_per_customer: 0, active: 1, created_at: Date.now(), ...fields })
    .execute();
}
