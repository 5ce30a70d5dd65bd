import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackupSettings, type BackupSource, listSnapshots, runBackupJob } from "~/.server/backups/job";
import { snapshotName as snapshotNameOf } from "~/.server/backups/schedule";
import { lastBackupStatus } from "~/.server/backups/status";
import { openDatabase, sqliteFileIn } from "~/.server/db";
import { requiredProgram } from "../helpers/missing-program";
import { repoRoot } from "../helpers/run-script";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { openShop, type Shop } from "../helpers/shop-api";
import { placePaidOrder } from "../helpers/shop-mail";
import { createTestDatabase, testEngine } from "../helpers/test-database";
import { sleep, waitFor } from "../helpers/wait-for";
import { promisify } from "node:util";

const rclone = requiredProgram("rclone");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const candle = { id: 1501, price: 18, stock: 100 };
/** pg_restore's output: what the test reads of a dump. */
const pgRestore = async (args: string[]) =>
  (await promisify(execFile)("pg_restore", args, { maxBuffer: 64 << 20 })).stdout;
const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `wickshop-${name}-`));
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
/** The stored snapshots' names in `dir`, and nothing else there. */
const namesIn = (dir: string) => listSnapshots(dir).map((snapshot) => snapshot.name);
/** A SQLite shop's snapshots are copies of its file, a PostgreSQL shop's pg_dump's custom format. */
const kind = testEngine === "sqlite" ? "sqlite" : "dump";
const snapshotName = (takenAt: number) => snapshotNameOf(takenAt, kind);

