import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Credentials,
  newCredentials,
  sessionsOf,
  signIn,
  signUp,
  signedUp,
  usersWithEmail,
} from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { makeTestOwner, signedInOwner } from "../helpers/owner";
import { runScript } from "../helpers/run-script";
import { type Shop, cards, openShop, pay, placePendingOrder } from "../helpers/shop-api";
import { everyWrittenRow, orderByNumber, stockOf } from "../helpers/shop-db";
import { createTestDatabase, testEngine } from "../helpers/test-database";

const NOT_FOUND = "Oops! Looks like this page doesn&#x27;t exist.";

describe(`the owner's role, on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, name: "Fig Leaf", price: 24, stock: 10 }] });
  });
  afterAll(() => shop.close());

  const ownerCreate = (args: string[], env: Record<string, string> = {}) =>
    runScript("scripts/owner-create.ts", args, { ...shop.database.env, ...env });
  async function newOwner(): Promise<Credentials> {
    const owner = { ...newCredentials("Mara Wick"), password: "poured-by-hand-2026" };
    const made = await ownerCreate(["--email", owner.email, "--name", owner.displayName], {
      OWNER_PASSWORD: owner.password,
    });
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    // The running shop's address (its PORT, as the shop recorded it), not this command's environment's.
    expect(made.stdout).toBe(
      `Created the owner account ${owner.email}: sign in at ${shop.url}/auth and open ${shop.url}/admin.\n`,
    );
    return owner;
  }

  it("sends a signed-out visitor of any /admin page to sign in, and back", async () => {
    const visitor = new BrowserSession(shop.url);
    for (const path of ["/admin", "/admin?from=email"]) {
      const answer = await visitor.get(path);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`/auth?returnTo=${encodeURIComponent(path)}`);
    }
  });

  it("shows a shopper the not-found view with status 404, even one who tried to sign up with a role", async () => {
    const shopper = new BrowserSession(shop.url);
    const credentials = newCredentials();
    expect((await signUp(shopper, credentials, { role: "owner" })).status).toBe(302);
    const answer = await shopper.get("/admin");
    expect(answer.status).toBe(404);
    expect(answer.html).toContain(NOT_FOUND);
    expect(answer.html).not.toContain("To ship");
    expect((await usersWithEmail(shop.db, credentials.email))[0]).toMatchObject({ role: "shopper" });
  });

  it("opens Today to an owner made by npm run owner:create while the shop runs, with a paid guest order to ship", async () => {
    const order = await placePendingOrder(shop, [{ id: 1001, quantity: 2 }], {
      shipping: { name: "Grace Hopper", city: "Arlington", state: "VA" },
    });
    expect((await pay(shop, order, cards.success)).status).toBe(200);
    const owner = await newOwner();
    const browser = new BrowserSession(shop.url);
    expect((await signIn(browser, owner, { returnTo: "/admin" })).location).toBe("/admin");

    const today = await browser.get("/admin");
    expect(today.status).toBe(200);
    expect(today.headers.get("cache-control")).toBe("private, no-store");
    expect(today.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(today.html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(today.html).toContain(">Today</h1>");
    expect(today.html).toContain("To ship (1)");
    expect(today.html).toContain(order.number);
    expect(today.html).toContain("Grace Hopper");
    expect(today.html).toMatch(/2 items · \$48\.00 · Arlington, VA/);
    expect(today.html).toMatch(/aria-label="Sales over the last 30 days: \$48\.00 from 1 order\."/);
    expect(today.html).toContain('href="/admin"');

    expect((await browser.get("/")).html).toMatch(/<a[^>]*href="\/admin"[^>]*>Admin<\/a>/);
  });

  it("checks the role on every back-office page and action: signed out, shopper, owner", async () => {
    const order = await placePendingOrder(shop, [{ id: 1001, quantity: 1 }]);
    const pages = [
      "/admin",
      "/admin/orders",
      `/admin/orders/${order.number}`,
      "/admin/activity",
      "/admin/account",
      "/admin/orders.csv",
      "/admin/activity.csv",
      "/admin/products",
      "/admin/products/new",
      "/admin/products/1001",
      "/admin/products.csv",
      "/admin/catalog.json",
      "/admin/categories",
      "/admin/import",
      "/admin/shipping",
      "/admin/tax",
      "/admin/discounts",
    ];
    const actions: [string, Record<string, string>][] = [
      ["/admin?index", { intent: "ship", number: order.number }],
      [`/admin/orders/${order.number}`, { intent: "refund", number: order.number, restock: "on" }],
      ["/admin/account", { intent: "enable", password: "whatever-it-is" }],
      ["/admin/products/1001", { intent: "add", delta: "5", reason: "poured" }],
      ["/admin/products/1001", { intent: "set", stock: "0", expected: String(await stockOf(shop.db, 1001)) }],
      ["/admin/products/new", { intent: "save", name: "Sneaky", price: "1", category: "wax", lowStockAt: "1" }],
      ["/admin/categories", { intent: "rename", id: "1", title: "Sneaky" }],
      ["/admin/shipping", { intent: "preset", preset: "Contiguous US" }],
      ["/admin/tax", { intent: "state", state: "TX", rate: "6.25" }],
      ["/admin/discounts", { intent: "save", code: "SNEAKY", kind: "percent", value: "50", active: "on" }],
    ];
    const stockBefore = await stockOf(shop.db, 1001);
    const visitor = new BrowserSession(shop.url);
    const shopper = new BrowserSession(shop.url);
    await signedUp(shopper);
    const owner = new BrowserSession(shop.url);
    // The command itself is the test above's; this owner is made in process.
    const credentials = { ...newCredentials("Mara Wick"), password: "poured-by-hand-2026" };
    await makeTestOwner(shop.database, {
      email: credentials.email,
      name: credentials.displayName,
      password: credentials.password,
    });
    await signIn(owner, credentials);
    for (const path of pages) {
      expect((await visitor.get(path)).location, path).toBe(`/auth?returnTo=${encodeURIComponent(path)}`);
      expect((await shopper.get(path)).status, path).toBe(404);
      expect((await owner.get(path)).status, path).toBe(200);
    }
    for (const [path, fields] of actions) {
      expect((await visitor.postForm(path, fields)).status, path).toBe(302);
      expect((await shopper.postForm(path, fields)).status, path).toBe(404);
    }
    expect((await orderByNumber(shop.db, order.number)).status).toBe("pending_payment");
    expect(await stockOf(shop.db, 1001)).toBe(stockBefore);
    expect(await shop.db.selectFrom("products").select("id").where("name", "=", "Sneaky").execute()).toEqual([]);
    expect(await shop.db.selectFrom("categories").select("id").where("title", "=", "Sneaky").execute()).toEqual([]);
    expect(await shop.db.selectFrom("shipping_zones").select("id").execute()).toEqual([]);
    expect(await shop.db.selectFrom("tax_states").select("state").execute()).toEqual([]);
  });

  it('answers an unknown or a missing intent with 400 and "Unknown action." on every back-office action, changing nothing', async () => {
    const order = await placePendingOrder(shop, [{ id: 1001, quantity: 1 }]);
    expect((await pay(shop, order, cards.success)).status).toBe(200);
    const owner = await signedInOwner(shop);
    const catalog = (await owner.get("/admin/catalog.json")).html;
    const multipart = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append("photos", new Blob([], { type: "application/octet-stream" }), "");
      return form;
    };
    const product = { name: "Sneaky", price: "1", category: "wax", lowStockAt: "1", visible: "on" };
    const before = await everyWrittenRow(shop.db);
    const intents: Record<string, string>[] = [{ intent: "sell-everything" }, { intent: "" }, {}];
    for (const intent of intents) {
      const answers = {
        today: await owner.postForm("/admin?index", { ...intent, number: order.number }),
        order: await owner.postForm(`/admin/orders/${order.number}`, {
          ...intent,
          number: order.number,
          restock: "on",
        }),
        account: await owner.postForm("/admin/account", { ...intent, digest: "on" }),
        stock: await owner.postForm("/admin/products/1001", { ...intent, delta: "5", reason: "poured", confirm: "on" }),
        save: await owner.postMultipart("/admin/products/1001", multipart({ ...intent, ...product })),
        create: await owner.postMultipart("/admin/products/new", multipart({ ...intent, ...product })),
        categories: await owner.postMultipart("/admin/categories", multipart({ ...intent, title: "Sneaky" })),
        import: await owner.postMultipart("/admin/import", multipart({ ...intent, catalog })),
        shipping: await owner.postForm("/admin/shipping", { ...intent, preset: "Contiguous US" }),
        tax: await owner.postForm("/admin/tax", { ...intent, state: "TX", rate: "6.25" }),
        zipRates: await owner.postMultipart("/admin/tax", multipart({ ...intent })),
        discounts: await owner.postForm("/admin/discounts", { ...intent, code: "SNEAKY", kind: "percent", value: "5" }),
      };
      for (const [action, answer] of Object.entries(answers)) {
        expect(answer.status, `${action} ${JSON.stringify(intent)}`).toBe(400);
        expect(answer.html, `${action} ${JSON.stringify(intent)}`).toContain("Unknown action.");
      }
    }
    expect(await everyWrittenRow(shop.db)).toEqual(before);
  });

  it("gives an account someone registered under the owner's address the role only with the owner's password: the stranger's password and session end", async () => {
    const stranger = new BrowserSession(shop.url);
    const registered = await signedUp(stranger, { ...newCredentials("Not Mara"), password: "12345678" });
    expect((await stranger.get("/admin")).status).toBe(404);
    const made = await ownerCreate(["--email", registered.email.toUpperCase(), "--name", "Mara Wick"], {
      OWNER_PASSWORD: "poured-by-hand-2026",
    });
    expect(made).toMatchObject({
      code: 0,
      stderr: "",
      stdout: expect.stringContaining(
        `${registered.email} is now an owner. Its name is Mara Wick and its password the one you gave; every session it had is signed out, and no Google sign-in is linked to it any more:`,
      ),
    });
    expect((await stranger.get("/admin")).location).toBe("/auth?returnTo=%2Fadmin");
    expect(await sessionsOf(shop.db, (await usersWithEmail(shop.db, registered.email))[0]!.id)).toEqual([]);
    expect((await signIn(new BrowserSession(shop.url), registered)).status).toBe(401);
    const owner = new BrowserSession(shop.url);
    expect((await signIn(owner, { email: registered.email, password: "poured-by-hand-2026" })).status).toBe(302);
    expect((await owner.get("/admin")).status).toBe(200);
    expect((await usersWithEmail(shop.db, registered.email))[0]).toMatchObject({ name: "Mara Wick", role: "owner" });

    expect(await ownerCreate(["--email", registered.email, "--remove"])).toMatchObject({
      code: 0,
      stdout: `${registered.email} is no longer an owner.\n`,
    });
    expect((await owner.get("/admin")).status).toBe(404);
    expect((await owner.get("/")).html).not.toMatch(/>Admin</);
  });

  it("points to its own PUBLIC_URL when no shop has started on the database yet", async () => {
    const fresh = await createTestDatabase();
    try {
      const made = await runScript("scripts/owner-create.ts", ["--email", "first@example.com", "--name", "Mara"], {
        ...fresh.env,
        OWNER_PASSWORD: "poured-by-hand-2026",
        PUBLIC_URL: "https://candles.example/",
      });
      expect(made).toEqual({
        code: 0,
        stderr: "",
        stdout:
          "Created the owner account first@example.com: sign in at https://candles.example/auth and open https://candles.example/admin.\n",
      });
    } finally {
      await fresh.cleanup();
    }
  });

  it("asks for the password when it promotes an account, as when it creates one", async () => {
    const shopper = await signedUp(new BrowserSession(shop.url));
    const users = await shop.db.selectFrom("user").select(["email", "role"]).orderBy("email").execute();
    expect(await ownerCreate(["--email", shopper.email, "--name", "Mara"])).toEqual({
      code: 1,
      stdout: "",
      stderr: "Password for the owner account: The password must be at least 12 characters.\n",
    });
    expect(await shop.db.selectFrom("user").select(["email", "role"]).orderBy("email").execute()).toEqual(users);
  });

  it.each([
    [
      ["--email", "not-an-email", "--name", "Mara"],
      { OWNER_PASSWORD: "long-enough-password" },
      "Give a valid --email.\n",
    ],
    [
      ["--email", "short@example.com", "--name", "Mara"],
      { OWNER_PASSWORD: "too-short" },
      "The password must be at least 12 characters.\n",
    ],
    [
      ["--email", "nopassword@example.com", "--name", "Mara"],
      {},
      "Password for the owner account: The password must be at least 12 characters.\n",
    ],
    [["--email", "noname@example.com"], { OWNER_PASSWORD: "long-enough-password" }, "Give the owner's --name.\n"],
    [["--email", "nobody@example.com", "--remove"], {}, "There is no account for nobody@example.com.\n"],
    [["--owner", "x"], {}, "Usage: npm run owner:create -- --email EMAIL --name NAME  (or --email EMAIL --remove)\n"],
  ])("refuses %j with one line and exit 1, changing nothing", async (args, env, message) => {
    const users = await shop.db.selectFrom("user").select(["email", "role"]).orderBy("email").execute();
    expect(await ownerCreate(args, env)).toEqual({ code: 1, stdout: "", stderr: message });
    expect(await shop.db.selectFrom("user").select(["email", "role"]).orderBy("email").execute()).toEqual(users);
  });
});
