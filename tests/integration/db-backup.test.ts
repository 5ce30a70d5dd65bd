import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "~/.server/db";
import { newCredentials, signedUp, signIn } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { runScript } from "../helpers/run-script";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { openShop, type PaymentAnswer, placePendingOrder, request, type Shop } from "../helpers/shop-api";
import { accountedStock, orderByNumber, type OrderWithItems } from "../helpers/shop-db";
import { placePaidOrder } from "../helpers/shop-mail";
import { testEngine, testPostgresUrl } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const candle = { id: 1401, price: 12.5, stock: 1_000 };
/** Orders are placed and paid for as long as the backup runs, but never more than this. */
const MAX_ORDERS_DURING_BACKUP = 200;

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `wickshop-${name}-`));

/** A restored copy of the shop's database, and how to start a server on it. */
interface Restored {
  db: Db;
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

/** Runs `backup` while `sell` keeps the shop busy until it is done. */
async function whileSelling<T>(backup: Promise<T>, sell: (done: () => boolean) => Promise<void>): Promise<T> {
  let done = false;
  const [result] = await Promise.all([backup.finally(() => (done = true)), sell(() => done)]);
  return result;
}

type Selling = (done: () => boolean) => Promise<void>;

/** SQLite: the shop's own commands. */
async function backUpAndRestoreSqlite(shop: Shop, sell: Selling): Promise<Restored> {
  const file = path.join(tempDir("backup"), "shop.sqlite");
  const backup = await whileSelling(runScript("scripts/db-backup.ts", [file], shop.database.env), sell);
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  expect(backup.stdout).toMatch(
    /^Backed up .* to .*shop\.sqlite \(\d+ KB, checked page by page: \d+ orders, \d+ of them paid\)\.\n$/,
  );
  // Password hashes, two-factor secrets and the session secret: readable by the shop's user alone.
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);

  const dataDir = tempDir("restored");
  const restore = await runScript("scripts/db-restore.ts", [file], { DATA_DIR: dataDir });
  expect(restore.code).toBe(0);
  expect(restore.stdout).toMatch(/^Restored .*shop\.sqlite \(.*\) into .*\.\nStart the shop again\.\n$/);

  // Again, into the same (stopped) folder: the first restore's database is kept beside the new one.
  const again = await runScript("scripts/db-restore.ts", [file], { DATA_DIR: dataDir });
  expect(again.code).toBe(0);
  expect(again.stdout).toMatch(/The database it replaced is kept as .*wickshop\.sqlite\.before-restore-\d{8}T\d{6}Z\./);

