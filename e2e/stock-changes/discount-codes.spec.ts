import { PHONE, screenshot } from "../support/catalog";
import { startCheckout } from "../support/checkout";
import { outboxEmail } from "../support/outbox";
import { takeAwayShippingAndTax } from "../support/shipping-setup";
import { expect, test } from "../support/test";

test("the owner creates SPRING15 on a phone, a bad value is refused beside its field, and deactivates it", async ({
  page,
  asOwner,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await asOwner(page);
  await page.goto("/admin/discounts");
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  const form = page.getByRole("form", { name: "New code" });
  await form.getByLabel("Code").fill("spring15");
  await form.getByLabel("Kind").selectOption({ label: "Percent off" });
  await form.getByLabel("Value").fill("150");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByLabel("Value")).toHaveAccessibleDescription(/Enter a whole percent from 1 to 100\./);
  await form.getByLabel("Value").fill("15");
  await form.getByLabel("Minimum subtotal").fill("40");
  await form.getByLabel("Total uses").fill("100");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "SPRING15 saved." })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "SPRING15" });
  await expect(card).toContainText("SPRING15 · 15 % off");
  await expect(card).toContainText("0 of 100 uses · $0.00 sales · $0.00 discount given");
  await screenshot(page, testInfo, "discounts at 390 px");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, testInfo, "discounts at 1280 px");

  await card.getByRole("link", { name: "Edit SPRING15" }).click();
  await expect(page.getByRole("heading", { name: "Edit SPRING15" })).toBeVisible();
  await expect(page.getByLabel("Minimum subtotal")).toHaveValue("40");
  await card.getByRole("button", { name: "Deactivate SPRING15" }).click();
  await expect(page.getByRole("status").filter({ hasText: "SPRING15 is inactive now." })).toBeVisible();
  await expect(card).toContainText("SPRING15 · 15 % off · Inactive");
});

