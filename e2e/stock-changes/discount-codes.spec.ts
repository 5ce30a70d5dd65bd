import { PHONE, screenshot } from "../support/catalog";
import { startCheckout } from "../support/checkout";
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

test("a shopper on a phone applies a code: a wrong one is refused beside the field, a good one shows the Discount line, and she pays the new total", async ({
  page,
  browser,
  asOwner,
}, testInfo) => {
  await asOwner(page);
  await page.goto("/admin/discounts");
  const form = page.getByRole("form", { name: "New code" });
  await form.getByLabel("Code").fill("CANDLE10");
  await form.getByLabel("Value").fill("10");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "CANDLE10 saved." })).toBeVisible();

  const context = await browser.newContext({ viewport: PHONE });
  const shopperPage = await context.newPage();
  const { panel } = await startCheckout(shopperPage, "/shop/woodwick/4003/", 2);
  const code = panel.dialog.getByLabel("Discount code");
  await code.fill("nope");
  await panel.dialog.getByRole("button", { name: "Apply" }).click();
  await expect(code).toHaveAccessibleDescription("That code isn't valid.");
  await code.fill("candle10");
  await panel.dialog.getByRole("button", { name: "Apply" }).click();
  const summary = panel.dialog.getByRole("definition");
  await expect(panel.dialog.getByText("CANDLE10 applied.")).toBeVisible();
  await expect(panel.dialog.getByRole("term").filter({ hasText: "Discount" })).toBeVisible();
  const subtotal = await summary.nth(0).textContent();
  const total = await summary.last().textContent();
  const cents = (text: string | null) => Math.round(Number(text!.replace(/[^0-9.]/g, "")) * 100);
  expect(cents(total)).toBe(cents(subtotal) - Math.floor((cents(subtotal) * 10 + 50) / 100));
  await screenshot(shopperPage, testInfo, "checkout with a code at 390 px");
  await panel.fillShipping();
  await panel.fillCard("4242 4242 4242 4242");
  await expect(panel.payButton).toContainText(total!.trim());
  await panel.payButton.click();
  await expect(shopperPage.getByText(/Payment Successful!/)).toBeVisible();
  // The thank-you page names the code with what it took off.
  const paid = shopperPage.getByLabel("What the total is made of");
  await expect(paid.getByRole("term")).toHaveText(["Subtotal", "Discount (CANDLE10)"]);
  await expect(paid.getByRole("definition").nth(1)).toHaveText(
    `-$${((cents(subtotal) - cents(total)) / 100).toFixed(2)}`,
  );
  await context.close();

  await page.goto("/admin/discounts");
  const card = page.getByRole("listitem").filter({ hasText: "CANDLE10" });
  await expect(card.getByText(/^1 use · \$[\d.,]+ sales/)).toBeVisible();
});

test("a shopper on a phone applies a code that covers her order and places it without a card; the owner sees it paid with a discount", async ({
  page,
  browser,
  asOwner,
}, testInfo) => {
  await asOwner(page);
  await page.goto("/admin/discounts");
  const form = page.getByRole("form", { name: "New code" });
  await form.getByLabel("Code").fill("ONTHEHOUSE");
  await form.getByLabel("Kind").selectOption({ label: "Percent off" });
  await form.getByLabel("Value").fill("100");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "ONTHEHOUSE saved." })).toBeVisible();

  const context = await browser.newContext({ viewport: PHONE });
  const shopperPage = await context.newPage();
  const { cart, panel } = await startCheckout(shopperPage, "/shop/woodwick/4003/");
  await panel.fillShipping({ email: "free.candle@example.com" });
  await expect(panel.dialog.getByLabel("Card number")).toBeVisible();
  await panel.dialog.getByLabel("Discount code").fill("onthehouse");
  await panel.dialog.getByRole("button", { name: "Apply" }).click();
  await expect(panel.dialog.getByText("ONTHEHOUSE applied.")).toBeVisible();
  await expect(panel.payButton).toHaveText("Pay $0.00");
  await expect(panel.dialog.getByRole("group", { name: "Card" })).toHaveCount(0);
  await screenshot(shopperPage, testInfo, "checkout with nothing to pay at 390 px");
  await panel.payButton.click();
  await expect(shopperPage.getByText("Payment Successful! Thank you Ada Lovelace!")).toBeVisible();
  const confirmed = shopperPage.getByRole("heading", { name: /^Order WS-\w+ is confirmed$/ });
  await expect(confirmed).toBeVisible();
  const number = (await confirmed.textContent())!.match(/WS-\w+/)![0];
  await cart.expectCount(0);
  await context.close();

  await page.goto(`/admin/orders/${number}`);
  await expect(page.getByText("Paid with a discount", { exact: true }).first()).toBeVisible();
});
