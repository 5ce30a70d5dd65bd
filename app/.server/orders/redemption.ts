import { type ExpressionBuilder, type Insertable, type OnConflictBuilder, sql } from "kysely";
import type { Database, Db, Trx } from "../db";
import { insertsInWith } from "../db/engine";
import type { OrderRow } from "../db/schema";
import { lockForNoKeyUpdate } from "../db/locks";
import { changesOf, firstOf, runStepsIn, type Steps } from "../db/steps";
import { queryTemplate } from "../db/template";
import { type CodeRow, codeColumns, type UsableCode } from "./code-lookup";
import { orderColumns } from "./queries";

/**
 * Redeeming a code (issue #33; migration 025 and `DiscountTable.uses` say
 * how uses are counted): in the checkout's transaction, the order's
 * redemption row, unique per email for a one-per-customer code, so no race
 * wins twice, and for a code with a Total uses limit a use taken with one
 * conditional update (below the limit). A code without a limit has no
 * counter: its uses are its redemption rows, so its checkouts neither write
 * nor lock its row (migration 028), and a checkout that counted its
 * address's hit reads it from memory
 * (`codesWithoutLimit`, code-lookup.ts). Its redemption goes in only while
 * it is still active and without a limit. An unpaid order that expires
 * gives both back.
 */

/**
 * The code an order holds a use of, through its redemption: the code as it
 * is now (the owner may have renamed it since the order was placed), and
 * the email key it was redeemed by.
 */
export const heldCode = (db: Db, orderId: number) =>
  db
    .selectFrom("discount_redemptions")
    .innerJoin("discounts", "discounts.id", "discount_redemptions.discount_id")
    .select(codeColumns)
    .select("email_key")
    .where("order_id", "=", orderId);

/** A code's use taken, or why not. */
export type UseTaken = { kind: "taken" } | { kind: "discount_used_up" | "discount_invalid" };

/**
 * Takes one use of a code with a limit, unless the limit was reached
 * meanwhile (another checkout's) or the owner deactivated the code since
 * the checkout read it: the conditional update changes no row either way,
 * and the row as committed now says which (a deactivated code is no code,
 * whatever its uses). A code read without a limit has no use to take here:
 * `redeem` checks it again once its redemption is in.
 */
export function* takeUse(db: Db, code: Pick<CodeRow, "id" | "max_uses">): Steps<UseTaken> {
  if (code.max_uses === null || (yield* changesOf(oneUseTaken(db, { id: code.id }))) === 1n) return { kind: "taken" };
  const now = yield* firstOf(codeLimit(db, { id: code.id }));
  return now?.active === 1 ? { kind: "discount_used_up" } : { kind: "discount_invalid" };
}

const oneUseTaken = queryTemplate((db: Db, values: { id: number }) =>
  db
    .updateTable("discounts")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", values.id)
    .where("active", "=", 1)
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))])),
);

/**
 * A one-per-customer code's second redemption by one email inserts nothing
 * (migration 029: the index holds only the redemptions with an email key).
 */
const sameCustomerKeepsFirst = (conflict: OnConflictBuilder<Database, "discount_redemptions">) =>
  conflict.columns(["discount_id", "email_key"]).where("email_key", "is not", null).doNothing();

/** The order's redemption; false when the same email's other order took the code first. */
function* recordRedemption(
  db: Db,
  redemption: { orderId: number; discountId: number; emailKey: string | null },
): Steps<boolean> {
  return (yield* changesOf(redemptionRecorded(db, redemption))) === 1n;
}

const redemptionRecorded = queryTemplate(
  (db: Db, values: { orderId: number; discountId: number; emailKey: string | null }) =>
    db
      .insertInto("discount_redemptions")
      .values({ order_id: values.orderId, discount_id: values.discountId, email_key: values.emailKey })
      .onConflict(sameCustomerKeepsFirst),
);

/** A code read without a limit may be redeemed while it is still active and still has none. */
const stillWithoutLimit = (eb: ExpressionBuilder<Database, "discounts">, discountId: number) =>
  eb.and([eb("discounts.id", "=", discountId), eb("discounts.max_uses", "is", null), eb("discounts.active", "=", 1)]);

/**
 * The redemption of a code read without a limit, recorded only while it
 * still has none. An owner's save of a limit locks the redemptions against
 * writers before it counts them, so this insert waits for her commit and
 * then reads the code as she committed it.
 */