test("the owner creates HOLIDAY15 and a shopper in Texas applies it on a phone: a wrong code is refused beside the field, HOLIDAY15 shows the Discount line and the tax on what is left, she pays that; the receipt shows it, and Today and the code's uses count it", async ({
  page,
  browser,
  asOwner,
}, testInfo) => {
  const notice = page.locator(".admin-notice");
  await asOwner(page);
  const salesToday = page.locator(".admin-figure").filter({ hasText: "Sales today" });
  const cents = (text: string | null) => Math.round(Number(text!.replace(/[^0-9.]/g, "")) * 100);
  await page.goto("/admin");
  const salesBefore = cents(await salesToday.locator(".admin-figure__amount").textContent());
  // Texas's sales tax, taken away again at the end: the worker's shop serves specs that expect none (SPEC).
  await page.goto("/admin/tax");
  await page.getByLabel("State", { exact: true }).selectOption({ label: "Texas" });
  await page.getByLabel("Rate (%)").fill("6.25");
  await page.getByRole("button", { name: "Add state" }).click();
  await expect(notice).toHaveText("Texas added at 6.25 %.");
  try {
    await page.goto("/admin/discounts");
    const form = page.getByRole("form", { name: "New code" });
    await form.getByLabel("Code").fill("HOLIDAY15");
    await form.getByLabel("Value").fill("15");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "HOLIDAY15 saved." })).toBeVisible();

    const context = await browser.newContext({ viewport: PHONE });
    const shopperPage = await context.newPage();
    const { panel } = await startCheckout(shopperPage, "/shop/woodwick/4003/", 2);
    await panel.fillShipping({ state: "TX", zip: "78701", email: "holiday.shopper@example.com" });
    const code = panel.dialog.getByLabel("Discount code");
    await code.fill("nope");
    await panel.dialog.getByRole("button", { name: "Apply" }).click();
    await expect(code).toHaveAccessibleDescription("That code isn't valid.");
    await code.fill("holiday15");
    await panel.dialog.getByRole("button", { name: "Apply" }).click();
    await expect(panel.dialog.getByText("HOLIDAY15 applied.", { exact: true })).toBeVisible();
    const terms = panel.dialog.getByRole("term");
    await expect(terms).toHaveText(["Subtotal", "Discount", "Tax", "Order total"]);
    const figures = (await panel.dialog.getByRole("definition").allTextContents()).map(cents);
    const [subtotal, discount, tax, total] = figures as [number, number, number, number];
    // 15 % of the items, rounded half up; Texas's 6.25 % on what is left, rounded half up; the total of the three.
    expect(discount).toBe(Math.floor((subtotal * 15 + 50) / 100));
    expect(tax).toBe(Math.floor(((subtotal - discount) * 625 + 5000) / 10000));
    expect(total).toBe(subtotal - discount + tax);
    await screenshot(shopperPage, testInfo, "checkout with a code at 390 px");
    await panel.fillCard("4242 4242 4242 4242");
    const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;
    await expect(panel.payButton).toHaveText(`Pay ${dollars(total)}`);
    await panel.payButton.click();
    await expect(shopperPage.getByText(/Payment Successful!/)).toBeVisible();
    // The thank-you page names the code with what it took off.
    const paid = shopperPage.getByLabel("What the total is made of");
    await expect(paid.getByRole("term")).toHaveText(["Subtotal", "Discount (HOLIDAY15)", "Tax (TX 6.25 %)"]);
    await expect(paid.getByRole("definition").nth(1)).toHaveText(`-${dollars(discount)}`);
    await expect(shopperPage.getByText(`Paid: ${dollars(total)}`)).toBeVisible();
    const confirmed = shopperPage.getByRole("heading", { name: /^Order WS-\w+ is confirmed$/ });
    const number = (await confirmed.textContent())!.match(/WS-\w+/)![0];
    await context.close();

    // The receipt: SPEC's fields, then the same figures.
    const receipt = await outboxEmail(`Your Wickshop order ${number}`);
    expect(receipt.text).toContain(
      `Subtotal: ${dollars(subtotal)}\nDiscount (HOLIDAY15): -${dollars(discount)}\nTax (TX 6.25 %): ${dollars(tax)}\nOrder total: ${dollars(total)}`,
    );
    await page.goto("/admin/discounts");
    const card = page.getByRole("listitem").filter({ hasText: "HOLIDAY15" });
    await expect(card).toContainText(`1 use · ${dollars(total)} sales · ${dollars(discount)} discount given`);
    await page.goto("/admin");
    await expect(salesToday.locator(".admin-figure__amount")).toHaveText(dollars(salesBefore + total));
  } finally {
    await takeAwayShippingAndTax(page);
  }
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
  await expect(panel.dialog.getByText("ONTHEHOUSE applied.", { exact: true })).toBeVisible();
  await expect(panel.payButton).toHaveText("Place order");
  await expect(panel.dialog.getByRole("group", { name: "Card" })).toHaveCount(0);
  await screenshot(shopperPage, testInfo, "checkout with nothing to pay at 390 px");
  await panel.payButton.click();
  await expect(shopperPage.getByText("Payment Successful! Thank you Ada Lovelace!")).toBeVisible();
  const confirmed = shopperPage.getByRole("heading", { name: /^Order WS-\w+ is confirmed$/ });
  await expect(confirmed).toBeFocused();
  // Nothing was paid: the page says so, not "We have your payment".
  await expect(shopperPage.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
  await expect(shopperPage.getByText(/Your discount code covers it all: there is nothing to pay\./)).toBeVisible();
  await expect(shopperPage.getByText("Total: $0.00")).toBeVisible();
  const number = (await confirmed.textContent())!.match(/WS-\w+/)![0];
  await cart.expectCount(0);
  await context.close();

  await page.goto(`/admin/orders/${number}`);
  await expect(page.getByText("Paid with a discount", { exact: true }).first()).toBeVisible();
});
