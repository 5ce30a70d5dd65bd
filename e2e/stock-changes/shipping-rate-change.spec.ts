import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { screenshot } from "../support/catalog";
import { startCheckout } from "../support/checkout";
import { clickAndConfirm } from "../support/confirm";
import { outboxEmail } from "../support/outbox";
import { takeAwayShippingAndTax } from "../support/shipping-setup";
import { expect, test } from "../support/test";

const PHONE = { width: 390, height: 844 };

/** The owner's rate form of the zone Contiguous US: adds a rate that always fits. */
async function addRate(page: Page, name: string, price: string) {
  const zone = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Contiguous US" }) });
  const rateForm = zone.getByRole("form", { name: "New rate" });
  await rateForm.getByLabel("Rate name").fill(name);
  await rateForm.getByLabel("Price").fill(price);
  await rateForm.getByLabel("Condition").selectOption({ label: "Always" });
  await rateForm.getByRole("button", { name: "Add rate" }).click();
  await expect(page.locator(".admin-notice")).toHaveText(`Rate “${name}” added to Contiguous US.`);
}

/**
 * With Contiguous US set up, the New zone form lists the seven states still
 * free; the 49 in a zone wait under a disclosure, each still named by its
 * state, and one of them is refused beside the states, with the disclosure
 * open on it.
 */
async function newZoneOffersTheFreeStatesFirst(page: Page) {
  const form = page.getByRole("form", { name: "New zone" });
  await expect(form.getByRole("checkbox")).toHaveCount(7);
  await expect(form.getByRole("checkbox", { name: "Alaska" })).toBeVisible();
  const texas = form.getByRole("checkbox", { name: "Texas" });
  await expect(texas).toBeHidden();
  await form.getByText("49 states already in a zone").click();
  await expect(form.getByRole("checkbox")).toHaveCount(56);
  await expect(texas).toHaveAccessibleDescription("in Contiguous US");
  await form.getByLabel("Zone name").fill("South");
  await texas.check();
  await form.getByRole("button", { name: "Save zone" }).click();
  await expect(form.getByText("Texas is in the zone “Contiguous US” already.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "South" })).toHaveCount(0);
  await expect(form.getByRole("checkbox", { name: "Texas" })).toBeChecked();
  await page.goto("/admin/shipping");
}

/*
 * Issue #31: the owner changes a rate while a shopper is in the checkout
 * panel. Rates are not edited in place: the owner deletes the rate and adds
 * it again at another price. The shopper's Pay then meets the new total,
 * sees it, and pays that. The zone and the tax state are taken away again at
 * the end: the worker's shop serves the other checkout specs, which expect
 * a shop with nothing set up (SPEC).
 */
test("a rate changed while the shopper is in the panel: she sees the new total and pays it", async ({
  page,
  asOwner,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const notice = page.locator(".admin-notice");
  await asOwner(page);
  const shopperContext = await browser.newContext({ viewport: PHONE });
  try {
    await page.goto("/admin/shipping");
    await page.getByRole("button", { name: "Add Contiguous US" }).click();
    await expect(notice).toHaveText("Zone “Contiguous US” added.");
    await addRate(page, "USPS Ground Advantage", "6.95");
    await newZoneOffersTheFreeStatesFirst(page);
    expect(await seriousViolations(page), "/admin/shipping, the states in a zone folded").toEqual([]);
    await screenshot(page, testInfo, "shipping with a zone at 390px");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, testInfo, "shipping with a zone at 1280px");
    await page.setViewportSize(PHONE);
    await page.goto("/admin/tax");
    await page.getByLabel("State", { exact: true }).selectOption({ label: "Texas" });
    await page.getByLabel("Rate (%)").fill("6.25");
    await page.getByLabel("Tax shipping").check();
    await page.getByRole("button", { name: "Add state" }).click();
    await expect(notice).toHaveText("Texas added at 6.25 %.");

    const shopper = await shopperContext.newPage();
    const { panel } = await startCheckout(shopper, "/shop/seasonal/2002/", 2); // Winter Pine, $23.50
    await panel.fillShipping({ state: "TX", zip: "78701", email: "rate.change@example.com" });
    const methods = panel.dialog.getByRole("group", { name: "Shipping method" });
    await expect(methods.getByRole("radio", { name: /USPS Ground Advantage/ })).toBeChecked();
    const summary = panel.dialog.getByRole("definition");
    // Tax: 6.25 % of $47.00 is $2.9375, rounded to $2.94, and of $6.95 is $0.43.
    await expect(summary).toHaveText(["$47.00", "$6.95", "$3.37", "$57.32"]);
    await expect(panel.payButton).toHaveText("Pay $57.32");
    await panel.fillCard("4242 4242 4242 4242");

    // Meanwhile the owner's USPS rate goes up to $8.95.
    await page.goto("/admin/shipping");
    await clickAndConfirm(page.getByRole("button", { name: "Delete the rate USPS Ground Advantage of Contiguous US" }));
    await expect(notice).toHaveText("Rate “USPS Ground Advantage” deleted from Contiguous US.");
    await addRate(page, "USPS Ground Advantage", "8.95");

    // 6.25 % of $8.95 is $0.559375: $0.56, so the tax is $3.50.
    await panel.payButton.click();
    await expect(shopper.getByRole("alert")).toHaveText(
      "Your order's total is now $59.45. Please check it and pay again.",
    );
    await expect(summary).toHaveText(["$47.00", "$8.95", "$3.50", "$59.45"]);
    await expect(methods.getByRole("radio", { name: "USPS Ground Advantage $8.95" })).toBeChecked();
    await expect(panel.payButton).toHaveText("Pay $59.45");
    await screenshot(shopper, testInfo, "the new total in the panel at 390px");

    await panel.payButton.click();
    const confirmation = shopper.getByRole("region", { name: /^Order WS-\w+ is confirmed$/ });
    await expect(confirmation).toContainText("Paid: $59.45");
    await expect(confirmation.getByRole("term")).toHaveText([
      "Subtotal",
      "Shipping (USPS Ground Advantage)",
      "Tax (TX 6.25 %)",
    ]);
    await expect(confirmation.getByRole("definition")).toHaveText(["$47.00", "$8.95", "$3.50"]);
    await screenshot(shopper, testInfo, "the thank-you page at 390px");
    const number = (await confirmation.getByRole("heading").textContent())!.match(/WS-\w+/)![0];
    const receipt = await outboxEmail(`Your Wickshop order ${number}`);
    expect(receipt.text).toContain(
      "Subtotal: $47.00\nShipping (USPS Ground Advantage): $8.95\nTax (TX 6.25 %): $3.50\nOrder total: $59.45",
    );
  } finally {
    await shopperContext.close();
    await takeAwayShippingAndTax(page);
  }
});
