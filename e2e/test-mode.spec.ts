import { expect, test } from "./support/test";

test("every storefront page says the shop takes no real payments while the test gateway is on", async ({ page }) => {
  for (const path of ["/", "/shop", "/shop/wax", "/shop/wax/1001/", "/checkout", "/auth", "/contact", "/about"]) {
    await page.goto(path);
    await expect(page.getByText("Test mode — no real payments are taken"), path).toBeVisible();
  }
});
