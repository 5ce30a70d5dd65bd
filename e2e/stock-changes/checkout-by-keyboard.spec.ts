import { PHONE } from "../support/catalog";
import { CartPage } from "../support/cart";
import { CheckoutPanel } from "../support/checkout";
import { importSeasonalCandle } from "../support/import-catalog";
import { expectInViewUncovered } from "../support/in-view";
import { tabTo, typeInto } from "../support/keyboard";
import { expect, test } from "../support/test";

const lantern = { id: 2097, name: "Night Lantern", price: 20 };

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px a keyboard-only shopper buys a candle: a declined card is said beside Pay, in view, with focus on it; the next card pays and focus goes to the order`, async ({
    page,
    request,
  }) => {
    await importSeasonalCandle(request, { ...lantern, stock: 20 });
    try {
      await page.setViewportSize(viewport);
      const cart = new CartPage(page);
      await cart.open(`/shop/seasonal/${lantern.id}/`);
      const addToCart = page.getByRole("button", { name: /^Add to Cart/ });
      await tabTo(page, addToCart);
      await page.keyboard.press("Enter");
      await cart.expectCount(1);
      await expect(addToCart).toBeFocused();

      await tabTo(page, cart.icon);
      await page.keyboard.press("Enter");
      const goToCart = cart.dropdown.getByRole("button", { name: "GO TO CART" });
      await tabTo(page, goToCart);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/checkout$/);
      const checkout = page.getByRole("button", { name: "Checkout", exact: true });
      await tabTo(page, checkout);
      await page.keyboard.press("Enter");

      const panel = new CheckoutPanel(page);
      const { dialog, payButton } = panel;
      await expect(dialog).toBeVisible();
      await expect(dialog.locator(":focus")).toHaveCount(1);
      await typeInto(page, dialog.getByLabel("Name", { exact: true }), "Ada Lovelace");
      await typeInto(page, dialog.getByLabel("Street address"), "12 Wick Lane");
      await typeInto(page, dialog.getByLabel("City"), "Springfield");
      await typeInto(page, dialog.getByLabel("State"), "IL");
      await typeInto(page, dialog.getByLabel("ZIP code"), "62701");
      const cardNumber = dialog.getByLabel("Card number");
      await typeInto(page, cardNumber, "4000 0000 0000 0002");
      await typeInto(page, dialog.getByLabel("Expiry (MM/YY)"), "12/34");
      await typeInto(page, dialog.getByLabel("CVC"), "123");
      await tabTo(page, payButton);
      await page.keyboard.press("Enter");

      const declined = dialog.getByRole("alert");
      await expect(declined).toHaveText("Your card was declined.");
      await expect(declined).toBeFocused();
      await expectInViewUncovered(declined);
      await expect(payButton).toHaveText("Pay $20.00");

      // Back to the card number, which she corrects.
      await tabTo(page, cardNumber, "Shift+Tab");
      await typeInto(page, cardNumber, "4242 4242 4242 4242");
      await tabTo(page, payButton);
      await page.keyboard.press("Enter");
      const confirmed = page.getByRole("heading", { name: /^Order WS-\w+ is confirmed$/ });
      await expect(confirmed).toBeFocused();
      await expect(page.locator("#page-announcer")).toHaveText(/^Order WS-\w+ is confirmed$/);
      await expect(page.getByRole("alert")).toHaveText("Payment Successful! Thank you Ada Lovelace!");
      await expect(page.getByText("Your card was declined.")).toHaveCount(0);
    } finally {
      await importSeasonalCandle(request, { ...lantern, stock: 0 });
    }
  });
}
