import { type Locator, expect } from "@playwright/test";

/**
 * Clicks a back-office button for what cannot be undone, then the button of
 * the same name in the question it asks in its place (confirm-button.tsx).
 */
export async function clickAndConfirm(button: Locator) {
  await button.click();
  await expect(button.page().getByRole("group").filter({ has: button })).toBeVisible();
  await button.click();
}
