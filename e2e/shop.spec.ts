import { expect, test } from "./support/test";

const firstInStock = {
  Wax: ["Lavender Fields", "Vanilla Bean", "Sea Salt & Sage"],
  Seasonal: ["Pumpkin Spice", "Winter Pine", "Cranberry Orange"],
  Jelly: ["Ocean Breeze", "Citrus Splash", "Berry Bubbles"],
  Woodwick: ["Crackling Fireside", "Amber & Oud", "Coffee House"],
};

test("the overview shows each category's first 3 items in stock and a See More! tile", async ({ page }) => {
  await page.goto("/shop");
  for (const [title, names] of Object.entries(firstInStock)) {
    const section = page.getByRole("region", { name: title });
    await expect(section.getByRole("heading", { level: 2 }).getByRole("link")).toHaveAttribute(
      "href",
      `/shop/${title.toLowerCase()}`,
    );
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(names);
    await expect(section.getByRole("button", { name: "Add to cart" })).toHaveCount(3);
    await expect(section.getByRole("link", { name: /^See More!/ })).toHaveAttribute(
      "href",
      `/shop/${title.toLowerCase()}`,
    );
  }
});

test("See More! and the category heading open the category page", async ({ page }) => {
  await page.goto("/shop");
  await page
    .getByRole("region", { name: "Seasonal" })
    .getByRole("link", { name: /^See More!/ })
    .click();
  await expect(page).toHaveURL("/shop/seasonal");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seasonal");

  await page.goto("/shop");
  await page.getByRole("heading", { name: "Woodwick" }).getByRole("link").click();
  await expect(page).toHaveURL("/shop/woodwick");
});
