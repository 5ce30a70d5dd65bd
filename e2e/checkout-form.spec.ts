import { expect, test } from "./support/test";
import { CartPage } from "./support/cart";
import { startCheckout } from "./support/checkout";

test("the Checkout button opens a side panel on the right that Escape closes", async ({ page }) => {
  const { panel } = await startCheckout(page, "/shop/wax/1006/"); // Fresh Linen
  const box = (await panel.dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.round(box.x + box.width)).toBe(viewport.width);
  expect(box.x).toBeGreaterThan(viewport.width / 2);
  await expect(panel.payButton).toHaveText("Pay $17.50");

  await page.keyboard.press("Escape");
  await expect(panel.dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Checkout", exact: true })).toBeFocused();
});

test("focus stays inside the panel while it is open", async ({ page }) => {
  const { panel } = await startCheckout(page, "/shop/wax/1006/"); // Fresh Linen
  for (let step = 0; step < 25; step++) {
    await page.keyboard.press("Tab");
    const inside = await panel.dialog.evaluate((dialog) => dialog.contains(document.activeElement));
    expect(inside).toBe(true);
  }
});

test("name, street address, city, state and ZIP code are required, with errors next to each field", async ({
  page,
}) => {
  const { panel } = await startCheckout(page, "/shop/wax/1006/"); // Fresh Linen
  await panel.payButton.click();
  for (const [label, message] of [
    ["Name", "Name is required"],
    ["Street address", "Street address is required"],
    ["City", "City is required"],
    ["State", "State is required"],
    ["ZIP code", "ZIP code is required"],
    ["Card number", "Card number is required"],
  ]) {
    const input = panel.dialog.getByLabel(label!, { exact: true });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(message!);
  }
  await expect(panel.dialog.getByLabel("Phone number (optional)")).not.toHaveAttribute("aria-invalid", "true");
  await expect(panel.dialog.getByLabel("Name", { exact: true })).toBeFocused();

  await panel.fillShipping({ email: "not an email" });
  await panel.fillCard("4242 4242 4242 4242", "13/30", "12");
  await panel.payButton.click();
  await expect(panel.dialog.getByLabel(/^Email/)).toHaveAccessibleDescription("Email must be an email address");
  await expect(panel.dialog.getByLabel("Expiry (MM/YY)")).toHaveAccessibleDescription("Expiry must be MM/YY");
  await expect(panel.dialog.getByLabel("CVC")).toHaveAccessibleDescription("CVC must be 3 or 4 digits");
  await expect(panel.dialog.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
});

test("paying with an empty cart says 'Your cart is empty!'", async ({ page, context }) => {
  const { panel } = await startCheckout(page, "/shop/wax/1006/"); // Fresh Linen
  const other = new CartPage(await context.newPage());
  await other.open("/checkout");
  await other.line("Fresh Linen").getByRole("button", { name: "Remove Fresh Linen from cart" }).click();

  await panel.fillShipping();
  await panel.fillCard("4242 4242 4242 4242");
  await panel.payButton.click();
  await expect(page.getByRole("alert")).toHaveText("Your cart is empty!");
});
