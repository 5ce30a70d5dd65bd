import { type Page, expect } from "@playwright/test";
import { clickAndConfirm } from "./confirm";

/**
 * Back to a shop with nothing set up, as the owner: Texas's sales tax removed
 * and the zone Contiguous US deleted, each if it is there. The worker's shop
 * serves the other checkout specs, which expect SPEC's checkout.
 */
export async function takeAwayShippingAndTax(page: Page) {
  const notice = page.locator(".admin-notice");
  await page.goto("/admin/tax");
  const removeTexas = page.getByRole("button", { name: "Remove Texas" });
  if (await removeTexas.isVisible()) {
    await clickAndConfirm(removeTexas);
    await expect(notice).toHaveText("Texas removed: no sales tax is collected there now.");
  }
  await page.goto("/admin/shipping");
  const deleteZone = page.getByRole("button", { name: "Delete the zone Contiguous US" });
  if (await deleteZone.isVisible()) {
    await clickAndConfirm(deleteZone);
    await expect(notice).toHaveText("Zone “Contiguous US” and its rates are deleted.");
  }
}
