import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServerProcess } from "../../tests/helpers/server-process";
import { PHONE } from "../support/catalog";
import { startCheckout } from "../support/checkout";
import { expectInViewUncovered } from "../support/in-view";
import { shopEnv } from "../support/shop-server";
import { expect, test } from "../support/test";

/*
 * The checkout limit counts every order an address places in the window: the
 * workers' shops lift it (every browser test comes from 127.0.0.1), so this
 * spec runs a shop of its own that keeps one checkout per window.
 */
test("the checkout limit's refusal stands beside Pay at 390 and 1280 px, says when it lifts, and is announced", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-e2e-limit-"));
  const shop = await startServerProcess(
    { ...shopEnv, CHECKOUT_ATTEMPTS_PER_IP: "1", DATA_DIR: dataDir },
    { liftLimits: false },
  );
  const context = await browser.newContext({ baseURL: shop.url, viewport: PHONE });
  try {
    const page = await context.newPage();
    const { panel } = await startCheckout(page, "/shop/woodwick/4003/");
    await panel.fillShipping();
    await panel.fillCard("4000 0000 0000 0002");
    await panel.payButton.click();
    const refusal = panel.dialog.getByRole("alert");
    await expect(refusal).toHaveText("Your card was declined.");

    // A second checkout from the same address (a new key: another cart) is one too many.
    await page.getByRole("button", { name: "Close checkout" }).click();
    await page.getByRole("button", { name: "Increase quantity of Coffee House" }).click();
    await panel.open();
    await panel.fillShipping();
    await panel.fillCard("4242 4242 4242 4242");
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await panel.payButton.click();
      await expect(refusal).toHaveText(
        /^Too many checkouts from this connection\. Please try again in \d+ minutes?\.$/,
      );
      await expect(refusal).toBeFocused();
      await expectInViewUncovered(refusal);
    }
  } finally {
    await context.close();
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
