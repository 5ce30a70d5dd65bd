/**
 * `npm run docs:screenshots`: renders docs/screenshots/*.png from a demo shop.
 *
 * Starts the compiled shop on a fresh data folder (the demo catalog) on
 * DOCS_SCREENSHOTS_PORT (4650), makes its owner as `npm run owner:create`
 * does, and has her set the shop up on her phone in Debian's Chromium, as the
 * owner's guide tells it: name and pages, shipping, tax, a code, a candle in
 * sizes. Shoppers then buy, the owner refunds one order, and each screen is
 * taken at 390 px (the phone) or 1280 px (the desk).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import { productionDefaults } from "../bench/shop-server";
import { CHROMIUM_ARGS, FULL_CHROMIUM } from "../e2e/support/chromium";
import { startServerProcess } from "../tests/helpers/server-process";
import { runScript } from "../tests/helpers/run-script";
import { DESK, PHONE, SCREENSHOTS, STEP_MS, capture } from "./docs-screenshots/capture";
import { backOfficeScreens, setUpTheShop, signIn } from "./docs-screenshots/owner-setup";
import { shoppersBuy } from "./docs-screenshots/shoppers";
import { ensureFreshBuild } from "./ensure-build";

const port = process.env.DOCS_SCREENSHOTS_PORT ?? "4650";
const owner = { email: "mara@example.com", name: "Mara Wick", password: "poured-by-hand-2026" };

/** The owner's orders and one refund, on her phone and at her desk. */
async function ordersAndRefund(phone: BrowserContext, desk: BrowserContext, orders: Record<string, string>) {
  const page = await phone.newPage();
  await page.goto("/admin/orders");
  await capture(page, "orders-phone");
  await page.goto(`/admin/orders/${orders.withCode}`);
  await capture(page, "order-phone");

  await page.goto(`/admin/orders/${orders.toRefund}`);
  const refund = page.getByRole("button", { name: "Cancel and refund" });
  await capture(page, "refund-phone", page.getByRole("heading", { name: "Cancel and refund" }));
  await refund.click();
  await page.getByRole("group").filter({ has: refund }).waitFor({ timeout: STEP_MS });
  await refund.click();
  await page
    .getByText(/refunded/i)
    .first()
    .waitFor({ timeout: STEP_MS });
  await backOfficeScreens(page);

  const deskPage = await desk.newPage();
  await deskPage.goto("/admin/orders");
  await capture(deskPage, "orders-desktop");
}

async function main() {
  ensureFreshBuild();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-docs-"));
  // The shop as `npm start` runs it, whatever a developer's `.env` says: test gateway, email as files.
  const env = { ...productionDefaults, LOG_LEVEL: "warn", DATA_DIR: dataDir, PORT: port };
  const server = await startServerProcess(env);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const made = await runScript("scripts/owner-create.ts", ["--email", owner.email, "--name", owner.name], {
      ...env,
      OWNER_PASSWORD: owner.password,
    });
    if (made.code !== 0) throw new Error(`owner:create failed: ${made.stdout}${made.stderr}`);

    const phone = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    const ownerPage = await phone.newPage();
    await signIn(ownerPage, owner);
    const sizedCandle = await setUpTheShop(ownerPage);

    const orders = await shoppersBuy({ browser, url: server.url }, sizedCandle);
    const desk = await browser.newContext({
      baseURL: server.url,
      viewport: DESK,
      storageState: await phone.storageState(),
    });
    await ordersAndRefund(phone, desk, orders);

    const visitor = await browser.newContext({ baseURL: server.url, viewport: DESK });
    const home = await visitor.newPage();
    await home.goto("/");
    await capture(home, "shop-desktop");
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
