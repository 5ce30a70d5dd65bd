import { CODE_PATTERN, normalizeCode } from "~/lib/discount-schema";
import { dayIn } from "../admin/today";
import type { Db, Trx } from "../db";
import type { DiscountRow } from "../db/schema";
import { lockForNoKeyUpdate } from "../db/locks";
import { changesOf, firstOf, runSteps, runStepsIn, type Steps } from "../db/steps";
import { queryTemplate } from "../db/template";
import { type DiscountCode, type DiscountRefusal, discountRefusal } from "../pricing/discount-rules";

/**
 * Redeeming a code (issue #33; migration 025 and `DiscountTable.uses` say
 * how uses are counted): read in the checkout's transaction, the order's
 * redemption row, unique per email for a one-per-customer code, so no race
 * wins twice, and for a code with a Total uses limit a use taken with one
 * conditional update (below the limit). A code without a limit has no
 * counter: its uses are its redemption rows, so its checkouts never write
 * (nor, on PostgreSQL, lock until their commit) its row. An unpaid order
 * that expires gives both back.
 */

const codeColumns = [
  "id",
  "code",
  "kind",
  "value",
  "active",
  "minimum_subtotal_cents",
  "starts_on",
  "ends_on",
  "max_uses",
  "uses",
  "once_per_customer",
] as const;

type CodeRow = Pick<DiscountRow, (typeof codeColumns)[number]>;

/*
 * The statements of a checkout with a code are query templates (db/template.ts), as the rest of the
 * reservation's: built and compiled once, and prepared once per connection on PostgreSQL.
 */

/** A code by the name it is stored under (capitals). */
const codeNamed = queryTemplate((db: Db, values: { code: string }) =>
  db.selectFrom("discounts").select(codeColumns).where("code", "=", values.code),
);

/**
 * A code as typed by a shopper, in any letter case. Text that cannot be a
 * code finds none without asking the database: PostgreSQL refuses some of
 * it (a NUL byte) with an error.
 */
export function* typedCode(db: Db, typed: string): Steps<CodeRow | undefined> {
  const code = normalizeCode(typed);
  if (!CODE_PATTERN.test(code)) return undefined;
  return yield* firstOf(codeNamed(db, { code }));
}

export const toDiscountCode = (row: CodeRow): DiscountCode => ({
  code: row.code,
  kind: row.kind,
  value: row.value,
  active: row.active === 1,
  minimumSubtotalCents: row.minimum_subtotal_cents,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  maxUses: row.max_uses,
  uses: row.uses,
});

/** A code a checkout may use, and the email key its redemption records (null unless one per customer). */
export type UsableCode = { kind: "usable"; row: CodeRow; emailKey: string | null };

/** The code a checkout may use, or why not: the rules of today, and one per customer by the order's email. */
export function* codeForCheckout(
  db: Db,
  typed: string,
  check: { today: string; subtotalCents: number; email: string | null },
): Steps<
  { kind: "usable"; row: CodeRow; emailKey: string | null } | DiscountRefusal | { kind: "discount_needs_email" }
> {
  const row = yield* typedCode(db, typed);
  const refusal = discountRefusal(row && toDiscountCode(row), check.today, check.subtotalCents);
  if (refusal) return refusal;
  if (row!.once_per_customer === 0) return { kind: "usable", row: row!, emailKey: null };
  if (check.email === null) return { kind: "discount_needs_email" };
  const emailKey = emailKeyOf(check.email);
  const used = yield* firstOf(redemptionByTemplate(db, { discountId: row!.id, emailKey }));
  return used ? { kind: "discount_once_per_customer" } : { kind: "usable", row: row!, emailKey };
}

/** Who a one-per-customer code's redemption is by: the email in any letter case is one customer. */
export const emailKeyOf = (email: string) => email.toLowerCase();

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

const redemptionByTemplate = queryTemplate((db: Db, values: { discountId: number; emailKey: string }) =>
  db
    .selectFrom("discount_redemptions")
    .select("order_id")
    .where("discount_id", "=", values.discountId)
    .where("email_key", "=", values.emailKey),
);

/** The redemption of a one-per-customer code by an email key (the email in lower case), if it has one. */
export const redemptionBy = (db: Db, discountId: number, emailKey: string) =>
  runSteps(db, () => firstOf(redemptionByTemplate(db, { discountId, emailKey })));

