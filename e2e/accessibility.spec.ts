import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/test";
import { seriousViolations } from "./support/axe";
import { CartPage } from "./support/cart";
import { CheckoutPanel } from "./support/checkout";

const screens = [
  "/",
  "/shop",
  "/shop/wax",
  "/shop/wax/1001/",
  "/shop/wax/1005/",
  "/contact",
  "/about",
  "/no-such-page",
];

for (const width of [1280, 390]) {
  for (const path of screens) {
    test(`axe finds nothing serious on ${path} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test("headings never skip a level on the browsing pages", async ({ page }) => {
  for (const path of ["/", "/shop", "/shop/wax", "/shop/wax/1001/"]) {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
    expect(
      violations.map((violation) => violation.nodes.map((node) => node.target).join(", ")),
      path,
    ).toEqual([]);
  }
});

test("every image has an alt text", async ({ page }) => {
  for (const path of screens) {
    await page.goto(path);
    expect(await page.locator("img:not([alt])").count(), path).toBe(0);
  }
});

test("focus is visible on links and buttons", async ({ page }) => {
  await page.goto("/shop/wax");
  await page.getByRole("link", { name: "Shop", exact: true }).focus();
  const outline = await page
    .getByRole("link", { name: "Shop", exact: true })
    .evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).toBe("solid");
  await page.getByRole("button", { name: "Add to cart" }).first().focus();
  const buttonOutline = await page
    .getByRole("button", { name: "Add to cart" })
    .first()
    .evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(buttonOutline).toBe("solid");
});

test("axe finds nothing serious on the cart dropdown, /checkout and the checkout panel", async ({ page }) => {
  // Four full axe runs: about 20 s on a quiet machine, so the default 30 s leaves no room under load.
  test.setTimeout(60_000);
  const cart = new CartPage(page);
  await cart.open("/checkout");
  expect(await seriousViolations(page)).toEqual([]);

  await cart.open("/shop/jelly");
  await cart.addFromCard("Ocean Breeze");
  await cart.icon.click();
  expect(await seriousViolations(page)).toEqual([]);

  await cart.open("/checkout");
  expect(await seriousViolations(page)).toEqual([]);
  const panel = new CheckoutPanel(page);
  await panel.open();
  await panel.payButton.click();
  expect(await seriousViolations(page)).toEqual([]);
});

/** With forced colours, the one mark among `selector`'s with aria-current looks unlike the others. */
async function expectCurrentStandsOut(page: Page, selector: string, pseudo?: string) {
  // What forced colours leave of a mark: its system colours and its borders.
  const marks = await page.locator(selector).evaluateAll(
    (elements, pseudo) =>
      elements.map((element) => {
        const style = getComputedStyle(element, pseudo);
        return [
          element.getAttribute("aria-current") ? "current" : "other",
          [style.backgroundColor, style.borderBottomColor, style.borderBottomWidth, style.textDecorationLine].join(" "),
        ];
      }),
    pseudo,
  );
  const current = marks.filter(([state]) => state === "current").map(([, look]) => look);
  const others = new Set(marks.filter(([state]) => state === "other").map(([, look]) => look));
  expect(current, selector).toHaveLength(1);
  expect(others.size, selector).toBeGreaterThan(0);
  expect([...others], selector).not.toContain(current[0]);
}

test("with forced colours the current photo's dot and the current nav link still stand out", async ({ page }) => {
  await page.emulateMedia({ forcedColors: "active" });
  await new CartPage(page).open("/shop/wax/1001/");
  await expectCurrentStandsOut(page, ".carousel__dot", "::after");
  await expectCurrentStandsOut(page, ".nav .nav__link");
});

test("with forced colours the back office's current screen stands out in its menu", async ({ page, asOwner }) => {
  await asOwner(page);
  await page.emulateMedia({ forcedColors: "active" });
  await page.goto("/admin/orders");
  await expectCurrentStandsOut(page, ".admin-nav__link");
});
