import { DEFAULT_SHOP_NAME } from "~/lib/shop-settings";
import type { BackupStatus } from "../backups/status";

/**
 * "Before you open" (DESIGN.md, "Going live"): what must be true before a
 * shop takes real orders, as lines that are done or say what to do. The same
 * rules make Today's list and `npm run check-setup`'s; the facts come from
 * setup-facts.ts.
 */

/** What the shop's environment says, as the server records it at start (no secrets). */
export interface EnvironmentFacts {
  publicUrlHttps: boolean;
  /** Stripe with a live key, Stripe with a test key, or the test gateway (no Stripe). */
  payments: "live" | "test" | "gateway";
  mail: "smtp" | "emailjs" | "files";
  shopEmailIsExample: boolean;
  backupEveryHours: number;
  backupCommandSet: boolean;
}

/** What the database says. */
export interface DatabaseFacts {
  owners: number;
  ownersWithoutTwoFactor: number;
  /** The backup job's record of BACKUP_COMMAND: SQLite copies or PostgreSQL dumps alike. */
  backups: BackupStatus;
  /** null before the first start, which loads the demo catalog (catalog/demo.ts). */
  visibleDemoProducts: number | null;
  shippingRates: number;
  taxStates: number;
  /** The owner pressed "Not needed" on the shipping and tax line. */
  shippingTaxNotNeeded: boolean;
  /** The shop is hers (/admin/settings, /admin/pages): a name of its own, a refund policy, her About. */
  shopNamed: boolean;
  refundPolicyPublished: boolean;
  aboutWritten: boolean;
}

/** What the data and backup folders say, read when the list is shown (private-files.ts, backups/job.ts). */
export interface FileFacts {
  dataDir: string;
  /** DATA_DIR itself or what is in it that other users may read, relative to it ("." for the folder). */
  widerThanPrivate: string[];
  /** When the newest snapshot in BACKUP_DIR that is there and not empty was taken; null when there is none. */
  newestBackupAt: number | null;
}

export type SetupFacts = EnvironmentFacts & DatabaseFacts & FileFacts;

export interface ChecklistLine {
  id: string;
  done: boolean;
  /** When done, what is true; otherwise what to do. */
  text: string;
  /** The back-office screen where the owner does it, when she can do it there. */
  where?: { to: string; label: string };
}

const HOUR_MS = 60 * 60_000;

/** The backup may be this much older than the interval before its line turns red: a snapshot takes a while. */
export const BACKUP_GRACE_HOURS = 2;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function twoFactorLine({ owners, ownersWithoutTwoFactor: without }: SetupFacts): ChecklistLine {
  const line = { id: "two-factor", where: { to: "/admin/account", label: "Account" } };
  if (owners === 0)
    return {
      ...line,
      done: false,
      text: "Create your owner account: npm run owner:create -- --email EMAIL --name NAME",
    };
  if (without === 0)
    return { ...line, done: true, text: `Two-factor sign-in is on${owners > 1 ? ` for all ${owners} owners` : ""}` };
  return {
    ...line,
    done: false,
    text:
      owners === 1
        ? "Turn on two-factor sign-in in Account"
        : `Turn on two-factor sign-in in Account: ${without} of ${owners} owners sign in with a password alone`,
  };
}

const PAYMENTS = {
  live: "Payments are real: Stripe with a live key",
  test: "Set STRIPE_SECRET_KEY to a live key (sk_live_…): a test key takes no real money",
  gateway: "Set up Stripe with a live key (sk_live_…): the test gateway takes no real money",
};

const MAIL = {
  smtp: "Email goes out through SMTP",
  emailjs: "Email goes out through EmailJS",
  files: "Set SMTP_URL or EmailJS so email goes out: now it is only written to files",
};

/**
 * The two backup lines: a recent backup, and BACKUP_COMMAND sending it off
 * the machine. The backup is the newest copy in the folder, not the time the
 * job recorded: a folder emptied since has no backup.
 */
function backupLines(facts: SetupFacts, now: number): ChecklistLine[] {
  const { newestBackupAt: newest } = facts;
  const { lastCommand } = facts.backups;
  const age = newest === null ? null : Math.max(0, Math.floor((now - newest) / HOUR_MS));
  const ageText = age === 0 ? "less than an hour old" : `${plural(age ?? 0, "hour", "hours")} old`;
  const backup: ChecklistLine =
    facts.backupEveryHours === 0
      ? { id: "backup", done: false, text: "Turn automatic backups on: set BACKUP_EVERY_HOURS (24 is usual), not 0" }
      : newest === null
        ? {
            id: "backup",
            done: false,
            text: "No backup in the backup folder: the shop takes one at start; look for backup errors in its log",
          }
        : now - newest < (facts.backupEveryHours + BACKUP_GRACE_HOURS) * HOUR_MS
          ? { id: "backup", done: true, text: `The last backup is ${ageText}` }
          : {
              id: "backup",
              done: false,
              text: `The last backup is ${ageText}: look for backup errors in the shop's log`,
            };
  const copies: ChecklistLine = !facts.backupCommandSet
    ? { id: "backup-copies", done: false, text: "Set BACKUP_COMMAND to send each backup off the machine" }
    : lastCommand === null
      ? { id: "backup-copies", done: false, text: "BACKUP_COMMAND has not run yet: it runs after the next backup" }
      : lastCommand.exitCode === 0
        ? { id: "backup-copies", done: true, text: "Backups leave the machine: BACKUP_COMMAND's last run succeeded" }
        : {
            id: "backup-copies",
            done: false,
            text: `Fix BACKUP_COMMAND: its last run failed (exit ${lastCommand.exitCode})${lastCommand.lastLine ? `: ${lastCommand.lastLine}` : ""}`,
          };
  return [backup, copies];
}