/**
 * Takes one use of a code with a limit, unless the limit was reached
 * meanwhile (another checkout's): whether it did. A code read without a
 * limit has no use to take here: `redeem` checks it again once its
 * redemption is in.
 */
export function* takeUse(db: Db, code: Pick<CodeRow, "id" | "max_uses">): Steps<boolean> {
  if (code.max_uses === null) return true;
  return (yield* changesOf(oneUseTaken(db, { id: code.id }))) === 1n;
}

const oneUseTaken = queryTemplate((db: Db, values: { id: number }) =>
  db
    .updateTable("discounts")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", values.id)
    .where("active", "=", 1)
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))])),
);

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
      .onConflict((conflict) => conflict.columns(["discount_id", "email_key"]).doNothing()),
);

/** A code's limit as committed now: `redeem` reads it again once its redemption is in. */
const codeLimit = queryTemplate((db: Db, values: { id: number }) =>
  db.selectFrom("discounts").select(["id", "max_uses"]).where("id", "=", values.id),
);

/**
 * Records the order's redemption of `code`, whose use `takeUse` took when
 * the code had a limit, in the checkout's transaction; answers why not when
 * the code was taken meanwhile, and the caller then rolls back.
 *
 * A code read without a limit is read again once the redemption is in:
 * the owner may have set one since (`saveDiscount`, admin/discounts.ts),
 * counting the redemptions into `uses` while holding the code's row
 * `for update`. The redemption's foreign key shares that row (`for key
 * share` on PostgreSQL; SQLite runs one writer at a time), so either this
 * redemption was in before the owner's count, which waited for its commit
 * and counted it, and the limit read here is still none; or it waited for
 * the owner's commit, the count missed it, and the read here sees the
 * limit (each statement reads what was committed before it started), so
 * the use is taken as a limited code's is, refused once the limit is
 * reached. Either way no order slips past the counter.
 */
export function* redeem(
  db: Db,
  orderId: number,
  code: UsableCode,
): Steps<{ kind: "redeemed" } | { kind: "discount_used_up" | "discount_once_per_customer" }> {
  if (!(yield* recordRedemption(db, { orderId, discountId: code.row.id, emailKey: code.emailKey })))
    return { kind: "discount_once_per_customer" };
  if (code.row.max_uses === null) {
    const now = (yield* firstOf(codeLimit(db, { id: code.row.id })))!;
    if (!(yield* takeUse(db, now))) return { kind: "discount_used_up" };
  }
  return { kind: "redeemed" };
}

/**
 * An expired unpaid order's redemption given back once (the delete says
 * whether this call gave it), and its use too while the code has a limit.
 * The code's row is locked first (`for no key update`: checkouts' foreign
 * keys still share it) so that an owner setting a limit meanwhile counts
 * after this commits, or before and then sees the use given back here.
 */
export async function releaseRedemption(trx: Db, orderId: number) {
  const released = await trx
    .deleteFrom("discount_redemptions")
    .where("order_id", "=", orderId)
    .returning("discount_id")
    .executeTakeFirst();
  if (!released) return;
  const code = await lockForNoKeyUpdate(
    trx,
    trx.selectFrom("discounts").select("max_uses").where("id", "=", released.discount_id),
  ).executeTakeFirstOrThrow();
  if (code.max_uses !== null)
    await trx
      .updateTable("discounts")
      .set((eb) => ({ uses: eb("uses", "-", 1) }))
      .where("id", "=", released.discount_id)
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
): Promise<{ kind: "moved" } | { kind: "discount_used_up" | "discount_once_per_customer" }> {
  // The two codes' rows are locked in id order: an order moving the other way waits instead of deadlocking.
  const held = await trx
    .selectFrom("discount_redemptions")
    .select("discount_id")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  const takeFirst = to !== undefined && held !== undefined && to.row.id < held.discount_id;
  if (takeFirst && !(await runStepsIn(trx, takeUse(trx, to.row)))) return { kind: "discount_used_up" };
  await releaseRedemption(trx, orderId);
  if (!to) return { kind: "moved" };
  if (!takeFirst && !(await runStepsIn(trx, takeUse(trx, to.row)))) return { kind: "discount_used_up" };
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

const dayFormats = new Map<string, (ms: number) => string>();

/** The day in the shop's time zone that a code's Starts and Ends are compared with; one formatter per zone. */
export function shopDay(timeZone: string, now: number) {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = dayIn(timeZone)));
  return format(now);
}
