import { expect, test } from "@playwright/test";

test("a spinner shows while the next page's catalog data loads", async ({ page }) => {
  await page.goto("/");
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole("link", { name: /Woodwick/ }).click();
  await expect(page.getByRole("status")).toHaveText("Loading…");
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Woodwick");
  await expect(page.getByRole("status")).toHaveCount(0);
});
