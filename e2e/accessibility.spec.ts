import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const screens = ["/", "/shop", "/shop/wax", "/shop/wax/1001/", "/shop/wax/1005/", "/contact", "/about", "/no-such-page"];

for (const width of [1280, 390]) {
  for (const path of screens) {
    test(`axe finds nothing serious on ${path} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`)).toEqual([]);
    });
  }
}

test("every image has an alt text", async ({ page }) => {
  for (const path of screens) {
    await page.goto(path);
    expect(await page.locator("img:not([alt])").count(), path).toBe(0);
  }
});

test("focus is visible on links and buttons", async ({ page }) => {
  await page.goto("/shop/wax");
  await page.getByRole("link", { name: "Shop", exact: true }).focus();
  const outline = await page.getByRole("link", { name: "Shop", exact: true }).evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).toBe("solid");
  await page.getByRole("button", { name: "Add to cart" }).first().focus();
  const buttonOutline = await page
    .getByRole("button", { name: "Add to cart" })
    .first()
    .evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(buttonOutline).toBe("solid");
});
