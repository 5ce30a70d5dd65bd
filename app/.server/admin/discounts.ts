import { DISCOUNT_KINDS, type DiscountForm } from "~/lib/discount-schema";
import { formatPrice } from "~/lib/money";
import type { ExpressionBuilder } from "kysely";
import { type Database, type Db, transaction } from "../db";
import { lockAgainstWriters, lockForUpdate } from "../db/locks";
import type { DiscountRow } from "../db/schema";
import { bumpPricingVersion } from "../pricing/version";
import { type Actor, recordActivity } from "./activity";

/**
 * The owner's discount codes (issue #33, `/admin/discounts`): create, edit
 * and deactivate, each in one transaction with its activity entry (before
 * and after). A code is never deleted: its orders keep pointing at it.
 */

interface Options {
  actor: Actor;
  now: number;
}

export type DiscountOutcome =
  { kind: "done"; notice: string; id: number } | { kind: "refused"; field: string; message: string };

/** A code's kind and value in words: "15 % off", "$10.00 off", "Free shipping". */
export function describeTerms(row: Pick<DiscountRow, "kind" | "value">) {
  switch (row.kind) {
    case "percent":
      return `${row.value} % off`;
    case "amount":
      return `$${formatPrice(row.value)} off`;
    case "free_shipping":
      return "Free shipping";
  }
}

/** What the activity log keeps of a code, field by field as the form names them. */
const activityValues = (row: Omit<DiscountRow, "id" | "uses" | "created_at">) => ({
  code: row.code,
  kind: DISCOUNT_KINDS.find((kind) => kind.value === row.kind)!.label,
  value: describeTerms(row),
  minimum: row.minimum_subtotal_cents === null ? null : `$${formatPrice(row.minimum_subtotal_cents)}`,
  starts: row.starts_on,
  ends: row.ends_on,
  totalUses: row.max_uses,
  oncePerCustomer: row.once_per_customer === 1 ? "yes" : "no",
  active: row.active === 1 ? "yes" : "no",
});

const columnsOf = (form: DiscountForm) => ({
  code: form.code,
  kind: form.kind,
  value: form.value,
  minimum_subtotal_cents: form.minimumSubtotalCents,
  starts_on: form.startsOn,
  ends_on: form.endsOn,
  max_uses: form.maxUses,
  once_per_customer: form.oncePerCustomer ? 1 : 0,
  active: form.active ? 1 : 0,
});

/**
 * Every code, newest first, with its uses (its redemptions: `DiscountTable.uses`)
 * and what its paid orders (shipped ones included, refunded ones not)
 * brought: their totals and the discount.
 */
export async function listDiscounts(db: Db) {
  const paid = (eb: ExpressionBuilder<Database, "orders">, column: "amount_cents" | "discount_cents") =>
    eb.fn.sum<number>(eb.case().when("orders.status", "in", ["paid", "shipped"]).then(eb.ref(column)).end());
  const [codes, redeemed] = await Promise.all([
    db.selectFrom("discounts").selectAll().orderBy("id", "desc").execute(),
    db
      .selectFrom("discount_redemptions")
      .innerJoin("orders", "orders.id", "discount_redemptions.order_id")
      .select((eb) => [
        "discount_redemptions.discount_id",
        eb.fn.countAll<number>().as("uses"),
        paid(eb, "amount_cents").as("sales"),
        paid(eb, "discount_cents").as("given"),
      ])
      .groupBy("discount_redemptions.discount_id")
      .execute(),
  ]);
  const redeemedOf = new Map(redeemed.map((row) => [row.discount_id, row]));
  return codes.map((row) => ({
    ...row,
    uses: Number(redeemedOf.get(row.id)?.uses ?? 0),
    terms: describeTerms(row),
    salesCents: Number(redeemedOf.get(row.id)?.sales ?? 0),
    discountGivenCents: Number(redeemedOf.get(row.id)?.given ?? 0),
  }));
}

export const findDiscount = (db: Db, id: number) =>
  db.selectFrom("discounts").selectAll().where("id", "=", id).executeTakeFirst();

