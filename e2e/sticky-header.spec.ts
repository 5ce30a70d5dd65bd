import { expect, test } from "./support/test";

const PHONE = { width: 390, height: 844 };

/** How far the focused element's top is below the sticky header's bottom (negative: under it). */
const focusedBelowHeader = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const header = document.querySelector(".site-header")!.getBoundingClientRect();
    const focused = document.activeElement!.getBoundingClientRect();
    // Whole pixels: a fraction is the browser's rounding of a scroll, not a covered control.
    return Math.round(focused.top - header.bottom);
  });

test("Shift+Tab up /admin/shipping on a phone never puts the focused control under the sticky header", async ({
  page,
  asOwner,
}) => {
  await page.setViewportSize(PHONE);
  await asOwner(page);
  await page.goto("/admin/shipping");
  await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
  // A control low on the page, scrolled up to just below the header: each control above it is under the header
  // or above the window until focus scrolls it into view.
  await page.getByRole("checkbox", { name: "Oregon" }).focus();
  await page.evaluate(() => {
    const header = document.querySelector(".site-header")!.getBoundingClientRect();
    window.scrollBy(0, document.activeElement!.getBoundingClientRect().top - header.bottom);
  });
  expect(await focusedBelowHeader(page)).toBeGreaterThanOrEqual(0);
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press("Shift+Tab");
    const name = await page.evaluate(
      () =>
        (document.activeElement as HTMLInputElement).labels?.[0]?.textContent ?? document.activeElement!.textContent,
    );
    expect(await focusedBelowHeader(page), `Shift+Tab ${step + 1} (${name})`).toBeGreaterThanOrEqual(0);
  }
});

test("a storefront page keeps the same room under its header for what focus scrolls into view", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/shop/wax");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const { padding, header } = await page.evaluate(() => ({
    padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
    header: document.querySelector(".site-header")!.getBoundingClientRect().height,
  }));
  expect(padding).toBeGreaterThanOrEqual(header);
});
