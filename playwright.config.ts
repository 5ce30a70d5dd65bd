import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./e2e/support/chromium";
import { WORKERS, providerPort, shopCallbacks } from "./e2e/support/shop-server";

const tsx = `"${process.execPath}" node_modules/tsx/dist/cli.mjs`;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
};

/**
 * Each worker runs its own shop: the compiled server on a port and a data
 * folder of its own (e2e/support/test.ts, which every spec's `test` comes
 * from), so the specs that change stock, prices or the catalog
 * (e2e/stock-changes/) run in parallel too, each project on fresh shops.
 */
export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: WORKERS,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    // A failed test's trace keeps the page's DOM at each step; the screencast it would also record costs
    // every test processor time on 2 cores, for pictures a failure's DOM snapshots already show.
    trace: { mode: "retain-on-failure", screenshots: false },
  },
  projects: [
    { name: "storefront", testIgnore: /stock-changes\//, use: chromium },
    // These change stock (imports, purchases): their workers' shops are not the storefront's, which only read it.
    { name: "stock-changes", testMatch: /stock-changes\/.*\.spec\.ts/, use: chromium },
  ],
  webServer: [
    {
      // A local OpenID provider stands in for Google (tests/helpers/openid-provider.ts), for every worker's shop.
      command: `${tsx} e2e/support/openid-provider-server.ts`,
      url: `http://127.0.0.1:${providerPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { PROVIDER_PORT: String(providerPort), REDIRECT_URIS: shopCallbacks.join(" ") },
    },
  ],
});
