import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { migrateToLatest } from "~/.server/db";
import { signIn } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { catalogFile } from "../helpers/catalog-files";
import { makeTestOwner, productEditForm, signedInOwner } from "../helpers/owner";
import { runScript } from "../helpers/run-script";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { type TestDatabase, createTestDatabase, testEngine } from "../helpers/test-database";
import { turnOnTwoFactor } from "../helpers/two-factor";
import { waitFor } from "../helpers/wait-for";

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");

/** The "Before you open" section of Today as the owner reads it, or undefined when it is not shown. */
const checklistOf = (html: string) => {
  const section = /<section[^>]*aria-labelledby="setup-checklist-title"[^>]*>([\s\S]*?)<\/section>/.exec(html);
  return section ? textOf(section[1]!) : undefined;
};

const checkSetup = (env: Record<string, string | undefined>) => runScript("scripts/check-setup.ts", [], env);

describe(`Before you open, on a fresh shop, on ${testEngine}`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let owner: BrowserSession;
  beforeAll(async () => {
    database = await createTestDatabase();
    // An empty database: the server loads the demo catalog, as on a new shop's first start.
    server = await startServerProcess({ ...database.env });
    owner = await signedInOwner({ url: server.url, database });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  const today = async () => checklistOf((await owner.get("/admin")).html);
  const demoMarks = () => database.db.selectFrom("products").select(["id", "demo"]).orderBy("id").execute();

  it("shows the list on Today with what to do", async () => {
    const list = await today();
    expect(list).toContain("Before you open");
    expect(list).toContain("To do: Turn on two-factor sign-in in Account Open Account");
    expect(list).toContain("To do: Set PUBLIC_URL to your https:// address");
    expect(list).toContain("To do: Set up Stripe with a live key (sk_live_…): the test gateway takes no real money");
    expect(list).toContain("To do: Set SMTP_URL or EmailJS so email goes out: now it is only written to files");
    expect(list).toContain("To do: Set SHOP_EMAIL to your own address: it is the example one");
    expect(list).toContain("To do: Edit, hide or delete the 22 demo products still in the shop Open Products");
    expect(list).toContain("To do: Add shipping rates and a sales tax state, or press Not needed on Today");
    // The test servers run without automatic backups, on SQLite and PostgreSQL alike.
    expect(list).toContain("To do: Turn automatic backups on: set BACKUP_EVERY_HOURS (24 is usual), not 0");
    expect(list).toContain("To do: Set BACKUP_COMMAND to send each backup off the machine");
    expect(list).toContain("To do: Give the shop its own name in Shop: it is still called Wickshop Open Shop");
    expect(list).toContain("To do: Publish a refund policy in Pages: shoppers and card payments expect one Open Pages");
    expect(list).toContain("To do: Write your About page in Pages: it still tells the demo's story Open Pages");
    expect(list).toContain("Done: The data folder and its files are the shop's user's alone");
    expect(list).toContain("12 of 13 still to do.");
    expect(list).not.toContain("Dismiss");
  });

  it("turns the shipping and tax line done when the owner presses Not needed, once, in the activity log", async () => {
    const pressed = await owner.postForm("/admin?index", { intent: "shipping-tax-not-needed" });
    expect(pressed.status).toBe(200);
    expect(textOf(pressed.html)).toContain("Shipping and tax are marked not needed.");
    expect(await today()).toContain("Done: Shipping and tax: not needed, as you said");
    const again = await owner.postForm("/admin?index", { intent: "shipping-tax-not-needed" });
    expect(textOf(again.html)).toContain("were marked not needed already; nothing changed.");
    const logged = await database.db
      .selectFrom("activity")
      .select(["action", "subject"])
      .where("subject_type", "=", "setup")
      .execute();
    expect(logged).toEqual([{ action: "setup.shipping_tax_not_needed", subject: "shipping and tax" }]);
    expect(textOf((await owner.get("/admin/activity")).html)).toContain("Marked as not needed: shipping and tax");
  });

  it("clears a demo product's mark when the owner saves it, or an import sets it", async () => {
    expect((await demoMarks()).every((product) => product.demo === 1)).toBe(true);
    const saved = await owner.postMultipart("/admin/products/1001", await productEditForm(database.db, 1001));
    expect(saved.status).toBe(200);
    const file = parseCatalogFile(catalogFile({ Wax: [{ id: 1002, name: "Vanilla Bean, poured by Mara" }] }));
    await importCatalog(database.db, file, { replace: false });
    const marks = await demoMarks();
    expect(marks.filter((product) => product.demo === 0).map((product) => product.id)).toEqual([1001, 1002]);
    expect(await today()).toContain("To do: Edit, hide or delete the 20 demo products still in the shop");
  });

  it("refuses Dismiss while a line is to do, and a body that is not a form", async () => {
    const refused = await owner.postForm("/admin?index", { intent: "dismiss-checklist" });
    expect(refused.status).toBe(409);
    expect(textOf(refused.html)).toContain("Before you open stays until every line is done.");
    expect(await today()).toContain("Before you open");
    const notAForm = await owner.send("/admin?index", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=cut" },
      body: '--cut\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndismiss-',
    });
    expect(notAForm.status).toBe(400);
    expect(textOf(notAForm.html)).toContain("This form could not be read; nothing changed.");
    const dismissed = await database.db
      .selectFrom("settings")
      .select("key")
      .where("key", "=", "setup_checklist_dismissed")
      .execute();
    expect(dismissed).toEqual([]);
  });

  it("prints the same list with npm run check-setup, from the running shop's environment, and exits 1", async () => {
    // The command's own environment says https; the shop's said nothing: the shop's counts.
    const result = await checkSetup({ ...database.env, PUBLIC_URL: "https://candles.example.com" });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^Before you open, as the shop found its environment at its last start \(\d{4}-/);
    expect(lines).toEqual(
      expect.arrayContaining([
        "✗ Turn on two-factor sign-in in Account",
        "✗ Set PUBLIC_URL to your https:// address",
        "✗ Set up Stripe with a live key (sk_live_…): the test gateway takes no real money",
        "✗ Edit, hide or delete the 20 demo products still in the shop",
        "✓ Shipping and tax: not needed, as you said",
        "✗ Give the shop its own name in Shop: it is still called Wickshop",
        "✗ Publish a refund policy in Pages: shoppers and card payments expect one",
        "✗ Write your About page in Pages: it still tells the demo's story",
      ]),
    );
    expect(lines.at(-1)).toBe("11 of 13 still to do.");
  });
});

