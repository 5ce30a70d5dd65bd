import { describe, expect, it } from "vitest";
import { type SetupFacts, allDone, checklistLines, checklistShown, printedLine } from "~/.server/admin/setup-checklist";
import { environmentFacts, isExampleAddress } from "~/.server/admin/setup-facts";
import { loadConfig } from "~/.server/config";

const HOUR = 60 * 60_000;
const NOW = Date.UTC(2026, 10, 26, 12);

/** A shop ready to open, on SQLite: every line done. */
const ready: SetupFacts = {
  publicUrlHttps: true,
  payments: "live",
  mail: "smtp",
  shopEmailIsExample: false,
  backupEveryHours: 24,
  backupCommandSet: true,
  owners: 1,
  ownersWithoutTwoFactor: 0,
  backups: { lastSnapshotAt: NOW - 3 * HOUR, lastCommand: { at: NOW - 3 * HOUR, exitCode: 0, lastLine: "" } },
  visibleDemoProducts: 0,
  shippingRates: 2,
  taxStates: 1,
  shippingTaxNotNeeded: false,
  shopNamed: true,
  refundPolicyPublished: true,
  aboutWritten: true,
  dataDir: "/srv/wickshop/data",
  widerThanPrivate: [],
  newestBackupAt: NOW - 3 * HOUR,
};

/** The printed lines, as `npm run check-setup` shows them. */
const printed = (changes: Partial<SetupFacts>) => checklistLines({ ...ready, ...changes }, NOW).map(printedLine);

/** The one line of `id` for these facts. */
const line = (id: string, changes: Partial<SetupFacts>) =>
  checklistLines({ ...ready, ...changes }, NOW).find((each) => each.id === id);

