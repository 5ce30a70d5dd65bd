import { type Browser, type Page, expect } from "@playwright/test";
import { CartPage } from "./cart";

export const shopper = {
  name: "Ada Lovelace",
  address: "12 Wick Lane",
  city: "Springfield",
  state: "IL",
  zip: "62701",
};

/** The checkout side panel as a shopper fills it in. */
export class CheckoutPanel {
  constructor(readonly page: Page) {}

  get dialog() {
    return this.page.getByRole("dialog", { name: "Checkout" });
  }

  get payButton() {
    return this.dialog.getByRole("button", { name: /^(Pay|Paying|Place order)/ });
  }

  async open() {
    await this.page.getByRole("button", { name: "Checkout", exact: true }).click();
    await expect(this.dialog).toBeVisible();
  }

  async fillShipping(details: Partial<typeof shopper> & { email?: string } = {}) {
    const values = { ...shopper, ...details };
    await this.dialog.getByLabel("Name", { exact: true }).fill(values.name);
    await this.dialog.getByLabel("Street address").fill(values.address);
    await this.dialog.getByLabel("City").fill(values.city);
    const state = this.dialog.getByLabel("State");
    // Once shipping or tax is set up, State is a list (issue #31).
    if ((await state.evaluate((element) => element.tagName)) === "SELECT") await state.selectOption(values.state);
    else await state.fill(values.state);
    await this.dialog.getByLabel("ZIP code").fill(values.zip);
    if (details.email) await this.dialog.getByLabel(/^Email/).fill(details.email);
  }

  async fillCard(number: string, expiry = "12/34", cvc = "123") {
    await this.dialog.getByLabel("Card number").fill(number);
    await this.dialog.getByLabel("Expiry (MM/YY)").fill(expiry);
    await this.dialog.getByLabel("CVC").fill(cvc);
  }
}

/** Adds a product to the cart from its page (`times` over), goes to /checkout and opens the panel. */
export async function startCheckout(page: Page, productPath: string, times = 1) {
  const cart = new CartPage(page);
  await cart.open(productPath);
  for (let added = 0; added < times; added++) await page.getByRole("button", { name: "Add to Cart" }).click();
  await cart.open("/checkout");
  const panel = new CheckoutPanel(page);
  await panel.open();
  return { cart, panel };
}

/**
 * A guest buys `times` of a product in a browser context of their own (so the
 * caller's page keeps its state) and pays with the test card; answers the order
 * number the confirmation shows.
 */
export async function buyAsGuest(browser: Browser, productPath: string, times = 1) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const { panel } = await startCheckout(page, productPath, times);
    await panel.fillShipping();
    await panel.fillCard("4242 4242 4242 4242");
    await panel.payButton.click();
    const confirmed = page.getByRole("heading", { name: /^Order WS-\w+ is confirmed$/ });
    await expect(confirmed).toBeVisible();
    return (await confirmed.textContent())!.match(/WS-\w+/)![0];
  } finally {
    await context.close();
  }
}
