import path from "node:path";
import { z } from "zod";
import { DEFAULT_SHOP_NAME } from "~/lib/shop-settings";
import { newestSnapshotAt } from "../backups/job";
import { lastBackupStatus } from "../backups/status";
import { demoCatalogToCome } from "../catalog/demo";
import type { Config } from "../config";
import type { Db } from "../db";
import { readSettings, writeSetting } from "../db/settings";
import { widerThanPrivate } from "../private-files";
import type { DatabaseFacts, EnvironmentFacts, FileFacts } from "./setup-checklist";

/**
 * Where "Before you open" gets its facts: the environment, which each server
 * records at start so `npm run check-setup` reports the running shop's (the
 * service's Environment=, not the shell's), and the database.
 */

const ENVIRONMENT = "setup_environment";
export const SHIPPING_TAX_NOT_NEEDED = "setup_shipping_tax_not_needed";
export const CHECKLIST_DISMISSED = "setup_checklist_dismissed";

/** An address of the domains kept for examples (RFC 2606), such as the default hello@wickshop.example. */
export function isExampleAddress(email: string) {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return /(^|\.)example(\.(com|net|org))?$/.test(domain);
}

export function environmentFacts(config: Config): EnvironmentFacts {
  return {
    publicUrlHttps: config.publicUrl.startsWith("https://"),
    // Stripe's live keys: secret (sk_live_) or restricted (rk_live_).
    payments: config.stripe ? (/^[sr]k_live_/.test(config.stripe.secretKey) ? "live" : "test") : "gateway",
    mail: config.emailjs ? "emailjs" : config.smtpUrl ? "smtp" : "files",
    shopEmailIsExample: isExampleAddress(config.shopEmail),
    backupEveryHours: config.backups.everyHours,
    backupCommandSet: config.backups.command !== undefined,
  };
}

/** Read live, not recorded: chmod, or emptying the backup folder, changes them without a restart. */
export function fileFacts(config: Pick<Config, "dataDir" | "backups">): FileFacts {
  const { dataDir } = config;
  return {
    dataDir,
    widerThanPrivate: widerThanPrivate(dataDir).map((entry) => path.relative(dataDir, entry) || "."),
    newestBackupAt: newestSnapshotAt(config.backups.dir),
  };
}

/** What Today checks beside the database: this process's environment, and its data and backup folders. */
export const shopFacts = (config: Config) => ({ ...environmentFacts(config), ...fileFacts(config) });

const recordedSchema = z
  .object({
    recordedAt: z.number(),
    publicUrlHttps: z.boolean(),
    payments: z.enum(["live", "test", "gateway"]),
    mail: z.enum(["smtp", "emailjs", "files"]),
    shopEmailIsExample: z.boolean(),
    backupEveryHours: z.number(),
    backupCommandSet: z.boolean(),
  })
  .strict();

export type RecordedEnvironment = z.infer<typeof recordedSchema>;

/** Called by the server at start: what its environment says, with the time. */
export const recordEnvironment = (db: Db, config: Config, now: number) =>
  writeSetting(db, ENVIRONMENT, JSON.stringify({ recordedAt: now, ...environmentFacts(config) }));

/** What the last server to start recorded; null when none has (or one of another version recorded something else). */
export async function recordedEnvironment(db: Db): Promise<RecordedEnvironment | null> {
  const value = (await readSettings(db, [ENVIRONMENT])).get(ENVIRONMENT);
  if (value === undefined) return null;
  const parsed = recordedSchema.safeParse(JSON.parse(value));
  return parsed.success ? parsed.data : null;
}

const count = (rows: { count: number | string | bigint }) => Number(rows.count);

/** What the database says, and whether the owner dismissed the list. */
export async function databaseFacts(db: Db): Promise<DatabaseFacts & { dismissed: boolean }> {
  const owners = await db.selectFrom("user").select("twoFactorEnabled").where("role", "=", "owner").execute();
  const demo = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("demo", "=", 1)
    .where("visible", "=", 1)
    .executeTakeFirstOrThrow();
  const rates = await db
    .selectFrom("shipping_rates")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  const taxStates = await db
    .selectFrom("tax_states")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  const choices = await readSettings(db, [SHIPPING_TAX_NOT_NEEDED, CHECKLIST_DISMISSED]);
  const hers = new Map(
    (
      await db
        .selectFrom("shop_settings")
        .select(["key", "value"])
        .where("key", "in", ["name", "refundPolicy", "aboutText"])
        .execute()
    ).map(({ key, value }) => [key, value.trim()]),
  );
  return {
    owners: owners.length,
    ownersWithoutTwoFactor: owners.filter((owner) => !owner.twoFactorEnabled).length,
    backups: await lastBackupStatus(db),
    visibleDemoProducts: (await demoCatalogToCome(db)) ? null : count(demo),
    shippingRates: count(rates),
    taxStates: count(taxStates),
    shippingTaxNotNeeded: choices.has(SHIPPING_TAX_NOT_NEEDED),
    shopNamed: Boolean(hers.get("name")) && hers.get("name") !== DEFAULT_SHOP_NAME,
    refundPolicyPublished: Boolean(hers.get("refundPolicy")),
    aboutWritten: Boolean(hers.get("aboutText")),
    dismissed: choices.has(CHECKLIST_DISMISSED),
  };
}
