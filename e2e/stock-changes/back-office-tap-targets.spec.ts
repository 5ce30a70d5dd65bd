import { uniqueEmail } from "../support/accounts";
import { screenshot } from "../support/catalog";
import { guestBuys } from "../support/guest-order";
import { takeAwayShippingAndTax } from "../support/shipping-setup";
import { smallTapTargets } from "../support/tap-targets";
import { expect, test } from "../support/test";

const PHONE = { width: 390, height: 844 };

/*
 * Every control of the back office is a thumb's size on a phone: 44 × 44 px
 * at least (WCAG 2.5.5), measured on each screen with something on it (an
 * order, a zone with a rate, a tax state, a code). A link inside running
 * text is excepted, as WCAG 2.5.8 allows (e2e/support/tap-targets.ts). The
 * zone and the tax state go again at the end: the worker's shop serves the
 * checkout specs, which expect nothing set up.
 */
test("every control of the back office is at least 44 × 44 px on a phone, under a menu of one row", async ({
  browser,
  page,
  asOwner,
}, testInfo) => {
  test.setTimeout(120_000);
  const number = await guestBuys(browser, "/shop/woodwick/4001/", 1, {
    name: "Dorothy Vaughan",
    email: uniqueEmail("dorothy"),
  });
  await page.setViewportSize(PHONE);
  await asOwner(page);
  const notice = page.locator(".admin-notice");
  await page.goto("/admin/shipping");
  await page.getByRole("button", { name: "Add Contiguous US" }).click();
  await expect(notice).toHaveText("Zone “Contiguous US” added.");
  const rateForm = page.getByRole("form", { name: "New rate" });
  await rateForm.getByLabel("Rate name").fill("USPS Ground Advantage");
  await rateForm.getByLabel("Price").fill("6.95");
  await rateForm.getByRole("button", { name: "Add rate" }).click();
  await expect(notice).toHaveText("Rate “USPS Ground Advantage” added to Contiguous US.");
  await page.goto("/admin/tax");
  await page.getByLabel("State", { exact: true }).selectOption({ label: "Texas" });
  await page.getByLabel("Rate (%)").fill("6.25");
  await page.getByRole("button", { name: "Add state" }).click();
  await expect(notice).toHaveText("Texas added at 6.25 %.");
  await page.goto("/admin/discounts");
  const code = `TAPS${Date.now() % 100_000}`;
  const codeForm = page.getByRole("form", { name: "New code" });
  await codeForm.getByLabel("Code", { exact: true }).fill(code);
  await codeForm.getByLabel("Value").fill("10");
  await codeForm.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("link", { name: `Edit ${code}` })).toBeVisible();

  const screens = [
    "/admin",
    "/admin/orders",
    `/admin/orders/${number}`,
    "/admin/products",
    "/admin/products/new",
    "/admin/products/4001",
    "/admin/categories",
    "/admin/import",
    "/admin/shipping",
    "/admin/tax",
    "/admin/discounts",
    "/admin/settings",
    "/admin/pages",
    "/admin/activity",
    "/admin/account",
  ];
  for (const screen of screens) {
    await page.goto(screen);
    // Every screen is measured, each failing on its own, so that one run names them all.
    expect.soft(await smallTapTargets(page), `controls under 44 × 44 px on ${screen}`).toEqual([]);
    // The menu is one row, which scrolls sideways, and the screen's own item is in view.
    const menu = page.getByRole("navigation", { name: "Back office" }).getByRole("list");
    expect.soft((await menu.boundingBox())!.height, `the menu's height on ${screen}`).toBeLessThan(60);
    // Import has no item of its own (Products links to it).
    if (screen !== "/admin/import") await expect.soft(menu.locator("[aria-current=page]")).toBeInViewport();
  }
  await page.goto(`/admin/orders/${number}`);
  await screenshot(page, testInfo, "an order at 390px");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, testInfo, "an order at 1280px");

  await takeAwayShippingAndTax(page);
});
