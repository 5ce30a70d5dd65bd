import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSnapshots } from "~/.server/backups/job";
import { lastBackupStatus } from "~/.server/backups/status";
import { openDatabase } from "~/.server/db";
import { DAY, HOUR, kind, modeOf, namesIn, openBackupShop, snapshotName, tempDir } from "../helpers/backup-shop";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import type { Shop } from "../helpers/shop-api";
import { createTestDatabase, testEngine } from "../helpers/test-database";
import { sleep, waitFor } from "../helpers/wait-for";

/** When the backup job takes a snapshot, which it keeps, and that taking one leaves the shop answering. */
describe(`automatic backups' schedule, on ${testEngine}`, () => {
  let shop: Shop;
  let runAt: Awaited<ReturnType<typeof openBackupShop>>["runAt"];
  /** Where the shop's own server puts its snapshots (DATA_DIR/backups unless set). */
  let serverBackups: string;
  beforeAll(async () => {
    serverBackups = path.join(tempDir("server-backups"), "copies");
    ({ shop, runAt } = await openBackupShop({ BACKUP_EVERY_HOURS: "24", BACKUP_DIR: serverBackups }));
  });
  afterAll(() => shop.close());

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
});
