import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { CartPage } from "./support/cart";

/** WCAG 1.4.10: at 320 CSS px the page reflows instead of scrolling sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("at 320 px no page of the sitemap scrolls sideways", async ({ page, request }) => {
  // Every page of the sitemap, each until its scripts run: 15–20 s on a quiet machine, twice that on a busy one.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 320, height: 640 });
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url!).pathname);
  expect(paths.length).toBeGreaterThan(20);
  const cart = new CartPage(page);
  const wide: string[] = [];
  for (const path of paths) {
    await cart.open(path);
    if (await scrollsSideways(page)) wide.push(path);
  }
  expect(wide).toEqual([]);
});

test("at 320 px /checkout with three lines stacks them, and its buttons are 44 px on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const cart = new CartPage(page);
  await cart.open("/shop/wax");
  for (const name of ["Honey Beeswax Pillar", "Sea Salt & Sage", "Lavender Fields"]) await cart.addFromCard(name);
  await cart.open("/checkout");
  expect(await scrollsSideways(page)).toBe(false);
  const line = cart.line("Honey Beeswax Pillar");
  await expect(line.getByText(/^\$/)).toBeInViewport({ ratio: 1 });
  await expect(line.getByRole("button", { name: /^Remove/ })).toBeInViewport({ ratio: 1 });

  // WCAG 2.5.5's 44 px (issue 42), on the phones the stacked lines are for.
  const buttons = page.getByRole("main").getByRole("button", { name: /quantity of|^Remove .* from cart$/ });
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 640 });
    for (const button of await buttons.all()) {
      const { width: across, height } = (await button.boundingBox())!;
      const name = `${await button.getAttribute("aria-label")} at ${width} px`;
      expect(Math.min(across, height), name).toBeGreaterThanOrEqual(44);
    }
  }
});
