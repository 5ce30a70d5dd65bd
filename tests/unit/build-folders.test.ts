import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  KEPT_BUILDS,
  currentBuild,
  listBuilds,
  previousBuild,
  pruneBuilds,
  switchBuild,
} from "../../scripts/build-folders";

describe("build folders", () => {
  let root: string;
  const made = (name: string) => {
    const folder = path.join(root, "builds", name);
    fs.mkdirSync(folder, { recursive: true });
    return folder;
  };
  beforeEach(() => void (root = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-builds-"))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("points build at a folder with a relative link, replacing the one before", () => {
    switchBuild(root, made("20261101T000000-1"));
    switchBuild(root, made("20261102T000000-1"));
    expect(fs.readlinkSync(path.join(root, "build"))).toBe(path.join("builds", "20261102T000000-1"));
    expect(currentBuild(root)).toBe(path.join(root, "builds", "20261102T000000-1"));
    expect(previousBuild(root)).toBe(path.join(root, "builds", "20261101T000000-1"));
  });

  it("moves a build folder from before builds had folders into builds/, as the oldest", () => {
    fs.mkdirSync(path.join(root, "build/client"), { recursive: true });
    fs.mkdirSync(path.join(root, "builds"));
    const next = made("20261101T000000-1");
    switchBuild(root, next);
    expect(currentBuild(root)).toBe(next);
    expect(listBuilds(root)).toHaveLength(2);
    expect(fs.existsSync(path.join(listBuilds(root)[0]!, "client"))).toBe(true);
  });

  it(`keeps the newest ${KEPT_BUILDS} builds, and the current one whatever its age`, () => {
    const folders = [1, 2, 3, 4, 5].map((day) => made(`2026110${day}T000000-1`));
    switchBuild(root, folders[0]!);
    pruneBuilds(root);
    expect(listBuilds(root)).toEqual([folders[0], ...folders.slice(-KEPT_BUILDS)]);
  });

  it("has no previous build when there is no build", () => {
    expect(currentBuild(root)).toBeUndefined();
    expect(previousBuild(root)).toBeUndefined();
  });
});
