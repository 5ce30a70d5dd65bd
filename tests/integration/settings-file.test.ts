import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../helpers/run-script";
import { type TestDatabase, createTestDatabase, testEngine } from "../helpers/test-database";

const exportWords = (database: TestDatabase, file?: string) =>
  runScript("scripts/settings-export.ts", file ? [file] : [], database.env);
const importWords = (database: TestDatabase, file: string) =>
  runScript("scripts/settings-import.ts", [file], database.env);

describe(`npm run settings:export and settings:import, on ${testEngine}`, () => {
  let from: TestDatabase;
  let to: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    [from, to] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-settings-file-"));
  });
  afterAll(async () => {
    await from?.cleanup();
    await to?.cleanup();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  const write = (name: string, content: unknown) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
    return file;
  };

  it("moves the words she saved from one shop to another, and only those", async () => {
    const words = {
      format: "wickshop-settings",
      version: 1,
      settings: { name: "Luna & Wick", facebook: "" },
      pages: { refundPolicy: "Returns within 30 days.", aboutHeading: "Poured in Austin" },
    };
    const imported = await importWords(from, write("words.json", words));
    expect(imported.stderr).toBe("");
    expect(imported.stdout.trim()).toBe("Imported 4 settings: name, facebook, aboutHeading, refundPolicy.");
    expect(imported.code).toBe(0);

    const exported = await exportWords(from);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual(words);

    const file = path.join(folder, "moved.json");
    expect((await exportWords(from, file)).code).toBe(0);
    expect((await importWords(to, file)).code).toBe(0);
    expect(JSON.parse((await exportWords(to)).stdout)).toEqual(words);
    expect((await importWords(to, file)).stdout.trim()).toBe("Nothing changed: the shop has these words already.");
    const logged = await to.db.selectFrom("activity").select(["actor_name", "subject"]).execute();
    expect(logged).toEqual([{ actor_name: "npm run settings:import", subject: "Settings file" }]);
  });

  it.each([
    ["a file that is not JSON", "{ name:", "The file is not JSON."],
    [
      "another file's format",
      { format: "catalog", version: 1, settings: {}, pages: {} },
      'format: format must be "wickshop-settings"',
    ],
    [
      "an http social link",
      { format: "wickshop-settings", version: 1, settings: { etsy: "http://etsy.com/x" }, pages: {} },
      "settings.etsy: Etsy must be an https link",
    ],
    [
      "a page the shop does not have",
      { format: "wickshop-settings", version: 1, settings: {}, pages: { cookiePolicy: "x" } },
      "pages: Unrecognized key",
    ],
  ])("refuses %s with one line, changing nothing", async (_, content, message) => {
    const before = (await exportWords(to)).stdout;
    const result = await importWords(to, write("bad.json", content));
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      new RegExp(`^Nothing was imported: ${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
    );
    expect((await exportWords(to)).stdout).toBe(before);
  });
});
