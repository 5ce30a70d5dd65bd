import type { Route } from "@playwright/test";
import { CartPage } from "./support/cart";
import { expect, test } from "./support/test";

// A product page's scripts wait for its photo only for a moment
// (app/.server/render/photo-first.ts): a slow photo does not keep the page from working.
const PHOTO = /\/images\/products\/lavender-fields-1-\d+\.webp/;

test("a photo that is slow to come does not hold Add to Cart back", async ({ page }) => {
  let held: Route | undefined;
  await page.route(PHOTO, (route) => {
    held = route;
  });
  const cart = new CartPage(page);
  await page.goto("/shop/wax/1001", { waitUntil: "commit" });
  await expect(cart.icon).toBeEnabled();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await cart.expectCount(1);
  // The photo was asked for, and is held until now.
  expect(held).toBeDefined();
  await held!.continue();
  const photo = page.getByRole("img", { name: /Lavender Fields/ }).first();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});

test("a product page opened in a background tab loads its scripts without waiting to be painted", async ({ page }) => {
  // A tab in the background: hidden, and no animation frame runs until the shopper turns to it.
  await page.addInitScript(() => {
    Object.defineProperty(document, "hidden", { get: () => true });
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
    window.requestAnimationFrame = () => 0;
  });
  const cart = new CartPage(page);
  await cart.open("/shop/wax/1001");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await cart.expectCount(1);
});
