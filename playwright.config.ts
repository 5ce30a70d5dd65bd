import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { COMPILED_SERVER, SERVER_ENV, SERVER_NODE_FLAGS } from "./scripts/server-command";
import { providerClient } from "./tests/helpers/openid-provider";

const port = Number(process.env.E2E_PORT ?? 4173);
/** A local OpenID provider stands in for Google (tests/helpers/openid-provider.ts). */
const providerPort = port + 1;
const tsx = `"${process.execPath}" node_modules/tsx/dist/cli.mjs`;
// Set once in the runner process; the workers inherit it, so all of them see the server's data.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-e2e-"));

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  },
};

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  globalTeardown: "./e2e/support/global-teardown.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "storefront", testIgnore: /stock-changes\//, use: chromium },
    // These change stock (imports, purchases), so they run after everything that only reads it.
    { name: "stock-changes", testMatch: /stock-changes\/.*\.spec\.ts/, dependencies: ["storefront"], workers: 1, use: chromium },
  ],
  webServer: [
    {
      command: `${tsx} e2e/support/openid-provider-server.ts`,
      url: `http://127.0.0.1:${providerPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { PROVIDER_PORT: String(providerPort), REDIRECT_URI: `http://127.0.0.1:${port}/api/auth/callback/google` },
    },
    {
      command: `${tsx} scripts/build-if-stale.ts && exec "${process.execPath}" ${SERVER_NODE_FLAGS.join(" ")} ${COMPILED_SERVER}`,
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...SERVER_ENV,
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: "warn",
        SHOP_EMAIL: "orders@wickshop.test",
        // Every browser test comes from 127.0.0.1 and signs in to few accounts many times; the limits have their own integration tests.
        AUTH_ATTEMPTS_PER_IP: "1000",
        AUTH_ATTEMPTS_PER_ACCOUNT: "1000",
        CHECKOUT_ATTEMPTS_PER_IP: "1000",
        UNITS_HELD_PER_IP: "1000000",
        GOOGLE_CLIENT_ID: providerClient.id,
        GOOGLE_CLIENT_SECRET: providerClient.secret,
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${providerPort}/.well-known/openid-configuration`,
      },
    },
  ],
});
