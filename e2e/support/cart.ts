import { type Page, expect } from "@playwright/test";

/** A page object for the cart as a shopper uses it: the nav icon, its dropdown and /checkout. */
export class CartPage {
  constructor(readonly page: Page) {}

  get icon() {
    return this.page.getByRole("button", { name: /^Cart,/ });
  }

  get dropdown() {
    return this.page.getByRole("region", { name: "Cart" });
  }

  /** Opens a page and waits until its JavaScript runs (the cart icon becomes usable). */
  async open(path: string) {
    await this.page.goto(path);
    await expect(this.icon).toBeEnabled();
  }

  /** What a screen reader is told when the cart changes. */
  get announcement() {
    return this.page.getByRole("navigation", { name: "Main" }).getByRole("status");
  }

  async expectCount(count: number) {
    await expect(this.icon).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? "item" : "items"}`);
  }

  async addFromCard(name: string) {
    await this.page.getByRole("button", { name: `Add to cart, ${name}`, exact: true }).click();
  }

  line(name: string) {
    return this.page.getByRole("row").filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }

  async expectTotal(dollars: string) {
    await expect(this.page.getByText(/^Total: \$/)).toHaveText(`Total: $${dollars}`);
  }
}
