import type { APIRequestContext } from "@playwright/test";
import { addDiscountCode } from "../../tests/helpers/pricing-setup";
import { PHONE, screenshot } from "../support/catalog";
import { startCheckout } from "../support/checkout";
import { importSeasonalCandle } from "../support/import-catalog";
import { expectInViewUncovered } from "../support/in-view";
import { inShopDb, setUpShipping, takeAwayShipping, takeOutOfItsZone } from "../support/shop-db";
import { expect, test } from "../support/test";

/** A $20.00 candle of this spec's own. */
const glow = { id: 2098, name: "Harbour Glow", price: 20 };

/** Another tab of the same customer pays with the code: the code is hers from then on. */
async function payElsewhere(
  request: APIRequestContext,
  discountCode: string,
  email: string,
  expectedTotalCents: number,
) {
  const placed = await request.post("/api/checkout", {
    data: {
      idempotencyKey: `elsewhere-${Math.random().toString(36).slice(2)}`,
      lines: [{ id: glow.id, quantity: 1 }],
      shipping: { name: "Ada Lovelace", address: "12 Wick Lane", city: "Portland", state: "OR", zip: "97201", email },
      discountCode,
      expectedTotalCents,
    },
  });
  expect(placed.status()).toBe(201);
  const { order } = (await placed.json()) as { order: { number: string; accessToken: string } };
  const paid = await request.post("/api/payments/test-gateway", {
    headers: { "X-Order-Token": order.accessToken },
    data: { orderNumber: order.number, cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
  });
  expect(paid.status()).toBe(200);
}

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px, what the shop refuses stands where the shopper looks and is announced: Alaska stops Pay, a used code is refused on Apply and at Pay, a zone gone at Pay`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { width } = viewport;
    await importSeasonalCandle(request, { ...glow, stock: 50 });
    await setUpShipping();
    const save = `SAVE${width}`;
    const once = `ONCE${width}`;
    await inShopDb(async (db) => {
      await addDiscountCode(db, { code: save });
      await addDiscountCode(db, { code: once, kind: "amount", value: 500, once_per_customer: 1 });
    });
    const used = `used-${width}@example.com`;
    await payElsewhere(request, once, used, 2000 - 500 + 695);
    try {
      await page.setViewportSize(viewport);
      const { panel } = await startCheckout(page, `/shop/seasonal/${glow.id}/`);
      const { dialog, payButton } = panel;
      const announced = dialog.getByRole("status");
      const refusalAtPay = dialog.getByRole("alert");
      const state = dialog.getByLabel("State");
      const code = dialog.getByLabel("Discount code");
      const apply = (typed: string) =>
        code.fill(typed).then(() => dialog.getByRole("button", { name: "Apply" }).click());

      // Alaska is in no zone: no rate, no total, and Pay waits for another address.
      await panel.fillShipping({ state: "AK", zip: "99501" });
      await expect(state).toHaveAccessibleDescription("We don't ship to Alaska yet.");
      await expect(announced).toHaveText("We don't ship to Alaska yet.");
      await expect(dialog.getByRole("group", { name: "Shipping method" })).toHaveCount(0);
      await expect(dialog.getByRole("term").filter({ hasText: "Order total" })).toHaveCount(0);
      await expect(payButton).toHaveText("Pay");
      await expect(payButton).toBeDisabled();
      await state.selectOption("OR");
      await expect(payButton).toHaveText("Pay $26.95");
      await expect(payButton).toBeEnabled();
      await expect(announced).toHaveText("Order total: $26.95.");

      // 15 % off: the nudge counts what is left after the discount, and says so.
      await apply(save.toLowerCase());
      await expect(announced).toHaveText(`${save} applied. Order total: $23.95.`);
      await expect(
        dialog.getByText("Add $58.00 more to your cart, after your discount, for free shipping."),
      ).toBeVisible();

      // A one-per-customer code her email used: refused on Apply, beside the field, and announced.
      await dialog.getByLabel(/^Email/).fill(used);
      await apply(once);
      await expect(code).toHaveAccessibleDescription("You've already used this code.");
      await expect(announced).toHaveText("You've already used this code. Order total: $26.95.");
      await expect(payButton).toHaveText("Pay $26.95");

      // With another email it applies; then her other tab uses it, and Pay is refused beside Pay.
      const fresh = `fresh-${width}@example.com`;
      await dialog.getByLabel(/^Email/).fill(fresh);
      await apply(once);
      await expect(announced).toHaveText(`${once} applied. Order total: $21.95.`);
      await payElsewhere(request, once, fresh, 2195);
      await panel.fillCard("4242 4242 4242 4242");
      await payButton.click();
      await expect(refusalAtPay).toHaveText(
        "You've already used this code. Your order's total is now $26.95. Please check it and pay again.",
      );
      await expect(refusalAtPay).toBeFocused();
      await expectInViewUncovered(refusalAtPay);
      await expect(code).toHaveAccessibleDescription("You've already used this code.");
      await expect(payButton).toHaveText("Pay $26.95");
      await screenshot(page, testInfo, `a code refused at Pay at ${width} px`);

      // The owner deletes the zone while the panel is open: Pay's refusal, then State's, and Pay waits.
      await takeOutOfItsZone("OR");
      await payButton.click();
      await expect(refusalAtPay).toHaveText("We don't ship to Oregon yet.");
      await expect(refusalAtPay).toBeFocused();
      await expectInViewUncovered(refusalAtPay);
      await expect(state).toHaveAccessibleDescription("We don't ship to Oregon yet.");
      await expect(payButton).toBeDisabled();
    } finally {
      await takeAwayShipping();
      await importSeasonalCandle(request, { ...glow, stock: 0 });
    }
  });
}
