import {
  DEFAULT_SHOP_NAME,
  DEFAULT_TAGLINE,
  SHOP_SETTING_LABELS,
  type ShopSettingKey,
  type ShopSettings,
} from "~/lib/shop-settings";
import { type Actor, recordActivity } from "../admin/activity";
import { catalogVersionBump } from "../catalog/version";
import type { Config } from "../config";
import { type DatabaseHandle, type Db, type Trx, transaction } from "../db";
import { versionedCaches } from "../db/versioned-cache";

/** What the owner has saved: only the settings she changed from their defaults. */
interface SavedSettings {
  version: number;
  saved: Partial<ShopSettings>;
}

const SETTINGS_VERSION_QUERY = { name: "settings-version", text: "select version from settings_version where id = 1" };

const isSettingKey = (key: string): key is ShopSettingKey => Object.hasOwn(SHOP_SETTING_LABELS, key);

async function readSavedSettings(db: Db, version: number): Promise<SavedSettings> {
  const rows = await db.selectFrom("shop_settings").select(["key", "value"]).execute();
  const saved: Partial<ShopSettings> = {};
  for (const { key, value } of rows) if (isSettingKey(key)) saved[key] = value;
  return { version, saved };
}

const settingsCaches = versionedCaches(SETTINGS_VERSION_QUERY, readSavedSettings);

/** The server's settings cache: every page reads the settings through it, and the database once per save. */
export const openShopSettings = (handle: DatabaseHandle) => settingsCaches.open(handle);

/** The shop's name for the work of a process outside a transaction (the mail sender, the payment's description). */
export async function currentShopName(db: Db): Promise<string> {
  return (await settingsCaches.get(db)).saved.name ?? DEFAULT_SHOP_NAME;
}

/** The shop's name as the caller's transaction sees it: what an email queued in it is written with. */
export async function shopNameIn(trx: Trx): Promise<string> {
  const row = await trx.selectFrom("shop_settings").select("value").where("key", "=", "name").executeTakeFirst();
  return row?.value ?? DEFAULT_SHOP_NAME;
}

/** A fresh shop's settings: the name Wickshop, SPEC's texts, and the environment's email and links. */
export const defaultShopSettings = (config: Pick<Config, "shopEmail" | "social">): ShopSettings => ({
  name: DEFAULT_SHOP_NAME,
  tagline: DEFAULT_TAGLINE,
  contactEmail: config.shopEmail,
  phone: "",
  address: "",
  ...config.social,
  announcement: "",
  announcementLink: "",
});

/** The shop's settings as every page shows them: what the owner saved over the defaults. */
export async function shopSettings(db: Db, config: Pick<Config, "shopEmail" | "social">): Promise<ShopSettings> {
  const { saved } = await settingsCaches.get(db);
  return { ...defaultShopSettings(config), ...saved };
}

async function bumpSettingsVersion(trx: Trx) {
  await trx
    .updateTable("settings_version")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}

export type SettingsSaveOutcome = { kind: "saved"; changed: ShopSettingKey[] } | { kind: "unchanged" };

/**
 * Saves what the owner changed, in one transaction with its activity entry
 * (each changed setting before and after): the settings version moves so
 * every process reads them again, and the catalog version so the page cache
 * renders its pages again with them. A setting saved at its default stays
 * unsaved, so the environment still decides it.
 */
export function saveShopSettings(
  db: Db,
  form: ShopSettings,
  options: { actor: Actor; now: number; config: Pick<Config, "shopEmail" | "social"> },
): Promise<SettingsSaveOutcome> {
  return transaction(db, async (trx) => {
    const current = { ...defaultShopSettings(options.config), ...(await readSavedSettings(trx, 0)).saved };
    const changed = (Object.keys(SHOP_SETTING_LABELS) as ShopSettingKey[]).filter((key) => form[key] !== current[key]);
    if (changed.length === 0) return { kind: "unchanged" };
    for (const key of changed)
      await trx
        .insertInto("shop_settings")
        .values({ key, value: form[key] })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: form[key] }))
        .execute();
    const values = (settings: ShopSettings) => Object.fromEntries(changed.map((key) => [key, settings[key]]));
    await recordActivity(
      trx,
      options.actor,
      {
        action: "settings.saved",
        subjectType: "settings",
        subject: "Shop",
        before: values(current),
        after: values(form),
      },
      options.now,
    );
    await bumpSettingsVersion(trx);
    await catalogVersionBump(trx).execute();
    return { kind: "saved", changed };
  });
}
