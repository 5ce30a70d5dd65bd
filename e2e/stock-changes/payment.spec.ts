import { type Browser } from "@playwright/test";
import { expect, test } from "../support/test";
import { startCheckout } from "../support/checkout";
import { importSeasonalCandle } from "../support/import-catalog";
import { outboxEmail } from "../support/outbox";

async function stockOf(request: import("@playwright/test").APIRequestContext, category: string, id: number) {
  const { items } = await (await request.get(`/api/catalog/${category}`)).json();
  return items.find((item: { id: number }) => item.id === id).stock as number;
}

test("a guest pays with 4242 4242 4242 4242: thanked by name, shown the order, cart cleared", async ({
  page,
  request,
}) => {
  const before = await stockOf(request, "seasonal", 2001);
  const { cart, panel } = await startCheckout(page, "/shop/seasonal/2001/", 2); // Pumpkin Spice, $21.00
  await expect(panel.payButton).toHaveText("Pay $42.00");
  await panel.fillShipping({ email: "ada@example.com" });
  await panel.fillCard("4242 4242 4242 4242");
  await panel.payButton.click();

  await expect(page.getByRole("alert")).toHaveText("Payment Successful! Thank you Ada Lovelace!");
  await expect(panel.dialog).toBeHidden();
  const confirmation = page.getByRole("region", { name: /^Order WS-[A-Z0-9]{8} is confirmed$/ });
  await expect(confirmation).toContainText("Pumpkin Spice");
  await expect(confirmation).toContainText("2 x $21.00");
  await expect(confirmation).toContainText("Paid: $42.00");
  await cart.expectCount(0);
  expect(await stockOf(request, "seasonal", 2001)).toBe(before - 2);

  // The shop owner's notification lands in DATA_DIR/outbox as an .eml file.
  const number = (await confirmation.getByRole("heading").textContent())!.match(/WS-[A-Z0-9]{8}/)![0];
  const mail = await outboxEmail(`New order ${number}: $42.00`);
  expect(mail.to).toMatchObject({ text: "orders@wickshop.test" });
  expect(mail.text).toContain("Ship to: Ada Lovelace");
  expect(mail.text).toContain("1. Pumpkin Spice: 2 x $21.00 (scent: Pumpkin, cinnamon & clove, id: 2001)");
  expect(mail.html).toContain("Pumpkin Spice");
});

test("a declined card shows the provider's message and keeps the cart; a retry then pays once", async ({
  page,
  request,
}) => {
  const before = await stockOf(request, "woodwick", 4003);
  const { cart, panel } = await startCheckout(page, "/shop/woodwick/4003/"); // Coffee House
  await panel.fillShipping();
  await panel.fillCard("4000 0000 0000 0002");
  await panel.payButton.click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(panel.dialog).toBeVisible();
  await cart.expectCount(1);
  // The declined order keeps its reservation.
  expect(await stockOf(request, "woodwick", 4003)).toBe(before - 1);

  await panel.fillCard("4000 0000 0000 9995");
  await panel.payButton.click();
  await expect(page.getByRole("alert").last()).toHaveText("Your card has insufficient funds.");

  await panel.fillCard("4242 4242 4242 4242");
  await panel.payButton.click();
  await expect(page.getByRole("alert").last()).toHaveText("Payment Successful! Thank you Ada Lovelace!");
  await cart.expectCount(0);
  expect(await stockOf(request, "woodwick", 4003)).toBe(before - 1);
});

test("a card the test gateway does not know is refused with a test-mode message", async ({ page }) => {
  const { cart, panel } = await startCheckout(page, "/shop/wax/1006/"); // Fresh Linen
  await panel.fillShipping();
  await panel.fillCard("5555 5555 5555 4444");
  await panel.payButton.click();
  await expect(page.getByRole("alert")).toHaveText(/test mode/);
  await cart.expectCount(1);
});

test("Pay shows a loading state and cannot be pressed twice while paying", async ({ page }) => {
  const { panel } = await startCheckout(page, "/shop/jelly/3005/"); // Rose Petal Gel
  await panel.fillShipping();
  await panel.fillCard("4242 4242 4242 4242");

  let payments = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/payments/test-gateway", async (route) => {
    payments++;
    await released;
    await route.continue();
  });
  await panel.payButton.click();
  await expect(panel.payButton).toHaveText("Paying…");
  await expect(panel.payButton).toBeDisabled();
  await expect(panel.payButton).toHaveAttribute("aria-busy", "true");
  await panel.payButton.click({ force: true });
  release();
  await expect(page.getByRole("alert")).toHaveText("Payment Successful! Thank you Ada Lovelace!");
  expect(payments).toBe(1);
});

async function shopperWithLastPillar(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const { cart, panel } = await startCheckout(page, "/shop/wax/1004/"); // Honey Beeswax Pillar: 1 left
  await panel.fillShipping();
  await panel.fillCard("4242 4242 4242 4242");
  return { page, cart, panel };
}

test("two shoppers race for the last unit: one pays, the other is told by SPEC §5's messages", async ({ browser }) => {
  const first = await shopperWithLastPillar(browser);
  const second = await shopperWithLastPillar(browser);

  await first.panel.payButton.click();
  await expect(first.page.getByRole("alert")).toHaveText("Payment Successful! Thank you Ada Lovelace!");

  await second.panel.payButton.click();
  await expect(second.page.getByRole("alert")).toHaveText(
    "Oh no! Looks like all of the Honey Beeswax Pillar is gone! We'll update your cart for you.",
  );
  const refresh = second.page.getByRole("alertdialog");
  await expect(refresh).toHaveText(
    /^Looks like something in your cart doesn't have enough stock! Click OK to refresh the page\./,
  );
  await expect(refresh.getByRole("button", { name: "OK" })).toBeFocused();
  await refresh.getByRole("button", { name: "OK" }).click();
  await expect(second.page.getByText("Your cart is empty!")).toBeVisible();
  await second.cart.expectCount(0);

  await second.page.goto("/shop/wax/1004/");
  await expect(second.page.getByText("Sorry, this item is out of stock!")).toBeVisible();
});

test("a shopper who fixes a ZIP typo after a declined card still pays for the last unit", async ({ page, request }) => {
  await importSeasonalCandle(request, { id: 2099, name: "Last Ember", stock: 1 });
  const { cart, panel } = await startCheckout(page, "/shop/seasonal/2099/");
  await panel.fillShipping({ zip: "62710" });
  await panel.fillCard("4000 0000 0000 0002");
  await panel.payButton.click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  expect(await stockOf(request, "seasonal", 2099)).toBe(0);

  await panel.fillShipping({ zip: "62701" });
  await panel.fillCard("4242 4242 4242 4242");
  await panel.payButton.click();
  await expect(page.getByRole("alert").last()).toHaveText("Payment Successful! Thank you Ada Lovelace!");
  await expect(page.getByRole("region", { name: /is confirmed$/ })).toContainText("Last Ember");
  await cart.expectCount(0);
});
