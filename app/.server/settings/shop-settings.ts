import {
  DEFAULT_ABOUT_HEADING,
  DEFAULT_ABOUT_TITLE,
  POLICIES,
  type PolicyLink,
  type ShopPages,
  policyPath,
} from "~/lib/shop-pages";
import { SHOP_SETTING_LABELS } from "~/lib/settings-form";
import { DEFAULT_SHOP_NAME, DEFAULT_TAGLINE, type ShopLogo, type ShopSettings } from "~/lib/shop-settings";
import { z } from "~/lib/zod";
import { type ProcessedLogo, type ProcessedPhoto, deleteUnusedPhotos, photoUrl, storePhotos } from "../catalog/photos";
import { type Actor, recordActivity } from "../admin/activity";
import { shopAddress } from "../admin/shop-address";
import type { ReceiptSender } from "../mail/templates";
import { catalogVersionBump } from "../catalog/version";
import type { Config } from "../config";
import { type DatabaseHandle, type Db, type Trx, transaction } from "../db";
import { versionedCaches } from "../db/versioned-cache";

/** Everything the owner writes about her shop: the settings, the pages' texts and the logo (JSON), a row each. */
type Saved = Partial<ShopSettings & ShopPages & { logo: string }>;
type SavedKey = keyof Saved;

/** What the owner has saved: only what she changed from its default. */
interface SavedSettings {
  version: number;
  saved: Saved;
}

const SETTINGS_VERSION_QUERY = { name: "settings-version", text: "select version from settings_version where id = 1" };

const DEFAULT_PAGES: ShopPages = {
  aboutTitle: DEFAULT_ABOUT_TITLE,
  aboutHeading: DEFAULT_ABOUT_HEADING,
  aboutText: "",
  contactText: "",
  shippingPolicy: "",
  refundPolicy: "",
  privacyPolicy: "",
  termsOfService: "",
};

const SAVED_KEYS = new Set<string>([...Object.keys(SHOP_SETTING_LABELS), ...Object.keys(DEFAULT_PAGES), "logo"]);
const isSavedKey = (key: string): key is SavedKey => SAVED_KEYS.has(key);

async function readSavedSettings(db: Db, version: number): Promise<SavedSettings> {
  const rows = await db.selectFrom("shop_settings").select(["key", "value"]).execute();
  const saved: Saved = {};
  for (const { key, value } of rows) if (isSavedKey(key)) saved[key] = value;
  return { version, saved };
}

const settingsCaches = versionedCaches(SETTINGS_VERSION_QUERY, readSavedSettings);

/** The server's settings cache: every page reads the settings through it, and the database once per save. */
export const openShopSettings = (handle: DatabaseHandle) => settingsCaches.open(handle);

/** The shop's name for the work of a process outside a transaction (the mail sender, the payment's description). */
export async function currentShopName(db: Db): Promise<string> {
  return (await settingsCaches.get(db)).saved.name ?? DEFAULT_SHOP_NAME;
}

/**
 * Who a receipt queued in the caller's transaction is from: the shop's name,
 * and its refund policy at the address the running shop recorded, once one
 * is published.
 */
export async function receiptSenderIn(trx: Trx): Promise<ReceiptSender> {
  const rows = await trx
    .selectFrom("shop_settings")
    .select(["key", "value"])
    .where("key", "in", ["name", "refundPolicy"])
    .execute();
  const saved = new Map(rows.map((row) => [row.key, row.value]));
  const name = saved.get("name") ?? DEFAULT_SHOP_NAME;
  if (!saved.get("refundPolicy")?.trim()) return { name };
  const address = await shopAddress(trx, "");
  return address ? { name, refundPolicyUrl: `${address}${policyPath("refunds")}` } : { name };
}

type SettingsConfig = Pick<Config, "shopEmail" | "social">;

/** A fresh shop's settings: the name Wickshop, SPEC's texts, and the environment's email and links. */
export const defaultShopSettings = (config: SettingsConfig): ShopSettings => ({
  name: DEFAULT_SHOP_NAME,
  tagline: DEFAULT_TAGLINE,
  contactEmail: config.shopEmail,
  phone: "",
  address: "",
  ...config.social,
  announcement: "",
  announcementLink: "",
});

const settingsOf = (saved: Saved, config: SettingsConfig): ShopSettings => {
  const settings = defaultShopSettings(config);
  for (const key of Object.keys(settings) as (keyof ShopSettings)[]) settings[key] = saved[key] ?? settings[key];
  return settings;
};

const pagesOf = (saved: Saved): ShopPages => {
  const pages = { ...DEFAULT_PAGES };
  for (const key of Object.keys(pages) as (keyof ShopPages)[]) pages[key] = saved[key] ?? pages[key];
  return pages;
};

/** The shop's settings as every page shows them: what the owner saved over the defaults. */
export async function shopSettings(db: Db, config: SettingsConfig): Promise<ShopSettings> {
  return settingsOf((await settingsCaches.get(db)).saved, config);
}

/** The pages' texts: an empty one is SPEC's words (About, Contact) or an unpublished policy. */
export async function shopPages(db: Db): Promise<ShopPages> {
  return pagesOf((await settingsCaches.get(db)).saved);
}

const logoSchema = z.object({
  nav: z.object({ url: z.string(), width: z.number(), height: z.number() }),
  icon: z.string(),
  touchIcon: z.string(),
});

