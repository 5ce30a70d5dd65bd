import { expect, test } from "./support/test";
import { columnCount } from "./support/grid";

test("a category page lists its products in stock under the capitalised name", async ({ page }) => {
  await page.goto("/shop/wax");
  await expect(page).toHaveTitle("Wax candles · Wickshop");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wax");
  const cards = page.getByRole("list", { name: "Wax candles" }).getByRole("article");
  // Cedar & Smoke has no stock left, so it is not listed.
  await expect(cards.getByRole("heading")).toHaveText([
    "Lavender Fields",
    "Vanilla Bean",
    "Sea Salt & Sage",
    "Honey Beeswax Pillar",
    "Fresh Linen",
  ]);
  const lavender = cards.filter({ hasText: "Lavender Fields" });
  await expect(lavender).toContainText("$19.99");
  // Each card's button names its product, after the words it shows (WCAG 2.5.3).
  await expect(lavender.getByRole("button")).toHaveAccessibleName("Add to cart, Lavender Fields");
  await expect(lavender.getByRole("link")).toHaveAttribute("href", "/shop/wax/1001/");
  const image = lavender.locator("img");
  await expect(image).toHaveAttribute("width", "800");
  expect((await image.boundingBox())!.height).toBe(350);

  await lavender.getByRole("link").click();
  await expect(page).toHaveURL("/shop/wax/1001/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lavender Fields");
});

for (const [width, columns] of [
  [1280, 4],
  [901, 4],
  [900, 3],
  [701, 3],
  [700, 2],
  [501, 2],
  [500, 1],
  [360, 1],
] as const) {
  test(`product grid has ${columns} column(s) at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto("/shop/wax");
    expect(await columnCount(page.getByRole("list", { name: "Wax candles" }).getByRole("listitem"))).toBe(columns);
  });
}

test("the first row's photos, one of them the largest paint, load at once and first; the rest when scrolled to", async ({
  page,
}) => {
  await page.goto("/shop/wax");
  const images = page.getByRole("list", { name: "Wax candles" }).locator("img");
  for (const index of [0, 1, 2, 3]) {
    await expect(images.nth(index)).toHaveAttribute("fetchpriority", "high");
    await expect(images.nth(index)).not.toHaveAttribute("loading", "lazy");
  }
  await expect(images.nth(4)).toHaveAttribute("loading", "lazy");
  await expect(images.nth(4)).not.toHaveAttribute("fetchpriority", "high");
});
