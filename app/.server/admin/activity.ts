import type { Db } from "../db";
import type { ActivityRow } from "../db/schema";
import type { CsvExport } from "./csv-stream";
import { activityValuesInWords } from "./activity-values";

export interface Actor {
  id: string;
  displayName: string;
}

export interface ActivityEntry {
  action: string;
  subjectType:
    "order" | "product" | "category" | "catalog" | "account" | "shipping" | "tax" | "setup" | "discount" | "settings";
  subject: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** Records an owner action in the caller's transaction: it is logged exactly when it happened. */
export async function recordActivity(trx: Db, actor: Actor, entry: ActivityEntry, now: number) {
  await trx
    .insertInto("activity")
    .values({
      created_at: now,
      actor_id: actor.id,
      actor_name: actor.displayName,
      action: entry.action,
      subject_type: entry.subjectType,
      subject: entry.subject,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .execute();
}

/** One page of the activity log, newest first, with how many entries there are in all. */
export async function listActivity(db: Db, page: { number: number; size: number }) {
  const { total } = await db
    .selectFrom("activity")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom("activity")
    .selectAll()
    .orderBy("id", "desc")
    .limit(page.size)
    .offset((page.number - 1) * page.size)
    .execute();
  return { entries, total: Number(total) };
}

/** The next `size` entries after the one numbered `afterId`, oldest first: a batch of the CSV export. */
export const activityBatch = (db: Db, afterId: number, size: number) =>
  db.selectFrom("activity").selectAll().where("id", ">", afterId).orderBy("id").limit(size).execute();

/** The whole log as CSV (GET /admin/activity.csv), oldest first, with the values as recorded (JSON). */
export const activityCsv = (db: Db, batchSize = 1000): CsvExport<ActivityRow> => ({
  name: "activity",
  header: ["When (UTC)", "Who", "Account id", "Action", "Subject type", "Subject", "Before", "After"],
  batchAfter: (last) => activityBatch(db, last?.id ?? 0, batchSize),
  rows: (entry) => [
    [
      new Date(entry.created_at).toISOString(),
      entry.actor_name,
      entry.actor_id,
      entry.action,
      entry.subject_type,
      entry.subject,
      entry.before,
      entry.after,
    ],
  ],
});

const ACTIONS: Record<string, string> = {
  "order.shipped": "Marked shipped",
  "order.refunded": "Cancelled and refunded",
  "product.created": "Added the product",
  "product.edited": "Edited the product",
  "product.stock": "Changed the stock",
  "product.deleted": "Deleted the product",
  "product.options": "Changed the options of",
  "product.variant": "Edited a variant of",
  "product.value_price": "Set one price for a value of",
  "category.created": "Added the category",
  "category.renamed": "Renamed the category",
  "category.moved": "Moved the category",
  "category.photo": "Changed the tile photo of",
  "category.deleted": "Deleted the category",
  "catalog.imported": "Imported the",
  "shipping.zone_created": "Added the shipping zone",
  "shipping.zone_deleted": "Deleted the shipping zone",
  "shipping.rate_added": "Added a shipping rate to",
  "shipping.rate_deleted": "Deleted a shipping rate of",
  "tax.state_added": "Started collecting sales tax in",
  "tax.state_changed": "Changed the sales tax of",
  "tax.state_removed": "Stopped collecting sales tax in",
  "tax.zip_rates_uploaded": "Uploaded",
  "tax.zip_rates_removed": "Removed",
  "discount.created": "Added the discount code",
  "discount.edited": "Edited the discount code",
  "discount.deactivated": "Deactivated the discount code",
  "owner.created": "Created the owner account",
  "owner.promoted": "Made an owner of",
  "owner.removed": "Took the owner role from",
  "account.two_factor_on": "Turned on two-factor sign-in for",
  "account.two_factor_off": "Turned off two-factor sign-in for",
  "account.password": "Changed the password of",
  "account.low_stock_email": "Changed the low-stock email of",
  "setup.shipping_tax_not_needed": "Marked as not needed:",
  "setup.checklist_dismissed": "Dismissed the list",
};

/** An entry's action in words, and its before and after values as the owner would say them. */
export function describeActivity(entry: { action: string; before: string | null; after: string | null }) {
  return {
    what: ACTIONS[entry.action] ?? entry.action,
    before: activityValuesInWords(entry.before),
    after: activityValuesInWords(entry.after),
  };
}