describe("Before you open", () => {
  it("is all done for a shop ready to open, one line per item", () => {
    expect(printed({})).toEqual([
      "✓ Two-factor sign-in is on",
      "✓ PUBLIC_URL is https",
      "✓ Payments are real: Stripe with a live key",
      "✓ Email goes out through SMTP",
      "✓ SHOP_EMAIL is your own address",
      "✓ The last backup is 3 hours old",
      "✓ Backups leave the machine: BACKUP_COMMAND's last run succeeded",
      "✓ The data folder and its files are the shop's user's alone",
      "✓ No demo product is in the shop",
      "✓ Shipping and tax are set up",
      "✓ The shop has its own name",
      "✓ A refund policy is published",
      "✓ The About page is yours",
    ]);
    expect(allDone(checklistLines(ready, NOW))).toBe(true);
  });

  it("asks for two-factor sign-in until every owner has it, and for an owner when there is none", () => {
    expect(line("two-factor", { ownersWithoutTwoFactor: 1 })).toMatchObject({
      done: false,
      text: "Turn on two-factor sign-in in Account",
      where: { to: "/admin/account", label: "Account" },
    });
    expect(line("two-factor", { owners: 3, ownersWithoutTwoFactor: 2 })?.text).toBe(
      "Turn on two-factor sign-in in Account: 2 of 3 owners sign in with a password alone",
    );
    expect(line("two-factor", { owners: 3 })).toMatchObject({
      done: true,
      text: "Two-factor sign-in is on for all 3 owners",
    });
    expect(line("two-factor", { owners: 0 })).toMatchObject({
      done: false,
      text: "Create your owner account: npm run owner:create -- --email EMAIL --name NAME",
    });
  });

  it("asks for an https PUBLIC_URL", () => {
    expect(printed({ publicUrlHttps: false })[1]).toBe("✗ Set PUBLIC_URL to your https:// address");
  });

  it("takes only Stripe with a live key as real payments", () => {
    expect(printed({ payments: "test" })[2]).toBe(
      "✗ Set STRIPE_SECRET_KEY to a live key (sk_live_…): a test key takes no real money",
    );
    expect(printed({ payments: "gateway" })[2]).toBe(
      "✗ Set up Stripe with a live key (sk_live_…): the test gateway takes no real money",
    );
  });

  it("takes SMTP or EmailJS as email that goes out, not files", () => {
    expect(printed({ mail: "emailjs" })[3]).toBe("✓ Email goes out through EmailJS");
    expect(printed({ mail: "files" })[3]).toBe(
      "✗ Set SMTP_URL or EmailJS so email goes out: now it is only written to files",
    );
  });

  it("asks for the shop's own address instead of the example one", () => {
    expect(printed({ shopEmailIsExample: true })[4]).toBe(
      "✗ Set SHOP_EMAIL to your own address: it is the example one",
    );
  });

  it("wants a backup younger than the interval and two hours more", () => {
    const takenAgo = (hours: number) => ({ newestBackupAt: NOW - hours * HOUR });
    expect(line("backup", takenAgo(25.9))).toMatchObject({ done: true });
    expect(line("backup", takenAgo(26))).toMatchObject({
      done: false,
      text: "The last backup is 26 hours old: look for backup errors in the shop's log",
    });
    expect(line("backup", takenAgo(0.5))?.text).toBe("The last backup is less than an hour old");
    expect(line("backup", { ...takenAgo(3), backupEveryHours: 1 })).toMatchObject({ done: false });
    expect(line("backup", { newestBackupAt: null })).toMatchObject({
      done: false,
      text: "No backup in the backup folder: the shop takes one at start; look for backup errors in its log",
    });
    expect(line("backup", { backupEveryHours: 0 })).toMatchObject({
      done: false,
      text: "Turn automatic backups on: set BACKUP_EVERY_HOURS (24 is usual), not 0",
    });
  });

  it("wants BACKUP_COMMAND set and its last run a success", () => {
    expect(line("backup-copies", { backupCommandSet: false })).toMatchObject({
      done: false,
      text: "Set BACKUP_COMMAND to send each backup off the machine",
    });
    expect(line("backup-copies", { backups: { ...ready.backups, lastCommand: null } })).toMatchObject({
      done: false,
      text: "BACKUP_COMMAND has not run yet: it runs after the next backup",
    });
    const failed = { at: NOW, exitCode: 3, lastLine: "Failed to copy: directory not found" };
    expect(line("backup-copies", { backups: { ...ready.backups, lastCommand: failed } })).toMatchObject({
      done: false,
      text: "Fix BACKUP_COMMAND: its last run failed (exit 3): Failed to copy: directory not found",
    });
  });

  it("asks for the data folder to be made private, naming what others can read", () => {
    expect(line("private-files", { widerThanPrivate: [".", "wickshop.sqlite"] })).toEqual({
      id: "private-files",
      done: false,
      text: "Make the data folder private, as its owner: chmod -R go-rwx /srv/wickshop/data (other users can read ., wickshop.sqlite)",
    });
    const many = [".", "wickshop.sqlite", "wickshop.sqlite-wal", "wickshop.sqlite-shm", "outbox"];
    expect(line("private-files", { widerThanPrivate: many })?.text).toMatch(
      /\(other users can read \., wickshop\.sqlite, wickshop\.sqlite-wal and 2 more\)$/,
    );
  });

  it("asks for the demo products still in the shop to go", () => {
    expect(line("demo-products", { visibleDemoProducts: 22 })).toMatchObject({
      done: false,
      text: "Edit, hide or delete the 22 demo products still in the shop",
      where: { to: "/admin/products", label: "Products" },
    });
    expect(line("demo-products", { visibleDemoProducts: 1 })?.text).toBe(
      "Edit, hide or delete the 1 demo product still in the shop",
    );
  });

  it("does not say there is no demo product before the first start has loaded them", () => {
    expect(line("demo-products", { visibleDemoProducts: null })).toMatchObject({
      done: false,
      text: "Start the shop once: its first start loads the demo catalog, whose products you then edit, hide or delete",
    });
  });

  it("wants shipping rates and a tax state, or the owner's Not needed", () => {
    expect(line("shipping-tax", { shippingRates: 0, taxStates: 0 })).toMatchObject({
      done: false,
      text: "Add shipping rates and a sales tax state, or press Not needed on Today",
      where: { to: "/admin/shipping", label: "Shipping" },
    });
    expect(line("shipping-tax", { taxStates: 0 })).toMatchObject({
      done: false,
      text: "Add a sales tax state, or press Not needed on Today",
      where: { to: "/admin/tax", label: "Tax" },
    });
    expect(line("shipping-tax", { shippingRates: 0 })?.done).toBe(false);
    expect(line("shipping-tax", { shippingRates: 0, taxStates: 0, shippingTaxNotNeeded: true })).toMatchObject({
      done: true,
      text: "Shipping and tax: not needed, as you said",
    });
  });

  it("asks for the shop's own name, a refund policy and her About, each where she writes it", () => {
    expect(line("shop-name", { shopNamed: false })).toMatchObject({
      done: false,
      text: "Give the shop its own name in Shop: it is still called Wickshop",
      where: { to: "/admin/settings", label: "Shop" },
    });
    expect(line("refund-policy", { refundPolicyPublished: false })).toMatchObject({
      done: false,
      text: "Publish a refund policy in Pages: shoppers and card payments expect one",
      where: { to: "/admin/pages", label: "Pages" },
    });
    expect(line("about", { aboutWritten: false })).toMatchObject({
      done: false,
      text: "Write your About page in Pages: it still tells the demo's story",
      where: { to: "/admin/pages", label: "Pages" },
    });
  });

  it("may be dismissed only when every line is done, and comes back when one is not", () => {
    const done = checklistLines(ready, NOW);
    const notDone = checklistLines({ ...ready, mail: "files" }, NOW);
    expect(allDone(notDone)).toBe(false);
    expect(checklistShown(done, false)).toBe(true);
    expect(checklistShown(done, true)).toBe(false);
    expect(checklistShown(notDone, true)).toBe(true);
  });
});

