import { expect, test } from "./support/test";

test("a product page shows name, photos, price, scent, description and Add to Cart", async ({ page }) => {
  await page.goto("/shop/wax/1001/");
  await expect(page).toHaveTitle("Lavender Fields · Wickshop");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lavender Fields");
  await expect(page.getByText("Price: $19.99")).toBeVisible();
  await expect(page.getByText("Scent: Lavender & chamomile")).toBeVisible();
  await expect(page.getByText("A calming soy candle poured with French lavender")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Lavender Fields, photo 1 of 3" })).toBeVisible();
});

test("a product without stock says so instead of offering Add to Cart", async ({ page }) => {
  await page.goto("/shop/wax/1005");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cedar & Smoke");
  await expect(page.getByText("Sorry, this item is out of stock!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
});

test("a product page tells search engines what it sells", async ({ page, baseURL }) => {
  await page.goto("/shop/wax/1004/");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/shop/wax/1004/`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^A pure beeswax pillar/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Honey Beeswax Pillar");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${baseURL}/images/products/honey-beeswax-pillar-1-800.webp`,
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({
    "@type": "Product",
    name: "Honey Beeswax Pillar",
    sku: "1004",
    offers: { price: "16.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
  });

  await page.goto("/shop/wax/1005/");
  const soldOut = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(soldOut.offers.availability).toBe("https://schema.org/OutOfStock");
});

test("every page has its own title, description and canonical URL", async ({ page, baseURL }) => {
  for (const [path, title] of [
    ["/", "Wickshop"],
    ["/shop", "Shop · Wickshop"],
    ["/shop/jelly", "Jelly candles · Wickshop"],
    ["/contact", "Contact Us · Wickshop"],
    ["/about", "Our Journey · Wickshop"],
  ]) {
    await page.goto(path!);
    await expect(page).toHaveTitle(title!);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\w/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
  }
});
