import { type Db, transaction } from "../db";
import { type ActivityEntry, type Actor, recordActivity } from "./activity";
import { CHECKLIST_DISMISSED, SHIPPING_TAX_NOT_NEEDED, databaseFacts } from "./setup-facts";
import { type EnvironmentFacts, type FileFacts, allDone, checklistLines, checklistShown } from "./setup-checklist";

/** Today's "Before you open": its lines, whether it shows, and whether it may be dismissed. */
export async function todayChecklist(db: Db, environment: EnvironmentFacts & FileFacts, now: number) {
  const { dismissed, ...facts } = await databaseFacts(db);
  const lines = checklistLines({ ...environment, ...facts }, now);
  return { lines, shown: checklistShown(lines, dismissed), dismissable: allDone(lines) };
}

/**
 * Records the owner's choice once, with its activity entry; false when it was
 * recorded already (another tab, a second click), and then nothing is logged.
 */
async function recordChoiceOnce(trx: Db, key: string, entry: ActivityEntry, actor: Actor, now: number) {
  const inserted = await trx
    .insertInto("settings")
    .values({ key, value: String(now) })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
  await recordActivity(trx, actor, entry, now);
  return true;
}

/** "Not needed" on the shipping and tax line: the shop sells without them, and the owner says so. */
export function markShippingTaxNotNeeded(db: Db, actor: Actor, now: number): Promise<"recorded" | "already"> {
  const entry: ActivityEntry = {
    action: "setup.shipping_tax_not_needed",
    subjectType: "setup",
    subject: "shipping and tax",
  };
  return transaction(db, async (trx) =>
    (await recordChoiceOnce(trx, SHIPPING_TAX_NOT_NEEDED, entry, actor, now)) ? "recorded" : "already",
  );
}

/** "Dismiss": only once every line is done; the list comes back by itself when one no longer is. */
export function dismissChecklist(
  db: Db,
  environment: EnvironmentFacts & FileFacts,
  actor: Actor,
  now: number,
): Promise<"dismissed" | "already" | "lines_to_do"> {
  const entry: ActivityEntry = {
    action: "setup.checklist_dismissed",
    subjectType: "setup",
    subject: "Before you open",
  };
  return transaction(db, async (trx) => {
    const { dismissed: _, ...facts } = await databaseFacts(trx);
    if (!allDone(checklistLines({ ...environment, ...facts }, now))) return "lines_to_do";
    return (await recordChoiceOnce(trx, CHECKLIST_DISMISSED, entry, actor, now)) ? "dismissed" : "already";
  });
}
