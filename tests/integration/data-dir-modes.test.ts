import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../helpers/run-script";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { cards, pay, placePendingOrder } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

/** Every folder (named with a trailing /) and file under `dir`, itself included as "./", with its mode: "0600". */
function modesUnder(dir: string): Record<string, string> {
  const modes: Record<string, string> = {};
  const visit = (entry: string) => {
    const stats = fs.lstatSync(entry);
    const name = path.relative(dir, entry) || ".";
    modes[stats.isDirectory() ? `${name}/` : name] = (stats.mode & 0o777).toString(8).padStart(4, "0");
    if (stats.isDirectory()) for (const each of fs.readdirSync(entry)) visit(path.join(entry, each));
  };
  visit(dir);
  return modes;
}

/** Folders 0700, files 0600 (DESIGN.md "Going live", Files): what is not, as "name mode". */
const wideIn = (dir: string) =>
  Object.entries(modesUnder(dir))
    .filter(([entry, mode]) => mode !== (entry.endsWith("/") ? "0700" : "0600"))
    .map(([entry, mode]) => `${entry} ${mode}`);

const UMASK = { umask: "000" };

/**
 * DESIGN.md "Going live" (Files): DATA_DIR 0700, the database, its WAL and
 * shared memory, the outbox and the backups 0600, whatever the umask. Every
 * process here runs under a umask of 000, where a file created without a mode
 * would be 0666 and a folder 0777.
 */
describe.runIf(testEngine === "sqlite")("DATA_DIR's files under a umask of 000", () => {
  let parent: string;
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-modes-"));
    dataDir = path.join(parent, "data");
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it("after a start that took a backup and sent an email, every entry is 0700 or 0600", async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: "24" }, { as: UMASK });
    // The demo catalog's first candle: its confirmation email goes to DATA_DIR/outbox.
    const order = await placePendingOrder(server, [{ id: 1001, quantity: 1 }]);
    expect((await pay(server, order, cards.success)).status).toBe(200);
    const outbox = path.join(dataDir, "outbox");
    await waitFor(() => fs.existsSync(outbox) && fs.readdirSync(outbox).some((name) => name.endsWith(".eml")), {
      what: "the order's email in DATA_DIR/outbox",
    });
    const backups = path.join(dataDir, "backups");
    await waitFor(() => fs.existsSync(backups) && fs.readdirSync(backups).some((name) => name.endsWith(".sqlite")), {
      what: "the start's snapshot in DATA_DIR/backups",
    });
    const modes = modesUnder(dataDir);
    expect(Object.keys(modes)).toEqual(
      expect.arrayContaining(["wickshop.sqlite", "wickshop.sqlite-wal", "wickshop.sqlite-shm"]),
    );
    expect(modes["./"]).toBe("0700");
    expect(modes["outbox/"]).toBe("0700");
    expect(wideIn(dataDir)).toEqual([]);
  });

  it("after db:backup into a new folder, the folder is 0700 and the copy 0600", async () => {
    const file = path.join(parent, "by-hand", "2026", "shop.sqlite");
    const backup = await runScript("scripts/db-backup.ts", [file], { DATA_DIR: dataDir }, UMASK);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(modesUnder(path.join(parent, "by-hand"))).toEqual({
      "./": "0700",
      "2026/": "0700",
      "2026/shop.sqlite": "0600",
    });
  });

  it("after db:restore into the stopped shop's folder, every entry is still 0700 or 0600", async () => {
    await server!.stop();
    server = undefined;
    const restore = await runScript(
      "scripts/db-restore.ts",
      [path.join(parent, "by-hand", "2026", "shop.sqlite")],
      { DATA_DIR: dataDir },
      UMASK,
    );
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(fs.readdirSync(dataDir).some((name) => name.startsWith("wickshop.sqlite.before-restore-"))).toBe(true);
    expect(wideIn(dataDir)).toEqual([]);

    server = await startServerProcess({ DATA_DIR: dataDir }, { as: UMASK });
    expect(wideIn(dataDir)).toEqual([]);
  });

  it("a folder widened by hand shows in check-setup with the chmod that fixes it", async () => {
    // As an older version left them; the database's own files the shop narrows itself when it opens them.
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, "outbox"), 0o755);
    const result = await runScript("scripts/check-setup.ts", [], { DATA_DIR: dataDir });
    expect(result.stdout).toContain(
      `✗ Make the data folder private, as its owner: chmod -R go-rwx ${dataDir} (other users can read ., outbox)`,
    );
    fs.chmodSync(dataDir, 0o700);
    fs.chmodSync(path.join(dataDir, "outbox"), 0o700);
    const fixed = await runScript("scripts/check-setup.ts", [], { DATA_DIR: dataDir });
    expect(fixed.stdout).toContain("✓ The data folder and its files are the shop's user's alone");
  });
});
