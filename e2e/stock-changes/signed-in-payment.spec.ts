import { expect, test } from "../support/test";
import { signUp, uniqueEmail } from "../support/accounts";
import { startCheckout } from "../support/checkout";

test("a signed-in shopper pays and is thanked by their display name", async ({ page }) => {
  await page.goto("/auth");
  await signUp(page, { displayName: "Dorothy V.", email: uniqueEmail("dorothy") });
  const { panel, cart } = await startCheckout(page, "/shop/jelly/3003/"); // Berry Bubbles
  await panel.fillShipping({ name: "Dorothy Vaughan" });
  await panel.fillCard("4242 4242 4242 4242");
  await panel.payButton.click();
  await expect(page.getByRole("alert")).toHaveText("Payment Successful! Thank you Dorothy V.!");
  await cart.expectCount(0);
});
