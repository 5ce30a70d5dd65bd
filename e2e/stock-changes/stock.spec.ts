import { expect, test } from "../support/test";
import { importCatalog } from "../support/import-catalog";

test("stock changes show on the very next page load, and a sold-out category says so", async ({ page, request }) => {
  const jelly = await (await request.get("/api/catalog/jelly")).json();
  await page.goto("/shop/jelly/3001/");
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();

  await importCatalog([{ ...jelly, items: jelly.items.map((item: object) => ({ ...item, stock: 0 })) }]);

  await page.goto("/shop/jelly/3001/");
  await expect(page.getByText("Sorry, this item is out of stock!")).toBeVisible();
  await page.goto("/shop/jelly");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jelly");
  await expect(page.getByText("Sorry, we are out of stock!")).toBeVisible();
  await page.goto("/shop");
  await expect(page.getByRole("region", { name: "Jelly" }).getByRole("article")).toHaveCount(0);
});
