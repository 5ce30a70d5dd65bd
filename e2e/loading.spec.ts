import { expect, test } from "./support/test";

test("a spinner shows while the next page's catalog data loads", async ({ page }) => {
  await page.goto("/");
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
