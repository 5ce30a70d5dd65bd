import { PHONE } from "../support/catalog";
import { tabTo, typeInto } from "../support/keyboard";
import { expect, test } from "../support/test";

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px, by keyboard alone, a refused save puts focus on the field and says what to correct; an accepted one puts it on the answer`, async ({
    page,
    asOwner,
  }) => {
    await page.setViewportSize(viewport);
    await asOwner(page);
    await page.goto("/admin/discounts");
    const form = page.getByRole("form", { name: "New code" });
    const code = `KEYS${viewport.width}`;
    await typeInto(page, form.getByLabel("Code"), code);
    const value = form.getByLabel("Value");
    await typeInto(page, value, "150");
    await page.keyboard.press("Enter");
    await expect(value).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "to correct" })).toHaveText(
      "Nothing changed: 1 field to correct: Value.",
    );

    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("15");
    await tabTo(page, form.getByRole("button", { name: "Save" }));
    await page.keyboard.press("Enter");
    const saved = page.getByRole("status").filter({ hasText: `${code} saved.` });
    await expect(saved).toBeFocused();
    await expect(saved).toBeInViewport();
  });
}
