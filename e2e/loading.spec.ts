import { CartPage } from "./support/cart";
import { expect, test } from "./support/test";

test("a spinner shows while the next page's catalog data loads", async ({ page }) => {
  // The page's scripts run (the cart's button works) before the shopper clicks, or the link loads a whole page.
  await new CartPage(page).open("/");
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole("link", { name: /Woodwick/ }).click();
  const spinner = page.getByRole("status").filter({ hasText: "Loading…" });
  await expect(spinner).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Woodwick");
  await expect(spinner).toHaveCount(0);
});