describe("the environment's facts", () => {
  const facts = (env: Record<string, string>) => environmentFacts(loadConfig({ BACKUP_EVERY_HOURS: "24", ...env }));
  const stripe = { STRIPE_PUBLISHABLE_KEY: "pk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };

  it("reads the payment mode from Stripe's key", () => {
    expect(facts({}).payments).toBe("gateway");
    expect(facts({ ...stripe, STRIPE_SECRET_KEY: "sk_test_x" }).payments).toBe("test");
    expect(facts({ ...stripe, STRIPE_SECRET_KEY: "sk_live_x" }).payments).toBe("live");
    expect(facts({ ...stripe, STRIPE_SECRET_KEY: "rk_live_x" }).payments).toBe("live");
  });

  it("reads PUBLIC_URL, the mail transport, SHOP_EMAIL and the backup settings", () => {
    expect(facts({})).toEqual({
      publicUrlHttps: false,
      payments: "gateway",
      mail: "files",
      shopEmailIsExample: true,
      backupEveryHours: 24,
      backupCommandSet: false,
    });
    expect(
      facts({
        PUBLIC_URL: "https://candles.example.com",
        SMTP_URL: "smtps://mail.example.com",
        SHOP_EMAIL: "hello@wickandpour.com",
        BACKUP_EVERY_HOURS: "6",
        BACKUP_COMMAND: 'rclone copy "$BACKUP_FILE" secret:wickshop',
      }),
    ).toEqual({
      publicUrlHttps: true,
      payments: "gateway",
      mail: "smtp",
      shopEmailIsExample: false,
      backupEveryHours: 6,
      backupCommandSet: true,
    });
  });

  it("knows the example addresses", () => {
    for (const email of ["hello@wickshop.example", "me@example.com", "me@mail.example.org", "me@EXAMPLE.NET"])
      expect(isExampleAddress(email), email).toBe(true);
    for (const email of ["hello@wickandpour.com", "me@examples.com", "me@myexample.com"])
      expect(isExampleAddress(email), email).toBe(false);
  });
});
