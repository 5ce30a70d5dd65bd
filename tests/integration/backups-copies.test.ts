import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackupSource, runBackupJob } from "~/.server/backups/job";
import { lastBackupStatus } from "~/.server/backups/status";
import { candle, kind, modeOf, namesIn, openBackupShop, snapshotName, tempDir } from "../helpers/backup-shop";
import { requiredProgram } from "../helpers/missing-program";
import { repoRoot } from "../helpers/run-script";
import type { Shop } from "../helpers/shop-api";
import { placePaidOrder } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";

const rclone = requiredProgram("rclone");
/** pg_restore's output: what the test reads of a dump. */
const pgRestore = async (args: string[]) =>
  (await promisify(execFile)("pg_restore", args, { maxBuffer: 64 << 20 })).stdout;

/** What a snapshot holds, and BACKUP_COMMAND, which sends it off the machine. */
describe(`automatic backups' copies, on ${testEngine}`, () => {
  let shop: Shop;
  let source: BackupSource;
  let runAt: Awaited<ReturnType<typeof openBackupShop>>["runAt"];
  beforeAll(async () => {
    ({ shop, source, runAt } = await openBackupShop());
  });
  afterAll(() => shop.close());

  describe("on either engine", () => {
    it.runIf(testEngine === "sqlite")("writes a copy that restores: open it and the orders are there", async () => {
      const orders = [
        await placePaidOrder(shop, [{ id: candle.id, quantity: 2 }]),
        await placePaidOrder(shop, [{ id: candle.id, quantity: 1 }]),
      ];
      const dir = tempDir("restore");
      const run = await runAt(Date.parse("2026-01-10T12:00:00Z"), { dir });
      expect(run).toMatchObject({ kind: "taken", file: path.join(dir, "wickshop-2026-01-10T120000Z.sqlite") });
      if (run.kind !== "taken") return;
      expect(run.summary).toMatch(/checked page by page: 2 orders, 2 of them paid/);
      expect(modeOf(run.file)).toBe(0o600);
      const copy = new SQLite(run.file, { readonly: true, fileMustExist: true });
      try {
        const numbers = copy.prepare("select number from orders where status = 'paid' order by id").pluck().all();
        expect(numbers).toEqual(orders.map((order) => order.number));
        expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      } finally {
        copy.close();
      }
    });

    it.skipIf(rclone.missing)(
      rclone.title("sends each copy off the machine with BACKUP_COMMAND (rclone to a local remote)"),
      async () => {
        const dir = tempDir("rclone");
        const remote = tempDir("remote");
        // A remote configured from the environment, as rclone reads RCLONE_CONFIG_<NAME>_TYPE.
        const command = `RCLONE_CONFIG_OFFSITE_TYPE=local rclone copy "$BACKUP_FILE" offsite:${remote}/wickshop`;
        const now = Date.parse("2026-02-01T12:00:00Z");
        const run = await runAt(now, { dir, command });
        expect(run).toMatchObject({ kind: "taken", command: { exitCode: 0 } });
        const name = snapshotName(now);
        expect(fs.readFileSync(path.join(remote, "wickshop", name))).toEqual(fs.readFileSync(path.join(dir, name)));
        const { lastCommand } = await lastBackupStatus(shop.db);
        expect(lastCommand).toMatchObject({ exitCode: 0 });
        expect(Math.abs(lastCommand!.at - Date.now())).toBeLessThan(60_000);
      },
    );

    it("records a failing BACKUP_COMMAND's exit status and last line", async () => {
      const dir = tempDir("failing");
      const command = `echo "sending $BACKUP_FILE"; echo "remote refused the copy: quota exceeded" >&2; exit 3`;
      const run = await runAt(Date.parse("2026-02-03T12:00:00Z"), { dir, command });
      expect(run).toMatchObject({
        kind: "taken",
        command: { exitCode: 3, lastLine: "remote refused the copy: quota exceeded" },
      });
      const { lastSnapshotAt, lastCommand } = await lastBackupStatus(shop.db);
      expect(lastSnapshotAt).toBe(Date.parse("2026-02-03T12:00:00Z"));
      expect(lastCommand).toMatchObject({ exitCode: 3, lastLine: "remote refused the copy: quota exceeded" });
      // The copy itself is kept: only sending it failed.
      expect(namesIn(dir)).toEqual([`wickshop-2026-02-03T120000Z.${kind}`]);
    });

    it("stops a BACKUP_COMMAND that runs past its timeout, with the shell's children", async () => {
      const dir = tempDir("timeout");
      const started = Date.now();
      const run = await runBackupJob(shop.db, {
        source,
        root: repoRoot,
        backups: { everyHours: 24, dir, command: "sleep 30; echo never" },
        timeZone: "UTC",
        now: Date.parse("2026-02-05T12:00:00Z"),
        commandTimeoutMs: 500,
      });
      expect(run).toMatchObject({
        kind: "taken",
        command: { exitCode: 137, lastLine: "stopped after 0.5 s without finishing" },
      });
      expect(Date.now() - started).toBeLessThan(15_000);
    });
  });

  describe.runIf(testEngine === "postgres")("on PostgreSQL", () => {
    it("writes a pg_dump that pg_restore lists, 0600, with every order in it", async () => {
      const orders = [
        await placePaidOrder(shop, [{ id: candle.id, quantity: 2 }]),
        await placePaidOrder(shop, [{ id: candle.id, quantity: 1 }]),
      ];
      const dir = tempDir("dump");
      const run = await runAt(Date.parse("2026-01-10T12:00:00Z"), { dir });
      expect(run).toMatchObject({ kind: "taken", file: path.join(dir, "wickshop-2026-01-10T120000Z.dump") });
      if (run.kind !== "taken") return;
      expect(modeOf(run.file)).toBe(0o600);
      const paid = (await sql<{ n: string }>`select count(*) as n from orders where status = 'paid'`.execute(shop.db))
        .rows[0]!.n;
      expect(run.summary).toMatch(new RegExp(`listed and read by pg_restore: \\d+ orders, ${paid} of them paid`));
      const listed = await pgRestore(["--list", run.file]);
      expect(listed).toMatch(/TABLE DATA \S+ orders /);
      // Only the shop's schema, and the extension its search needs.
      const schema = new URL(shop.database.env.DATABASE_URL!).searchParams.get("options")!.split("=")[1]!;
      expect(listed.match(/ SCHEMA - \S+/g)).toEqual([` SCHEMA - ${schema}`]);
      expect(listed).toMatch(/ EXTENSION - pg_trgm/);
      const rows = await pgRestore(["--data-only", "--table=orders", "--file=-", run.file]);
      for (const order of orders) expect(rows).toContain(`\t${order.number}\t`);
    });

    it("sends each dump off the machine with BACKUP_COMMAND", async () => {
      const dir = tempDir("command");
      const offsite = tempDir("offsite");
      const now = Date.parse("2026-02-02T12:00:00Z");
      const run = await runAt(now, { dir, command: `cp "$BACKUP_FILE" ${offsite}/ && echo "sent $BACKUP_FILE"` });
      const file = path.join(dir, snapshotName(now));
      expect(run).toMatchObject({ kind: "taken", command: { exitCode: 0, lastLine: `sent ${file}` } });
      expect(fs.readFileSync(path.join(offsite, snapshotName(now)))).toEqual(fs.readFileSync(file));
      expect((await lastBackupStatus(shop.db)).lastCommand).toMatchObject({ exitCode: 0 });
    });

    it("fails, keeping no dump and recording nothing, when pg_restore cannot read the dump back", async () => {
      const dir = tempDir("unreadable");
      const tools = tempDir("tools");
      const failing = "pg_restore: error: could not read from input file: end of file";
      fs.writeFileSync(path.join(tools, "pg_restore"), `#!/bin/sh\necho "${failing}" >&2\nexit 1\n`, { mode: 0o755 });
      const before = await lastBackupStatus(shop.db);
      const path_ = process.env.PATH;
      process.env.PATH = `${tools}:${path_}`;
      try {
        await expect(runAt(Date.parse("2026-02-08T12:00:00Z"), { dir, command: `touch ${tools}/ran` })).rejects.toThrow(
          `is not a readable pg_dump file (custom format): pg_restore failed: ${failing}`,
        );
      } finally {
        process.env.PATH = path_;
      }
      // No dump, not even a partial one, and no BACKUP_COMMAND for it.
      expect(fs.readdirSync(dir)).toEqual([]);
      expect(fs.existsSync(path.join(tools, "ran"))).toBe(false);
      expect(await lastBackupStatus(shop.db)).toEqual(before);
    });

    it("fails, keeping no dump and recording nothing, when the database cannot be reached", async () => {
      const dir = tempDir("refused");
      const before = await lastBackupStatus(shop.db);
      const url = new URL(shop.database.env.DATABASE_URL!);
      url.password = "wrong-password";
      url.port = "1";
      await expect(
        runBackupJob(shop.db, {
          source: { databaseUrl: url.toString() },
          root: repoRoot,
          backups: { everyHours: 24, dir },
          timeZone: "UTC",
          now: Date.parse("2026-02-09T12:00:00Z"),
        }),
      ).rejects.toThrow();
      expect(fs.readdirSync(dir)).toEqual([]);
      expect(await lastBackupStatus(shop.db)).toEqual(before);
    });
  });
});
