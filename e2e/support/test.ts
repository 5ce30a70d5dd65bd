import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Page, test as base, expect } from "@playwright/test";
import { startServerProcess } from "../../tests/helpers/server-process";
import { createOwner, signInAsOwner } from "./owner";
import { shopEnv, shopPort } from "./shop-server";

export { expect };

interface SignedInOwner {
  owner: Awaited<ReturnType<typeof createOwner>>;
  /** The browser state of her session (its cookies), as Playwright's `storageState` holds it. */
  state: Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;
}

interface WorkerFixtures {
  /** This worker's own shop: the compiled server on its own port, on a data folder of its own with the demo catalog. */
  shop: { url: string; dataDir: string };
  /** An owner signed in once for the whole worker; tests that end sessions or turn on two-factor make their own. */
  signedInOwner: SignedInOwner;
}

/**
 * Playwright's `test` with a shop per worker: `page.goto("/")` and `request`
 * reach this worker's server, and E2E_DATA_DIR names its data folder (the
 * outbox's .eml files, the owner and catalog helpers).
 */
export const test = base.extend<{ asOwner: (page: Page) => Promise<SignedInOwner["owner"]> }, WorkerFixtures>({
  shop: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-e2e-"));
      const server = await startServerProcess(
        { ...shopEnv, PORT: String(shopPort(workerInfo.parallelIndex)), DATA_DIR: dataDir },
        { liftLimits: false },
      );
      process.env.E2E_DATA_DIR = dataDir;
      try {
        await provide({ url: server.url, dataDir });
      } finally {
        const code = await server.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (code) console.error(`The shop of worker ${workerInfo.workerIndex} ended with ${code}:\n${server.output()}`);
      }
    },
    // Starting a shop (migrations, the demo catalog) is the worker's, not its first test's, time.
    { scope: "worker", auto: true, timeout: 90_000 },
  ],
  baseURL: async ({ shop }, provide) => provide(shop.url),
  signedInOwner: [
    async ({ browser, shop }, provide) => {
      const owner = await createOwner();
      const context = await browser.newContext({ baseURL: shop.url });
      let state: SignedInOwner["state"];
      try {
        await signInAsOwner(await context.newPage(), owner);
        state = await context.storageState();
      } finally {
        await context.close();
      }
      await provide({ owner, state });
    },
    { scope: "worker", timeout: 60_000 },
  ],
  /** Puts the worker's signed-in owner's session into `page`'s browser and opens Today, as signInAsOwner ends. */
  asOwner: async ({ signedInOwner }, provide) => {
    await provide(async (page) => {
      await page.context().addCookies(signedInOwner.state.cookies);
      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
      return signedInOwner.owner;
    });
  },
});
