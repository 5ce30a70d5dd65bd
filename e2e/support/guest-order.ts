import { type Browser, expect } from "@playwright/test";
import { startCheckout } from "./checkout";

/** A guest buys `times` of a product in a browser of their own; answers the order number the confirmation shows. */
export async function guestBuys(
  browser: Browser,
  productPath: string,
  times: number,
  shipping: { name: string; email: string },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { panel } = await startCheckout(page, productPath, times);
  await panel.fillShipping(shipping);
  await panel.fillCard("4242 4242 4242 4242");
  await panel.payButton.click();
  const confirmed = page.getByRole("heading", { name: /^Order WS-\w+ is confirmed$/ });
  await expect(confirmed).toBeVisible();
  const number = (await confirmed.textContent())!.match(/WS-\w+/)![0];
  await context.close();
  return number;
}