/** Names shown on the private-files line; the rest are counted. */
const NAMED_FILES = 3;

function privateFilesLine({ dataDir, widerThanPrivate: wide }: SetupFacts): ChecklistLine {
  if (wide.length === 0)
    return { id: "private-files", done: true, text: "The data folder and its files are the shop's user's alone" };
  const named = wide.slice(0, NAMED_FILES).join(", ");
  const more = wide.length > NAMED_FILES ? ` and ${wide.length - NAMED_FILES} more` : "";
  return {
    id: "private-files",
    done: false,
    text: `Make the data folder private, as its owner: chmod -R go-rwx ${dataDir} (other users can read ${named}${more})`,
  };
}

function shippingTaxLine({ shippingRates, taxStates, shippingTaxNotNeeded }: SetupFacts): ChecklistLine {
  if (shippingRates > 0 && taxStates > 0)
    return { id: "shipping-tax", done: true, text: "Shipping and tax are set up" };
  if (shippingTaxNotNeeded)
    return { id: "shipping-tax", done: true, text: "Shipping and tax: not needed, as you said" };
  const missing = [shippingRates === 0 ? "shipping rates" : null, taxStates === 0 ? "a sales tax state" : null];
  return {
    id: "shipping-tax",
    done: false,
    text: `Add ${missing.filter(Boolean).join(" and ")}, or press Not needed on Today`,
    where: shippingRates === 0 ? { to: "/admin/shipping", label: "Shipping" } : { to: "/admin/tax", label: "Tax" },
  };
}

/** The "Before you open" list for these facts, at `now`. */
export function checklistLines(facts: SetupFacts, now: number): ChecklistLine[] {
  return [
    twoFactorLine(facts),
    facts.publicUrlHttps
      ? { id: "https", done: true, text: "PUBLIC_URL is https" }
      : { id: "https", done: false, text: "Set PUBLIC_URL to your https:// address" },
    { id: "payments", done: facts.payments === "live", text: PAYMENTS[facts.payments] },
    { id: "email", done: facts.mail !== "files", text: MAIL[facts.mail] },
    facts.shopEmailIsExample
      ? { id: "shop-email", done: false, text: "Set SHOP_EMAIL to your own address: it is the example one" }
      : { id: "shop-email", done: true, text: "SHOP_EMAIL is your own address" },
    ...backupLines(facts, now),
    privateFilesLine(facts),
    demoLine(facts.visibleDemoProducts),
    shippingTaxLine(facts),
    ...ownShopLines(facts),
  ];
}

/** Until the first start, the demo's products are still to come: the line cannot say there are none. */
function demoLine(visibleDemoProducts: number | null): ChecklistLine {
  if (visibleDemoProducts === null)
    return {
      id: "demo-products",
      done: false,
      text: "Start the shop once: its first start loads the demo catalog, whose products you then edit, hide or delete",
    };
  return visibleDemoProducts === 0
    ? { id: "demo-products", done: true, text: "No demo product is in the shop" }
    : {
        id: "demo-products",
        done: false,
        text: `Edit, hide or delete the ${plural(visibleDemoProducts, "demo product", "demo products")} still in the shop`,
        where: { to: "/admin/products", label: "Products" },
      };
}

/** The three lines that make it her shop, not the demo's. */
function ownShopLines({ shopNamed, refundPolicyPublished, aboutWritten }: SetupFacts): ChecklistLine[] {
  const pages = { to: "/admin/pages", label: "Pages" };
  return [
    shopNamed
      ? { id: "shop-name", done: true, text: "The shop has its own name" }
      : {
          id: "shop-name",
          done: false,
          text: `Give the shop its own name in Shop: it is still called ${DEFAULT_SHOP_NAME}`,
          where: { to: "/admin/settings", label: "Shop" },
        },
    refundPolicyPublished
      ? { id: "refund-policy", done: true, text: "A refund policy is published" }
      : {
          id: "refund-policy",
          done: false,
          text: "Publish a refund policy in Pages: shoppers and card payments expect one",
          where: pages,
        },
    aboutWritten
      ? { id: "about", done: true, text: "The About page is yours" }
      : {
          id: "about",
          done: false,
          text: "Write your About page in Pages: it still tells the demo's story",
          where: pages,
        },
  ];
}

export const allDone = (lines: ChecklistLine[]) => lines.every((line) => line.done);

/** Once dismissed, the list stays away while every line is done, and comes back when one is not. */
export const checklistShown = (lines: ChecklistLine[], dismissed: boolean) => !dismissed || !allDone(lines);

/** A line as `npm run check-setup` prints it. */
export const printedLine = (line: ChecklistLine) => `${line.done ? "✓" : "✗"} ${line.text}`;
