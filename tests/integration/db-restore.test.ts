import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteFileIn } from "~/.server/db";
import { DATABASE_UNUSABLE_EXIT } from "../../server/process";
import { testSystemUser } from "../helpers/run-as";
import { repoRoot, runScript } from "../helpers/run-script";
import { type ServerProcess, serverCommand, serverEnv, startServerProcess } from "../helpers/server-process";
import { openShop, type PaymentAnswer, request, type Shop } from "../helpers/shop-api";
import { placePaidOrder } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";

const candle = { id: 1401, price: 12.5, stock: 1_000 };
const restore = (file: string, dataDir: string) => runScript("scripts/db-restore.ts", [file], { DATA_DIR: dataDir });
const keptIn = (dataDir: string) => fs.readdirSync(dataDir).filter((name) => name.includes(".before-restore-"));

/** Every order answers on the restored shop as it was paid. */
async function expectEveryOrder(server: ServerProcess, numbers: string[]) {
  for (const number of numbers) {
    const answer = await request<PaymentAnswer>(`${server.url}/api/orders/${number}/payment`, { method: "GET" });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ number, status: "paid" });
  }
}

/** The compiled server on `dataDir` until it ends by itself: its exit code, output and how long it ran. */
function runServerToExit(dataDir: string) {
  const [node, ...args] = serverCommand;
  const started = Date.now();
  const child = spawn(node!, args, { cwd: repoRoot, env: serverEnv({ DATA_DIR: dataDir }) });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve) =>
    child.on("close", (code) => resolve({ code, output, ms: Date.now() - started })),
  );
}

/** The guide's restore under the unit: the shop stopped, `npm run db:restore -- FILE` into its own DATA_DIR. */
describe.runIf(testEngine === "sqlite")("npm run db:restore into the shop's own DATA_DIR", () => {
  let shop: Shop;
  let folder: string;
  let backup: string;
  let paid: string[];
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle] });
    paid = [];
    for (const quantity of [1, 2, 3]) paid.push((await placePaidOrder(shop, [{ id: candle.id, quantity }])).number);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-restore-"));
    // A folder other users may enter, as /srv/wickshop is: the shop's own data folder inside it is 0700.
    fs.chmodSync(folder, 0o755);
    backup = path.join(folder, "backups", "shop.sqlite");
    const made = await runScript("scripts/db-backup.ts", [backup], shop.database.env);
    expect(made.code).toBe(0);
  });
  afterAll(async () => {
    await server?.stop();
    await shop?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const user = testSystemUser();
  it.skipIf(!user)(
    // Skipped when not root: only root can make a user and give it a folder.
    "refuses while the shop runs; stopped, restores as root into a folder another user owns, which then serves every order",
    async () => {
      const dataDir = path.join(folder, "data");
      fs.mkdirSync(dataDir, { mode: 0o700 });
      fs.chownSync(dataDir, user!.uid, user!.gid);
      // The service's user starts its shop, which makes a database of its own: the one the restore replaces.
      server = await startServerProcess({ DATA_DIR: dataDir }, { as: { user } });
      const before = fs.readdirSync(dataDir).sort();

      const refused = await restore(backup, dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `Nothing was restored: ${sqliteFileIn(dataDir)} is open in a running shop (or another npm run command): ` +
          "stop it first (systemctl stop wickshop.socket wickshop), then restore again. Nothing was changed.\n",
      );
      expect(fs.readdirSync(dataDir).sort()).toEqual(before);

      await server.stop();
      server = undefined;
      const restored = await restore(backup, dataDir);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      const [kept] = keptIn(dataDir);
      expect(kept).toMatch(/^wickshop\.sqlite\.before-restore-\d{8}T\d{6}Z$/);
      expect(restored.stdout).toContain(`The database it replaced is kept as ${path.join(dataDir, kept!)}.`);
      const file = fs.statSync(sqliteFileIn(dataDir));
      expect({ uid: file.uid, gid: file.gid, mode: file.mode & 0o777 }).toEqual({ ...user, mode: 0o600 });
      // The replaced database stays as it was: the service user's.
      expect(fs.statSync(path.join(dataDir, kept!)).uid).toBe(user!.uid);

      server = await startServerProcess({ DATA_DIR: dataDir }, { as: { user } });
      await expectEveryOrder(server, paid);
      await server.stop();
      server = undefined;
    },
  );

  it("stops at start on a damaged database with one line and exit 65, once; a restore brings the shop back", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-damaged-"));
    try {
      const garbage = Buffer.from("not a database, ".repeat(512));
      fs.writeFileSync(sqliteFileIn(dataDir), garbage);

      const start = await runServerToExit(dataDir);
      expect(start.code).toBe(DATABASE_UNUSABLE_EXIT);
      expect(start.output.trim().split("\n")).toEqual([
        `Cannot start: ${sqliteFileIn(dataDir)} is not a readable database (file is not a database): ` +
          "restore a backup into it with npm run db:restore -- FILE (docs/running-a-shop.md, Restoring SQLite)",
      ]);
      // No retries inside the process: it gives up at once.
      expect(start.ms).toBeLessThan(10_000);
      expect(fs.readFileSync(sqliteFileIn(dataDir))).toEqual(garbage);

      const restored = await restore(backup, dataDir);
      expect(restored.code).toBe(0);
      expect(fs.readFileSync(path.join(dataDir, keptIn(dataDir)[0]!))).toEqual(garbage);
      server = await startServerProcess({ DATA_DIR: dataDir });
      await expectEveryOrder(server, paid);
      await server.stop();
      server = undefined;
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
