import { catalogVersionBump } from "~/.server/catalog/version";
import { seriousViolations } from "../support/axe";
import { PHONE, screenshot } from "../support/catalog";
import { startCheckout } from "../support/checkout";
import { writeCandlePhoto } from "../support/products";
import { inShopDb } from "../support/shop-db";
import { expect, test } from "../support/test";

/** Back to a fresh shop's name and words: the worker's shop serves specs that expect Wickshop's. */
const forgetTheOwnersWords = () =>
  inShopDb(async (db) => {
    await db.deleteFrom("shop_settings").execute();
    await db
      .updateTable("settings_version")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .execute();
    await catalogVersionBump(db).execute();
  });

test("on a phone the owner names her shop, uploads a logo, writes About and a refund policy from a template, and sets an announcement; the storefront and checkout show them", async ({
  page,
  browser,
  asOwner,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await asOwner(page);
  const notice = page.locator(".admin-notice");
  try {
    await page.goto("/admin/settings");
    await page.getByLabel("Logo").setInputFiles(await writeCandlePhoto(testInfo.outputPath("logo.jpg"), "#6b8f71"));
    await page.getByRole("button", { name: "Upload logo" }).click();
    await expect(notice).toContainText("Logo saved");
    await page.getByLabel("Shop name").fill("Luna & Wick");
    await page.getByLabel("Announcement", { exact: true }).fill("Free shipping over $75 this week");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(notice).toContainText("Saved: Shop name, Announcement.");
    expect(await seriousViolations(page), "/admin/settings").toEqual([]);
    await screenshot(page, testInfo, "settings at 390 px");

    await page.goto("/admin/pages");
    const about = page.getByRole("form", { name: "About" });
    await about.getByRole("button", { name: "Start from a template" }).click();
    await expect(about.getByLabel("Text")).toHaveValue(/Luna & Wick began at a kitchen table/);
    await about.getByLabel("Heading").fill("Poured in Austin");
    await about.getByRole("button", { name: "Save", exact: true }).click();
    await expect(notice).toHaveText("About saved.");
    const refunds = page.getByRole("form", { name: "Refund policy" });
    await refunds.getByLabel("Return window (days)").fill("14");
    await refunds.getByRole("button", { name: "Start from a template" }).click();
    await expect(refunds.getByLabel("Text")).toHaveValue(/within 14 days of delivery/);
    await refunds.getByRole("button", { name: "Save", exact: true }).click();
    await expect(notice).toHaveText("Refund policy saved.");
    expect(await seriousViolations(page), "/admin/pages").toEqual([]);

    const shopper = await browser.newContext({ viewport: PHONE });
    try {
      const shopperPage = await shopper.newPage();
      await shopperPage.goto("/");
      await expect(shopperPage).toHaveTitle("Luna & Wick");
      // The logo stands beside the name, decorative (alt ""): the link's name is the shop's.
      const logo = shopperPage.getByRole("link", { name: "Luna & Wick home" }).locator("img");
      await expect(logo).toHaveAttribute("src", /^\/photos\/[0-9a-f]{24}-\d+\.webp$/);
      await expect(logo).toBeVisible();
      await expect(shopperPage.getByRole("complementary", { name: "Shop announcement" })).toHaveText(
        /Free shipping over \$75 this week/,
      );
      // Dismissed, it stays away on the next page for the visit, and never shows then goes (no shift).
      await shopperPage.getByRole("button", { name: "Dismiss the announcement" }).click();
      await expect(shopperPage.getByRole("complementary", { name: "Shop announcement" })).toHaveCount(0);
      await shopperPage.goto("/shop");
      await expect(shopperPage.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(shopperPage.getByRole("complementary", { name: "Shop announcement" })).toBeHidden();
      const shifted = await shopperPage.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) =>
              resolve(list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0)),
            ).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(0), 500);
          }),
      );
      expect(shifted, "layout shift on the page after the dismissal").toBe(0);
      await shopperPage.goto("/");
      const footer = shopperPage.getByRole("navigation", { name: "About the shop" });
      await footer.getByRole("link", { name: "Refund policy" }).click();
      await expect(shopperPage.getByRole("heading", { level: 1 })).toHaveText("Refund policy");
      await expect(shopperPage.getByText(/within 14 days of delivery/)).toBeVisible();
      expect(await seriousViolations(shopperPage), "/policies/refunds").toEqual([]);
      await shopperPage.goto("/about");
      await expect(shopperPage.getByRole("heading", { level: 1 })).toHaveText("Poured in Austin");
      await screenshot(shopperPage, testInfo, "About at 390 px");

      const { panel } = await startCheckout(shopperPage, "/shop/woodwick/4003/");
      const policy = panel.dialog.getByRole("link", { name: /^Refund policy/ });
      await expect(policy).toHaveAttribute("href", "/policies/refunds");
      await expect(panel.dialog.getByRole("link", { name: /^Terms of service/ })).toHaveCount(0);
      await screenshot(shopperPage, testInfo, "checkout with the refund policy at 390 px");
    } finally {
      await shopper.close();
    }
  } finally {
    await forgetTheOwnersWords();
  }
});
