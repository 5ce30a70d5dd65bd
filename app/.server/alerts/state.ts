import type { Db, Trx } from "../db";
import { readSettings } from "../db/settings";
import { ALERT_KEYS, type AlertKey } from "./rules";

/**
 * Where each condition stands, in the settings table: whether it holds, since
 * when, and what it said when it began. The job's record, which Today and
 * /healthz?detail read; every process reads and moves the same one.
 */
export interface AlertState {
  key: AlertKey;
  active: boolean;
  /** When it began or, once over, when it ended; null for a condition that never held. */
  since: number | null;
  /** What it said when it began; null for one that never held. */
  text: string | null;
}

const settingOf = (key: AlertKey) => `alert_${key.replaceAll("-", "_")}`;

const neverHeld = (key: AlertKey): AlertState => ({ key, active: false, since: null, text: null });

/** Each condition's record as stored (the text a claim compares), and as read. */
export async function storedAlerts(db: Db) {
  const values = await readSettings(db, ALERT_KEYS.map(settingOf));
  return ALERT_KEYS.map((key) => {
    const stored = values.get(settingOf(key));
    const state: AlertState = stored === undefined ? neverHeld(key) : { key, ...JSON.parse(stored) };
    return { stored, state };
  });
}

export const alertStates = async (db: Db) => (await storedAlerts(db)).map(({ state }) => state);

/**
 * Moves a condition's record from what was read (`stored`, undefined when it
 * has none) to `next`, when nobody moved it meanwhile: one conditional write,
 * as the backup claims its snapshot, so of several processes that see the
 * same change one makes it. True for that one.
 */
export async function claimAlertChange(trx: Trx, stored: string | undefined, next: AlertState): Promise<boolean> {
  const { key, ...record } = next;
  const value = JSON.stringify(record);
  if (stored === undefined) {
    const inserted = await trx
      .insertInto("settings")
      .values({ key: settingOf(key), value })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
  const updated = await trx
    .updateTable("settings")
    .set({ value })
    .where("key", "=", settingOf(key))
    .where("value", "=", stored)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}