const unlimitedRedemptionRecorded = queryTemplate(
  (db: Db, values: { orderId: number; discountId: number; emailKey: string | null }) =>
    db
      .insertInto("discount_redemptions")
      .columns(["order_id", "discount_id", "email_key"])
      .expression(
        db
          .selectFrom("discounts")
          .select([
            sql<number>`cast(${values.orderId} as integer)`.as("order_id"),
            "id",
            sql<string | null>`cast(${values.emailKey} as text)`.as("email_key"),
          ])
          .where((eb) => stillWithoutLimit(eb, values.discountId)),
      )
      .onConflict(sameCustomerKeepsFirst),
);

/** A code's limit, and whether it is active, as committed now. */
const codeLimit = queryTemplate((db: Db, values: { id: number }) =>
  db.selectFrom("discounts").select(["id", "max_uses", "active"]).where("id", "=", values.id),
);

/**
 * Records the order's redemption of `code`, whose use `takeUse` took when
 * the code had a limit, in the checkout's transaction; answers why not when
 * the code was taken meanwhile, and the caller then rolls back.
 *
 * A code read without a limit may have been given one since: the owner's
 * save (`saveDiscount`, admin/discounts.ts) counts the redemptions into
 * `uses` while holding the redemptions against writers. Its redemption is
 * recorded only while the code still has no limit, by an insert that waits
 * for that save (`unlimitedRedemptionRecorded`; SQLite runs one writer at a
 * time). So either it went in before the owner's count,
 * which waited for its commit and counted it; or it sees the limit, and the
 * use is taken as a limited code's is, refused once the limit is reached.
 * Either way no order slips past the counter. The row is read again only
 * when nothing was recorded: the limit set meanwhile, or the email's use.
 */
export function* redeem(db: Db, orderId: number, code: UsableCode): Steps<Redeemed> {
  const redemption = { orderId, discountId: code.row.id, emailKey: code.emailKey };
  if (code.row.max_uses === null) {
    if ((yield* changesOf(unlimitedRedemptionRecorded(db, redemption))) === 1n) return { kind: "redeemed" };
    return yield* redeemedOnceLimited(db, redemption);
  }
  if (!(yield* recordRedemption(db, redemption))) return { kind: "discount_once_per_customer" };
  return { kind: "redeemed" };
}

export type Redeemed =
  { kind: "redeemed" } | { kind: "discount_used_up" | "discount_once_per_customer" | "discount_invalid" };

/**
 * A code read without a limit whose redemption did not go in: refused when
 * the owner deactivated it meanwhile; taken as a limited code's when she set
 * a limit meanwhile; else the email has used it.
 */
function* redeemedOnceLimited(db: Db, redemption: Redemption): Steps<Redeemed> {
  const now = (yield* firstOf(codeLimit(db, { id: redemption.discountId })))!;
  if (now.active !== 1) return { kind: "discount_invalid" };
  if (now.max_uses === null) return { kind: "discount_once_per_customer" };
  const use = yield* takeUse(db, now);
  if (use.kind !== "taken") return use;
  if (!(yield* recordRedemption(db, redemption))) return { kind: "discount_once_per_customer" };
  return { kind: "redeemed" };
}

type Redemption = { orderId: number; discountId: number; emailKey: string | null };

/** Whether the order's insert can redeem `code` in the same statement (`orderInsertedRedeeming`). */
export const redeemsWithOrderInsert = (db: Db, code: UsableCode) => code.row.max_uses === null && insertsInWith(db);

/**
 * The pending order inserted and a code without a limit redeemed by one
 * statement, as `redeem` would: the checkout's transaction saves a round
 * trip to PostgreSQL (issue #33's bench). The redemption goes in as
 * `unlimitedRedemptionRecorded` puts it in; when it did not, the rest is
 * `redeem`'s.
 */
export function* orderInsertedRedeeming(
  db: Db,
  order: Insertable<Database["orders"]>,
  code: UsableCode,
): Steps<{ order: OrderRow; redeemed: Redeemed }> {
  const { redeemed: recorded, ...created } = (yield* firstOf(
    orderAndRedemption(db, { order, discountId: code.row.id, emailKey: code.emailKey }),
  ))!;
  if (recorded) return { order: created, redeemed: { kind: "redeemed" } };
  const redemption = { orderId: created.id, discountId: code.row.id, emailKey: code.emailKey };
  return { order: created, redeemed: yield* redeemedOnceLimited(db, redemption) };
}

