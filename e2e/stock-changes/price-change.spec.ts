import { expect, test } from "../support/test";
import { startCheckout } from "../support/checkout";
import { importCatalog } from "../support/import-catalog";

test("a price changed after the cart loaded is shown before the card is charged", async ({ page, request }) => {
  const { panel } = await startCheckout(page, "/shop/seasonal/2005/"); // Apple Orchard, $21.50
  await expect(panel.payButton).toHaveText("Pay $21.50");

  const seasonal = await (await request.get("/api/catalog/seasonal")).json();
  await importCatalog([
    {
      ...seasonal,
      items: seasonal.items.map((item: { id: number }) => (item.id === 2005 ? { ...item, price: 23 } : item)),
    },
  ]);

  await panel.fillShipping();
  await panel.fillCard("4242 4242 4242 4242");
  await panel.payButton.click();
  await expect(page.getByRole("alert")).toHaveText(
    "Prices in your cart have changed since the page loaded. We have updated your cart: please check the total and press Pay again.",
  );
  await expect(panel.payButton).toHaveText("Pay $23.00");
  await panel.payButton.click();
  await expect(page.getByRole("alert").last()).toHaveText("Payment Successful! Thank you Ada Lovelace!");
  await expect(page.getByRole("region", { name: /is confirmed$/ })).toContainText("Paid: $23.00");
});
