import { randomBytes } from "node:crypto";
import { PHONE } from "./support/catalog";
import { startCheckout } from "./support/checkout";
import { expect, test } from "./support/test";

/** DISCOUNT_ATTEMPTS_PER_IP's default: the workers' shops keep it. */
const GUESSES = 10;

test("a shopper who typed too many unknown codes is told to wait, beside the Discount code field", async ({
  browser,
}) => {
  // An address of its own, as from the proxy the shop trusts, so no other test (nor a retry) shares its count.
  const address = `2001:db8::${randomBytes(4)
    .toString("hex")
    .replace(/(.{4})/, "$1:")}`;
  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { "X-Forwarded-For": address } });
  try {
    const page = await context.newPage();
    const { panel } = await startCheckout(page, "/shop/woodwick/4003/");
    const code = panel.dialog.getByLabel("Discount code");
    const apply = async (typed: string) => {
      await code.fill(typed);
      const answered = page.waitForResponse((response) => response.url().endsWith("/api/checkout/quote"));
      await panel.dialog.getByRole("button", { name: "Apply" }).click();
      await answered;
    };
    for (let guess = 1; guess <= GUESSES; guess++) {
      await apply(`GUESS${guess}`);
      await expect(code).toHaveAccessibleDescription("That code isn't valid.");
    }
    await apply("GUESS11");
    await expect(code).toHaveAccessibleDescription(
      "Too many discount codes tried. Please wait a few minutes and try again.",
    );
    await expect(panel.dialog.getByRole("term").filter({ hasText: "Discount" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
