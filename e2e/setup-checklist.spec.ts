import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/test";

for (const width of [390, 1280]) {
  test(`Today shows Before you open as a list that says what to do, at ${width}px`, async ({
    page,
    asOwner,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await asOwner(page);
    const checklist = page.getByRole("region", { name: "Before you open" });
    await expect(checklist).toBeVisible();
    const lines = checklist.getByRole("listitem");
    await expect(lines.filter({ hasText: "To do: Set PUBLIC_URL to your https:// address" })).toHaveCount(1);
    await expect(lines.filter({ hasText: "demo products still in the shop" })).toHaveCount(1);
    await expect(checklist.getByRole("link", { name: "Open Products" })).toHaveAttribute("href", "/admin/products");
    await expect(checklist.getByRole("button", { name: "Not needed" })).toBeVisible();
    // Dismiss waits until every line is done.
    await expect(checklist.getByRole("button", { name: "Dismiss" })).toHaveCount(0);

    const { violations } = await new AxeBuilder({ page })
      .include("section[aria-labelledby='setup-checklist-title']")
      .analyze();
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`),
    ).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`today-${width}.png`), fullPage: true });
  });
}
