import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchWhile, pageAssets } from "../helpers/asset-requests";
import { type ScratchShop, scratchShop } from "../helpers/scratch-shop";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";

/**
 * DESIGN.md, "Going live": building a new version next to a running shop and
 * restarting it never answers a page's script or style with 404. A copy of
 * the project, built, serves while its shoppers' browsers fetch the page and
 * its assets; the project's own build is left alone.
 */
describe("updating a running shop", () => {
  let shop: ScratchShop;
  let dataDir: string;
  let server: ServerProcess | undefined;
  let firstPage: string[];
  const env = () => ({ DATA_DIR: dataDir });
  const link = () => fs.readlinkSync(path.join(shop.root, "build"));

  beforeAll(async () => {
    shop = scratchShop();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-updates-"));
    const build = await shop.npmRun("build", []);
    expect(build.code, build.output).toBe(0);
    server = await startServerProcess(env(), { root: shop.root });
    firstPage = ["/", ...pageAssets(await (await fetch(`${server.url}/`)).text())];
  });

  afterAll(async () => {
    await server?.stop();
    shop?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every asset request with 200 while npm run build runs beside it", { timeout: 120_000 }, async () => {
    // The page's style is inline (app/styles/page-style.tsx): its files are scripts.
    expect(firstPage.filter((url) => url.endsWith(".js")).length).toBeGreaterThan(1);
    const before = link();

    const { requests, failures, result } = await fetchWhile(server!.url, firstPage, shop.npmRun("build", []));

    expect(result.code, result.output).toBe(0);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    expect(link()).not.toBe(before);
  });

  it(
    "updates to a new commit with 0 failed requests, and serves the new version once restarted",
    { timeout: 120_000 },
    async () => {
      shop.commit("app/routes/home.tsx", (text) =>
        text.replace("Handmade candles by category", "Handmade candles, a new season"),
      );

      const { failures, result } = await fetchWhile(
        server!.url,
        firstPage,
        shop.npmRun("update", ["--no-restart"], env()),
      );

      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain("Updated.");
      expect(failures).toEqual([]);
      expect(await (await fetch(`${server!.url}/`)).text()).toContain("Handmade candles by category");

      await server!.stop();
      server = await startServerProcess(env(), { root: shop.root });
      const page = await (await fetch(`${server.url}/`)).text();
      expect(page).toContain("Handmade candles, a new season");
      // The old page's files, some of them no longer in the new build, for pages still open in browsers.
      expect(firstPage.some((url) => !page.includes(url))).toBe(true);
      const old = await Promise.all(firstPage.map(async (url) => (await fetch(server!.url + url)).status));
      expect(old.every((status) => status === 200)).toBe(true);
    },
  );
});
