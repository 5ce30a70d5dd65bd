import { type Db, transaction } from "../db";
import { type Actor, recordActivity } from "./activity";
import { CHECKLIST_DISMISSED, SHIPPING_TAX_NOT_NEEDED, databaseFacts } from "./setup-facts";
import { type EnvironmentFacts, allDone, checklistLines, checklistShown } from "./setup-checklist";

/** Today's "Before you open": its lines, whether it shows, and whether it may be dismissed. */
export async function todayChecklist(db: Db, environment: EnvironmentFacts, now: number) {
  const { dismissed, ...facts } = await databaseFacts(db);
  const lines = checklistLines({ ...environment, ...facts }, now);
  return { lines, shown: checklistShown(lines, dismissed), dismissable: allDone(lines) };
}

/** Records a choice once; false when it was recorded already (another tab, a second click). */
async function recordChoice(trx: Db, key: string, now: number) {
  const inserted = await trx
    .insertInto("settings")
    .values({ key, value: String(now) })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** "Not needed" on the shipping and tax line: the shop sells without them, and the owner says so. */
export function markShippingTaxNotNeeded(db: Db, actor: Actor, now: number): Promise<"recorded" | "already"> {
  return transaction(db, async (trx) => {
    if (!(await recordChoice(trx, SHIPPING_TAX_NOT_NEEDED, now))) return "already";
    await recordActivity(
      trx,
      actor,
      { action: "setup.shipping_tax_not_needed", subjectType: "setup", subject: "shipping and tax" },
      now,
    );
    return "recorded";
  });
}

/** "Dismiss": only once every line is done; the list comes back by itself when one no longer is. */
export function dismissChecklist(
  db: Db,
  environment: EnvironmentFacts,
  actor: Actor,
  now: number,
): Promise<"dismissed" | "already" | "lines_to_do"> {
  return transaction(db, async (trx) => {
    const { dismissed: _, ...facts } = await databaseFacts(trx);
    if (!allDone(checklistLines({ ...environment, ...facts }, now))) return "lines_to_do";
    if (!(await recordChoice(trx, CHECKLIST_DISMISSED, now))) return "already";
    await recordActivity(
      trx,
      actor,
      { action: "setup.checklist_dismissed", subjectType: "setup", subject: "Before you open" },
      now,
    );
    return "dismissed";
  });
}
