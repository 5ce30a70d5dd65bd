import { PHONE, screenshot } from "../support/catalog";
import { expect, test } from "../support/test";

test("the owner creates HOLIDAY15 on a phone, a bad value is refused beside its field, and deactivates it", async ({
  page,
  asOwner,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await asOwner(page);
  await page.goto("/admin/discounts");
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  const form = page.getByRole("form", { name: "New code" });
  await form.getByLabel("Code").fill("holiday15");
  await form.getByLabel("Kind").selectOption({ label: "Percent off" });
  await form.getByLabel("Value").fill("150");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByLabel("Value")).toHaveAccessibleDescription(/Enter a whole percent from 1 to 100\./);
  await form.getByLabel("Value").fill("15");
  await form.getByLabel("Minimum subtotal").fill("40");
  await form.getByLabel("Total uses").fill("100");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "HOLIDAY15 saved." })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "HOLIDAY15" });
  await expect(card).toContainText("HOLIDAY15 · 15 % off");
  await expect(card).toContainText("0 of 100 uses · $0.00 sales · $0.00 discount given");
  await screenshot(page, testInfo, "discounts at 390 px");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, testInfo, "discounts at 1280 px");

  await card.getByRole("link", { name: "Edit HOLIDAY15" }).click();
  await expect(page.getByRole("heading", { name: "Edit HOLIDAY15" })).toBeVisible();
  await expect(page.getByLabel("Minimum subtotal")).toHaveValue("40");
  await card.getByRole("button", { name: "Deactivate HOLIDAY15" }).click();
  await expect(page.getByRole("status").filter({ hasText: "HOLIDAY15 is inactive now." })).toBeVisible();
  await expect(card).toContainText("HOLIDAY15 · 15 % off · Inactive");
});