  const { db } = openDatabase({ dataDir });
  return {
    db,
    env: { DATA_DIR: dataDir },
    cleanup: async () => {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/** PostgreSQL: the same commands, a pg_dump restored into a new database. */
async function backUpAndRestorePostgres(shop: Shop, sell: Selling): Promise<Restored> {
  const options = new URL(shop.database.env.DATABASE_URL!).searchParams.get("options")!;
  const schema = /search_path=(\w+)/.exec(options)![1]!;
  const file = path.join(tempDir("backup"), "shop.dump");
  const backup = await whileSelling(runScript("scripts/db-backup.ts", [file], shop.database.env), sell);
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  expect(backup.stdout).toMatch(
    /^Backed up the database at DATABASE_URL to .*shop\.dump \(\d+ KB, listed and read by pg_restore: \d+ orders, \d+ of them paid\)\.\n$/,
  );
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);

  const database = `restore_${schema}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(testPostgresUrl!);
  url.pathname = `/${database}`;
  url.searchParams.set("options", `-c search_path=${schema}`);
  const dataDir = tempDir("restored");
  const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
  const restore = await runScript("scripts/db-restore.ts", [file], env);
  expect(restore.stderr).toBe("");
  expect(restore.code).toBe(0);
  expect(restore.stdout).toMatch(/^Restored .*shop\.dump \(.*\) into the database at DATABASE_URL\./);

  // Again, into the same database: refused, with one sentence, and nothing changed.
  const tables = `select count(*) as n from pg_tables where schemaname = '${schema}'`;
  const restored = new pg.Client({ connectionString: url.toString() });
  await restored.connect();
  const before = (await restored.query(tables)).rows[0].n;
  const again = await runScript("scripts/db-restore.ts", [file], env);
  expect(again.code).toBe(1);
  expect(again.stderr).toBe(
    "Nothing was restored: The database at DATABASE_URL already has the shop's tables: restore into a new, empty database (createdb) and point DATABASE_URL at it.\n",
  );
  expect((await restored.query(tables)).rows[0].n).toBe(before);
  await restored.end();

  const { db } = openDatabase({ dataDir, databaseUrl: url.toString() });
  return {
    db,
    env,
    cleanup: async () => {
      await db.destroy();
      // The pool's connections close in the background; forcing them would make them throw here.
      const connected = async () =>
        Number(
          (await admin.query("select count(*) as n from pg_stat_activity where datname = $1", [database])).rows[0].n,
        );
      await waitFor(async () => (await connected()) === 0, { what: `the last connection to ${database} to close` });
      await admin.query(`drop database ${database}`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

describe(`backing up a running shop and restoring it on ${testEngine}`, () => {
  let shop: Shop;
  let restored: Restored | undefined;
  let restoredServer: ServerProcess | undefined;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle] });
  });
  afterAll(async () => {
    await restoredServer?.stop();
    await restored?.cleanup();
    await shop?.close();
  });

  it("restores every order paid before the backup, a consistent stock count, and the accounts", async () => {
    const shopper = new BrowserSession(shop.url);
    const account = await signedUp(shopper, newCredentials("Ivy Tallow"));
    const paidBefore: OrderWithItems[] = [
      await placePaidOrder(shop, [{ id: candle.id, quantity: 2 }], { browser: shopper }),
      await placePaidOrder(shop, [{ id: candle.id, quantity: 1 }], { shipping: { email: "guest@example.com" } }),
      await placePaidOrder(shop, [{ id: candle.id, quantity: 5 }]),
    ];
    const pendingBefore = await placePendingOrder(shop, [{ id: candle.id, quantity: 3 }]);
    // The shop keeps selling while the backup is taken.
    let soldDuring = 0;
    const keepSelling: Selling = async (done) => {
      for (; soldDuring < MAX_ORDERS_DURING_BACKUP && !done(); soldDuring++) {
        await placePaidOrder(shop, [{ id: candle.id, quantity: 1 }]);
      }
    };

    restored = await (testEngine === "sqlite" ? backUpAndRestoreSqlite : backUpAndRestorePostgres)(shop, keepSelling);
    expect(soldDuring).toBeGreaterThan(0);

    // One moment's snapshot: whatever it caught mid-sale, no unit of stock is missing or extra.
    expect(await accountedStock(restored.db)).toEqual(shop.initialStock);
    for (const order of paidBefore) expect(await orderByNumber(restored.db, order.number)).toEqual(order);
    expect((await orderByNumber(restored.db, pendingBefore.number)).status).toBe("pending_payment");

    // What the shop owner checks: the restored shop answers for the same orders, and the shopper can sign in.
    restoredServer = await startServerProcess(restored.env);
    for (const order of paidBefore) {
      const answer = await request<PaymentAnswer>(`${restoredServer.url}/api/orders/${order.number}/payment`, {
        method: "GET",
      });
      expect(answer.status).toBe(200);
      expect(answer.body.order).toMatchObject({
        number: order.number,
        status: "paid",
        amountCents: order.amount_cents,
      });
    }
    expect((await signIn(new BrowserSession(restoredServer.url), account)).status).toBe(302);
  });

  it.runIf(testEngine === "sqlite")(
    "refuses to back up over an existing file, and to restore what is not a shop's database",
    async () => {
      const existing = path.join(tempDir("backup"), "taken.sqlite");
      fs.writeFileSync(existing, "an older backup");
      const backup = await runScript("scripts/db-backup.ts", [existing], shop.database.env);
      expect(backup.code).toBe(1);
      expect(backup.stderr).toBe(
        `No backup was made: ${existing} already exists: choose a new file name, so no backup is overwritten.\n`,
      );
      expect(fs.readFileSync(existing, "utf8")).toBe("an older backup");

      const dataDir = tempDir("restored");
      const restore = await runScript("scripts/db-restore.ts", [existing], { DATA_DIR: dataDir });
      expect(restore.code).toBe(1);
      expect(restore.stderr).toMatch(/^Nothing was restored: .*taken\.sqlite is not a readable SQLite database/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
      fs.rmSync(path.dirname(existing), { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  );
});