describe(`npm run check-setup where no shop has started, on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.cleanup());

  it("uses its own environment and says so", async () => {
    const result = await checkSetup({
      ...database.env,
      PUBLIC_URL: "https://candles.example.com",
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toBe(
      "Before you open: no shop has started on this database yet, so these lines use this command's own environment and .env:",
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        "✗ Create your owner account: npm run owner:create -- --email EMAIL --name NAME",
        "✓ PUBLIC_URL is https",
        "✓ Email goes out through SMTP",
        "✗ Start the shop once: its first start loads the demo catalog, whose products you then edit, hide or delete",
      ]),
    );
  });
});

describe(`Before you open, all done, on ${testEngine}`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    await importCatalog(database.db, parseCatalogFile(catalogFile({ Wax: [{ id: 1001, name: "Fig Leaf" }] })), {
      replace: false,
    });
    server = await startServerProcess({
      ...database.env,
      PUBLIC_URL: "https://candles.wickandpour.test",
      STRIPE_SECRET_KEY: "sk_live_wickshop",
      STRIPE_PUBLISHABLE_KEY: "pk_live_wickshop",
      STRIPE_WEBHOOK_SECRET: "whsec_wickshop",
      // Nothing is sent in this test: the address only has to be an SMTP server's.
      SMTP_URL: "smtp://127.0.0.1:2525",
      SHOP_EMAIL: "hello@wickandpour.test",
      BACKUP_EVERY_HOURS: "24",
      BACKUP_COMMAND: "true",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  it("may be dismissed once every line is done, and check-setup exits 0", async () => {
    const credentials = { email: "mara@wickandpour.test", name: "Mara Wick", password: "poured-by-hand-2026" };
    await makeTestOwner(database, credentials);
    const owner = new BrowserSession(server.url);
    expect((await signIn(owner, credentials)).status).toBe(302);
    await turnOnTwoFactor(owner, credentials.password);
    await owner.postForm("/admin?index", { intent: "shipping-tax-not-needed" });
    // Her shop, not the demo's: a name of its own, a refund policy and her About.
    const blank = ["tagline", "phone", "address", "facebook", "instagram", "etsy", "announcement", "announcementLink"];
    await owner.postForm("/admin/settings", {
      intent: "save",
      ...Object.fromEntries(blank.map((name) => [name, ""])),
      name: "Wick & Pour",
      contactEmail: "hello@wickandpour.test",
    });
    await owner.postForm("/admin/pages", { intent: "refunds", refundPolicy: "Returns within 30 days." });
    await owner.postForm("/admin/pages", { intent: "about", aboutTitle: "", aboutHeading: "", aboutText: "Ours." });
    await waitFor(
      async () =>
        (await database.db.selectFrom("settings").select("key").where("key", "=", "backup_last_command").execute())
          .length,
      { what: "the first backup and its command", timeoutMs: 30_000 },
    );

    const list = checklistOf((await owner.get("/admin")).html);
    expect(list).toContain("Every line is done.");
    expect(list).toContain("Done: Payments are real: Stripe with a live key");
    expect(list).toContain("Dismiss");

    const dismissed = await owner.postForm("/admin?index", { intent: "dismiss-checklist" });
    expect(dismissed.status).toBe(200);
    expect(textOf(dismissed.html)).toContain("Before you open is dismissed");
    expect(checklistOf((await owner.get("/admin")).html)).toBeUndefined();

    // What the server recorded at start: facts, never a key, a URL or the command.
    const recorded = await database.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "setup_environment")
      .executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(recorded.value)).sort()).toEqual([
      "backupCommandSet",
      "backupEveryHours",
      "mail",
      "payments",
      "publicUrlHttps",
      "recordedAt",
      "shopEmailIsExample",
    ]);

    const result = await checkSetup({ ...database.env });
    expect(result.stderr).toBe("");
    expect(result.stdout.trim().split("\n").at(-1)).toBe("Every line is done.");
    expect(result.code).toBe(0);

    // A line to do again (a second owner, without two-factor sign-in yet): the list is back, with the line.
    await makeTestOwner(database, { ...credentials, email: "june@wickandpour.test", name: "June Wick" });
    const back = checklistOf((await owner.get("/admin")).html);
    expect(back).toContain("To do: Turn on two-factor sign-in in Account: 1 of 2 owners sign in with a password alone");
    expect(back).not.toContain("Dismiss");
  });
});

describe(`migration 024 (demo products) on ${testEngine}`, () => {
  let database: TestDatabase;
  afterAll(() => database?.cleanup());

  it("marks the products of a shop from before that are still the demo's, by catalog number and name", async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    await migrateToLatest(db, "023-shipping-and-tax");
    const [category] = await db
      .insertInto("categories")
      .values({ slug: "pillars", title: "Pillars", route: "shop/pillars", image_url: "/i.webp", position: 0 })
      .returning("id")
      .execute();
    const product = (id: number, name: string) => ({
      id,
      category_id: category!.id,
      name,
      price_cents: 2400,
      stock: 3,
      scent: "Lavender",
      description: "Poured by hand.",
      images: "[]",
      position: id,
      weight: null,
    });
    // As 023 left them: no demo column yet.
    await db
      .insertInto("products")
      .values([product(1001, "Lavender Fields"), product(1002, "Mara's Vanilla"), product(5001, "Lavender Fields")])
      .execute();
    await migrateToLatest(db);
    expect(await db.selectFrom("products").select(["id", "demo"]).orderBy("id").execute()).toEqual([
      { id: 1001, demo: 1 },
      { id: 1002, demo: 0 },
      { id: 5001, demo: 0 },
    ]);
  });
});