const codeTaken = (field: string, code: string): DiscountOutcome => ({
  kind: "refused",
  field,
  message: `There is a code ${code} already.`,
});

const usedAlready = (uses: number): DiscountOutcome => ({
  kind: "refused",
  field: "totalUses",
  message: `It has been used ${uses} times already: the limit can't be lower.`,
});

/** A new code, or the owner's edit of one (`id`). */
export function saveDiscount(db: Db, id: number | undefined, form: DiscountForm, options: Options) {
  return transaction(db, async (trx): Promise<DiscountOutcome> => {
    const sameCode = await trx.selectFrom("discounts").select("id").where("code", "=", form.code).executeTakeFirst();
    if (sameCode && sameCode.id !== id) return codeTaken("code", form.code);
    const columns = columnsOf(form);
    if (id === undefined) {
      const created = await trx
        .insertInto("discounts")
        .values({ ...columns, created_at: options.now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await bumpPricingVersion(trx);
      await recordActivity(
        trx,
        options.actor,
        { action: "discount.created", subjectType: "discount", subject: form.code, after: activityValues(columns) },
        options.now,
      );
      return { kind: "done", notice: `${form.code} saved.`, id: created.id };
    }
    // Locked until the commit, and counted under the lock: a code with a limit takes a use only with its row.
    const before = await lockForUpdate(
      trx,
      trx.selectFrom("discounts").selectAll().where("id", "=", id),
    ).executeTakeFirst();
    if (!before) return { kind: "refused", field: "page", message: "That code is gone: reload the page." };
    // A limit set on a code that had none starts its counter from the redemptions, which its checkouts write
    // without its row: counted once those being written have committed, and none added until this commits (`redeem`).
    if (before.max_uses === null && form.maxUses !== null) await lockAgainstWriters(trx, "discount_redemptions");
    const { uses } = await trx
      .selectFrom("discount_redemptions")
      .select((eb) => eb.fn.countAll<number>().as("uses"))
      .where("discount_id", "=", id)
      .executeTakeFirstOrThrow();
    // The uses already counted stay counted: a lower limit would refuse its own orders' checks.
    if (form.maxUses !== null && form.maxUses < Number(uses)) return usedAlready(Number(uses));
    const [old, next] = [activityValues(before), activityValues(columns)];
    if (JSON.stringify(old) === JSON.stringify(next))
      return { kind: "done", notice: `Nothing changed: ${form.code} is like that already.`, id };
    // Without a limit the counter is not kept (`DiscountTable.uses`): it is left as it is.
    await trx
      .updateTable("discounts")
      .set({ ...columns, ...(form.maxUses === null ? {} : { uses: Number(uses) }) })
      .where("id", "=", id)
      .execute();
    await bumpPricingVersion(trx);
    const action = before.active === 1 && !form.active ? "discount.deactivated" : "discount.edited";
    await recordActivity(
      trx,
      options.actor,
      { action, subjectType: "discount", subject: form.code, before: old, after: next },
      options.now,
    );
    return { kind: "done", notice: form.active ? `${form.code} saved.` : `${form.code} is inactive now.`, id };
  });
}

/** Deactivate: the code stops working from the next checkout (a redemption needs it active); its uses and orders stay. */
export function deactivateDiscount(db: Db, id: number, options: Options) {
  return transaction(db, async (trx): Promise<DiscountOutcome> => {
    const before = await trx.selectFrom("discounts").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return { kind: "refused", field: "page", message: "That code is gone: reload the page." };
    if (before.active === 0) return { kind: "done", notice: `${before.code} is inactive already.`, id };
    await trx.updateTable("discounts").set({ active: 0 }).where("id", "=", id).execute();
    await bumpPricingVersion(trx);
    await recordActivity(
      trx,
      options.actor,
      {
        action: "discount.deactivated",
        subjectType: "discount",
        subject: before.code,
        before: activityValues(before),
        after: activityValues({ ...before, active: 0 }),
      },
      options.now,
    );
    return { kind: "done", notice: `${before.code} is inactive now.`, id };
  });
}