const logoOf = (saved: Saved): ShopLogo | null => {
  if (!saved.logo) return null;
  try {
    const parsed = logoSchema.safeParse(JSON.parse(saved.logo));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** The logo the owner uploaded, or none: the shop's own mark and favicon. */
export async function shopLogo(db: Db): Promise<ShopLogo | null> {
  return logoOf((await settingsCaches.get(db)).saved);
}

/** The policies with a text, in the footer's order. */
export const publishedPolicies = (pages: ShopPages): PolicyLink[] =>
  POLICIES.filter(({ key }) => pages[key].trim() !== "").map(({ slug, label }) => ({
    slug,
    label,
    path: policyPath(slug),
  }));

async function bumpSettingsVersion(trx: Trx) {
  await trx
    .updateTable("settings_version")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}

export type SettingsSaveOutcome<Key extends SavedKey> = { kind: "saved"; changed: Key[] } | { kind: "unchanged" };

/**
 * Saves what the owner changed of a form, in one transaction with its
 * activity entry (each changed value before and after): the settings
 * version moves so every process reads them again, and the catalog version
 * so the page cache renders its pages again with them. A value saved at its
 * default stays unsaved, so the environment still decides it.
 */
function saveChanges<Key extends SavedKey>(
  db: Db,
  form: Pick<Saved, Key>,
  options: {
    actor: Actor;
    now: number;
    subject: string;
    current: (saved: Saved) => Saved;
    /** The values as the activity log keeps them, when not as saved. */
    logged?: (values: Saved) => Record<string, unknown>;
    /** What else the change writes, in its transaction, once the values are saved. */
    alsoIn?: (trx: Trx, before: Saved) => Promise<void>;
  },
): Promise<SettingsSaveOutcome<Key>> {
  return transaction(db, async (trx) => {
    const current = options.current((await readSavedSettings(trx, 0)).saved);
    const changed = (Object.keys(form) as Key[]).filter((key) => form[key] !== current[key]);
    if (changed.length === 0) return { kind: "unchanged" };
    for (const key of changed) {
      const value = form[key]!;
      await trx
        .insertInto("shop_settings")
        .values({ key, value })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
        .execute();
    }
    await options.alsoIn?.(trx, current);
    const values = (of: Pick<Saved, Key>) =>
      options.logged?.(of) ?? Object.fromEntries(changed.map((key) => [key, of[key]]));
    await recordActivity(
      trx,
      options.actor,
      {
        action: "settings.saved",
        subjectType: "settings",
        subject: options.subject,
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

/** /admin/settings: the shop's name, contact, links and announcement. */
export const saveShopSettings = (
  db: Db,
  form: ShopSettings,
  options: { actor: Actor; now: number; config: SettingsConfig },
) => saveChanges(db, form, { ...options, subject: "Shop", current: (saved) => settingsOf(saved, options.config) });

const logoUrls = (logo: ShopLogo | null) => (logo ? [logo.nav.url, logo.icon, logo.touchIcon] : []);

/**
 * /admin/settings' Logo: a processed upload becomes the shop's logo, or none
 * brings back the shop's own mark. Its files are stored in the same
 * transaction as the setting, and the last logo's deleted once nothing shows
 * them. The activity log says which file the nav shows.
 */
export function setShopLogo(db: Db, upload: ProcessedLogo | null, options: { actor: Actor; now: number }) {
  const file = (photo: ProcessedPhoto) => photo.files[0]!;
  const logo: ShopLogo | null = upload && {
    nav: {
      url: photoUrl(upload.nav.hash, file(upload.nav).width),
      width: file(upload.nav).width,
      height: file(upload.nav).height,
    },
    icon: photoUrl(upload.icon.hash, file(upload.icon).width),
    touchIcon: photoUrl(upload.touchIcon.hash, file(upload.touchIcon).width),
  };
  return saveChanges(
    db,
    { logo: logo ? JSON.stringify(logo) : "" },
    {
      ...options,
      subject: "Logo",
      current: (saved) => ({ logo: saved.logo ?? "" }),
      logged: (values) => ({ logo: logoOf(values)?.nav.url ?? "none" }),
      alsoIn: async (trx, before) => {
        if (upload) await storePhotos(trx, [upload.nav, upload.icon, upload.touchIcon], options.now);
        await deleteUnusedPhotos(trx, logoUrls(logoOf(before)));
      },
    },
  );
}

/** What `npm run settings:export` writes: the settings and page texts the owner saved, none of the defaults. */
export async function savedShopWords(db: Db): Promise<{ settings: Partial<ShopSettings>; pages: Partial<ShopPages> }> {
  const { saved } = await readSavedSettings(db, 0);
  const pick = <T extends object>(keys: object) =>
    Object.fromEntries(Object.keys(keys).flatMap((key) => (key in saved ? [[key, saved[key as SavedKey]]] : []))) as T;
  return { settings: pick(SHOP_SETTING_LABELS), pages: pick(DEFAULT_PAGES) };
}

/** `npm run settings:import`: the words of a file, checked already, saved as the owner's forms save them. */
export const saveImportedWords = (
  db: Db,
  words: Partial<ShopSettings & ShopPages>,
  options: { actor: Actor; now: number; config: SettingsConfig },
) =>
  saveChanges(db, words, {
    ...options,
    subject: "Settings file",
    current: (saved) => ({ ...settingsOf(saved, options.config), ...pagesOf(saved) }),
  });

/** /admin/pages: one page's texts (`subject` is the page's name). */
export const saveShopPage = (db: Db, form: Partial<ShopPages>, options: { actor: Actor; now: number; page: string }) =>
  saveChanges(db, form, { ...options, subject: options.page, current: pagesOf });
