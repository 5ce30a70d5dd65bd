import { expect, test } from "./support/test";
import { columnCount } from "./support/grid";

test("home shows a tile per category that leads to its page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Wickshop");
  const tiles = page.getByRole("main").getByRole("link");
  await expect(tiles).toHaveCount(4);
  for (const [index, title] of ["Wax", "Seasonal", "Jelly", "Woodwick"].entries()) {
    const tile = tiles.nth(index);
    await expect(tile).toContainText(title);
    // Two words apart for a screen reader, not "WaxShop Now".
    await expect(tile).toHaveAccessibleName(`${title} Shop Now`);
    await expect(tile).toHaveAttribute("href", `/shop/${title.toLowerCase()}`);
    await expect(tile.locator("img")).toHaveAttribute("alt", "");
  }
  await tiles.filter({ hasText: "Jelly" }).click();
  await expect(page).toHaveURL("/shop/jelly");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jelly");
  // A screen reader that does not speak the h1's focus is told where the shopper arrived.
  await expect(page.locator("#page-announcer")).toHaveText("Jelly");
});

for (const [width, columns] of [
  [1200, 2],
  [601, 2],
  [600, 1],
  [375, 1],
] as const) {
  test(`home tiles stand in ${columns} column(s) at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    expect(await columnCount(page.getByRole("main").getByRole("listitem"))).toBe(columns);
  });
}