const orderAndRedemption = queryTemplate(
  (db: Db, values: { order: Insertable<Database["orders"]>; discountId: number; emailKey: string | null }) =>
    db
      .with("created", (cte) => cte.insertInto("orders").values(values.order).returning(orderColumns))
      .with("recorded", (cte) =>
        cte
          .insertInto("discount_redemptions")
          .columns(["order_id", "discount_id", "email_key"])
          .expression(
            cte
              .selectFrom(["created", "discounts"])
              .select([
                "created.id as order_id",
                "discounts.id as discount_id",
                sql<string | null>`cast(${values.emailKey} as text)`.as("email_key"),
              ])
              .where((eb) => stillWithoutLimit(eb, values.discountId)),
          )
          .onConflict(sameCustomerKeepsFirst)
          .returning("order_id"),
      )
      .selectFrom("created")
      .select(orderColumns)
      .select((eb) => eb.exists(eb.selectFrom("recorded").select("order_id")).as("redeemed")),
);

/**
 * An expired unpaid order's redemption given back once (the delete says
 * whether this call gave it), and its use too while the code has a limit.
 * The code's row is locked first, then the redemption deleted: the order in
 * which an owner setting a limit takes them (`saveDiscount`), so she counts
 * after this commits, or before, and this then sees her limit and gives
 * the use back.
 */
export async function releaseRedemption(trx: Db, orderId: number) {
  const held = await lockForNoKeyUpdate(
    trx,
    trx
      .selectFrom("discount_redemptions")
      .innerJoin("discounts", "discounts.id", "discount_redemptions.discount_id")
      .select(["discounts.id", "discounts.max_uses"])
      .where("order_id", "=", orderId),
  ).executeTakeFirst();
  if (!held) return;
  const released = await trx.deleteFrom("discount_redemptions").where("order_id", "=", orderId).executeTakeFirst();
  if (released.numDeletedRows === 1n && held.max_uses !== null)
    await trx
      .updateTable("discounts")
      .set((eb) => ({ uses: eb("uses", "-", 1) }))
      .where("id", "=", held.id)
      .execute();
}

/**
 * Moves a pending order's use from its code, if any, to `to`, if any, in the
 * caller's transaction (a checkout sent again with another code): the old
 * use and redemption given back, the new one taken as the reservation takes
 * it. Answers why not when the new code was taken meanwhile; the caller
 * then rolls back, so the order keeps its code.
 */
export async function moveRedemption(
  trx: Trx,
  orderId: number,
  to: UsableCode | undefined,
): Promise<{ kind: "moved" } | Exclude<Redeemed, { kind: "redeemed" }>> {
  // The two codes' rows are locked in id order: an order moving the other way waits instead of deadlocking.
  const held = await trx
    .selectFrom("discount_redemptions")
    .select("discount_id")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  const takeFirst = to !== undefined && held !== undefined && to.row.id < held.discount_id;
  const takenFirst = takeFirst ? await runStepsIn(trx, takeUse(trx, to.row)) : undefined;
  if (takenFirst && takenFirst.kind !== "taken") return takenFirst;
  await releaseRedemption(trx, orderId);
  if (!to) return { kind: "moved" };
  const use = takenFirst ?? (await runStepsIn(trx, takeUse(trx, to.row)));
  if (use.kind !== "taken") return use;
  const redeemed = await runStepsIn(trx, redeem(trx, orderId, to));
  return redeemed.kind === "redeemed" ? { kind: "moved" } : redeemed;
}

/**
 * A pending order's one-per-customer redemption recorded again by its new
 * email (a checkout sent again with another email), in the caller's
 * transaction: its use stays taken. Answers why not when the new email
 * redeemed the code meanwhile; the caller then rolls back.
 */
export async function rekeyRedemption(
  trx: Trx,
  orderId: number,
  emailKey: string,
): Promise<{ kind: "moved" } | { kind: "discount_once_per_customer" }> {
  const held = await trx
    .deleteFrom("discount_redemptions")
    .where("order_id", "=", orderId)
    .returning("discount_id")
    .executeTakeFirstOrThrow();
  const redemption = { orderId, discountId: held.discount_id, emailKey };
  if (!(await runStepsIn(trx, recordRedemption(trx, redemption)))) return { kind: "discount_once_per_customer" };
  return { kind: "moved" };
}