describe(`automatic backups, on ${testEngine}`, () => {
  let shop: Shop;
  let source: BackupSource;
  /** Where the shop's own server puts its snapshots (DATA_DIR/backups unless set). */
  let serverBackups: string;
  beforeAll(async () => {
    serverBackups = path.join(tempDir("server-backups"), "copies");
    shop = await openShop(
      { Wax: [{ ...candle, name: "Cedar" }] },
      { BACKUP_EVERY_HOURS: "24", BACKUP_DIR: serverBackups },
    );
    source =
      testEngine === "sqlite"
        ? { sqliteFile: sqliteFileIn(shop.database.env.DATA_DIR) }
        : { databaseUrl: shop.database.env.DATABASE_URL! };
  });
  afterAll(() => shop.close());

  /** One run of the job on the shop's database, as a server process runs it, at `now`. */
  const runAt = (now: number, backups: Partial<BackupSettings> & { dir: string }, db = shop.db) =>
    runBackupJob(db, {
      source,
      root: repoRoot,
      backups: { everyHours: 24, ...backups },
      timeZone: "America/Los_Angeles",
      now,
    });

  describe("on either engine", () => {
    it("takes a snapshot when the server starts with none, readable by the shop's user alone", async () => {
      const [name] = await waitFor(() => (namesIn(serverBackups).length === 1 ? namesIn(serverBackups) : undefined), {
        timeoutMs: 30_000,
        what: "the snapshot taken at start",
      });
      const file = path.join(serverBackups, name!);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(serverBackups)).toBe(0o700);
      const { lastSnapshotAt } = await waitFor(async () => {
        const status = await lastBackupStatus(shop.db);
        return status.lastSnapshotAt === null ? undefined : status;
      });
      expect(snapshotName(lastSnapshotAt!)).toBe(name);
      expect(Math.abs(lastSnapshotAt! - Date.now())).toBeLessThan(5 * 60_000);
    });

    it("takes none while the newest is younger than BACKUP_EVERY_HOURS, and one once it is as old", async () => {
      const [name] = namesIn(serverBackups);
      const takenAt = listSnapshots(serverBackups)[0]!.takenAt;
      expect(await runAt(takenAt + 23 * HOUR, { dir: serverBackups })).toEqual({ kind: "not_due" });
      expect(await runAt(takenAt + DAY, { dir: serverBackups })).toMatchObject({ kind: "taken" });
      expect(namesIn(serverBackups)).toEqual([name, snapshotName(takenAt + DAY)]);
    });

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

    it("keeps 7 daily and 4 weekly copies by the shop's days, and never touches a file it did not write", async () => {
      const dir = tempDir("rotation");
      // Daily snapshots at 20:00 in Los Angeles (04:00 UTC the next day) for the 40 days up to Tuesday 2026-03-03.
      const evenings = Array.from({ length: 40 }, (_, index) => Date.parse("2026-01-24T04:00:00Z") + index * DAY);
      for (const takenAt of evenings) fs.writeFileSync(path.join(dir, snapshotName(takenAt)), "");
      // A snapshot killed mid-copy on Monday left its partial copy.
      const leftover = `${snapshotName(Date.parse("2026-03-03T04:00:00Z") - HOUR)}.partial`;
      fs.writeFileSync(path.join(dir, leftover), "half");
      const strangers = [
        "wickshop-2026-01-01.sqlite",
        "notes.txt",
        "wickshop-2026-01-25T040000Z.sqlite.old",
        "notes.partial",
      ];
      for (const name of strangers) fs.writeFileSync(path.join(dir, name), "mine");

      const now = Date.parse("2026-03-05T04:00:00Z");
      const run = await runAt(now, { dir });
      expect(run).toMatchObject({ kind: "taken", deleted: expect.arrayContaining([leftover]) });
      expect(fs.existsSync(path.join(dir, leftover))).toBe(false);
      const shopDays = listSnapshots(dir).map((snapshot) =>
        new Date(snapshot.takenAt).toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" }),
      );
      // Wednesday 03-04 is today there: the 7 days up to it, and the newest of the weeks of Mondays 02-23, 02-16, 02-09.
      expect(shopDays).toEqual([
        "2026-02-15",
        "2026-02-22",
        "2026-02-26",
        "2026-02-27",
        "2026-02-28",
        "2026-03-01",
        "2026-03-02",
        "2026-03-03",
        "2026-03-04",
      ]);
      expect(
        fs
          .readdirSync(dir)
          .filter((name) => strangers.includes(name))
          .sort(),
      ).toEqual([...strangers].sort());
      for (const name of strangers) expect(fs.readFileSync(path.join(dir, name), "utf8")).toBe("mine");
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

    it("takes a new one at once when the folder is emptied after a snapshot", async () => {
      const dir = tempDir("emptied");
      const now = Date.parse("2026-03-07T12:00:00Z");
      expect(await runAt(now, { dir })).toMatchObject({ kind: "taken" });
      for (const name of namesIn(dir)) fs.rmSync(path.join(dir, name));
      expect(await runAt(now + 60_000, { dir })).toMatchObject({ kind: "taken" });
      expect(namesIn(dir)).toEqual([snapshotName(now + 60_000)]);
    });

    it("takes one snapshot between two processes that run the job at once", async () => {
      const dir = tempDir("two");
      const other = openDatabase({
        dataDir: shop.database.env.DATA_DIR,
        databaseUrl: shop.database.env.DATABASE_URL,
      });
      try {
        const now = Date.parse("2026-02-07T12:00:00Z");
        const runs = await Promise.all([runAt(now, { dir }), runAt(now, { dir }, other.db)]);
        // The other finds it claimed, or, when it claims after the first is done, taken already.
        const kinds = runs.map((run) => run.kind);
        expect(kinds.filter((runKind) => runKind === "taken")).toHaveLength(1);
        expect(kinds.filter((runKind) => runKind !== "taken")).toEqual([
          expect.stringMatching(/^(claimed_elsewhere|not_due)$/),
        ]);
        expect(namesIn(dir)).toEqual([`wickshop-2026-02-07T120000Z.${kind}`]);
      } finally {
        await other.db.destroy();
      }
    });
  });

  describe.skipIf(testEngine !== "sqlite")("while a snapshot of a large shop is taken", () => {
    it("answers pages: the copy is taken, compacted and checked in a child process", async () => {
      const database = await createTestDatabase();
      let server: ServerProcess | undefined;
      try {
        // 100 MB of old photos and emails: copying, compacting and checking it takes seconds.
        await sql`create table filler (data blob)`.execute(database.db);
        await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000)
                  insert into filler select randomblob(100000) from n`.execute(database.db);
        const dir = path.join(tempDir("large"), "copies");
        server = await startServerProcess({ ...database.env, BACKUP_EVERY_HOURS: "24", BACKUP_DIR: dir });
        const partials = () => fs.existsSync(dir) && fs.readdirSync(dir).some((name) => name.endsWith(".partial"));
        // A page counts when the copy was in progress both when it was asked for and once it came back.
        let answeredDuring = 0;
        for (let round = 0; round < 3000 && namesIn(dir).length === 0; round++) {
          if (!partials()) {
            await sleep(20);
            continue;
          }
          const page = await fetch(`${server.url}/`);
          await page.arrayBuffer();
          if (page.status === 200 && partials()) answeredDuring++;
        }
        expect(namesIn(dir)).toHaveLength(1);
        expect(answeredDuring).toBeGreaterThan(0);
      } finally {
        await server?.stop();
        await database.cleanup();
      }
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
