import { seriousViolations } from "../support/axe";
import {
  PHONE,
  PHOTO_URL,
  cardOn,
  expectNoSidewaysScroll,
  expectPhotoLoaded,
  openNewProduct,
  photoFolder,
  screenshot,
} from "../support/catalog";
import { addStock, createProduct, stockSection } from "../support/products";
import { expect, test } from "../support/test";

/* The owner's products in the back office (#16): adding one with its photo, editing, hiding, and axe on the catalog screens. */

const NOT_FOUND = "Oops! Looks like this page doesn't exist. Try heading back Home!";
const { candle } = photoFolder();

test("on a phone, the owner adds a product with a photo and its stock, and the shop shows it", async ({
  page,
  asOwner,
}, testInfo) => {
  // Sign-in, an upload turned into WebP, and four page loads: slow on a busy machine.
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const product = await candle("Harbour Fog", "#5b7c8d");
  await openNewProduct(page, asOwner);
  const id = await createProduct(page, product);

  await expect(page.getByText(`Number ${id} · Visible in the shop · $23.75`)).toBeVisible();
  await expect(stockSection(page).getByText(/^\d+ in stock/)).toHaveText("0 in stock · low");
  await expect(page.getByRole("img", { name: `${product.name}, photo 1` })).toHaveAttribute("src", PHOTO_URL);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "back-office product page at 390px, just created");
  await addStock(page, 5, "poured 5", 5);

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products" }).click();
  await page.getByRole("search", { name: "Find products" }).getByLabel("Name or number").fill(product.name);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText(/^1 product ·/)).toBeVisible();
  const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: product.name }) });
  await expect(row).toContainText("Woodwick · $23.75");
  await expect(row).toContainText("5 in stock");

  await page.goto("/shop/woodwick");
  const card = cardOn(page, product.name);
  await expect(card).toContainText("$23.75");
  await expect(card.getByRole("button", { name: "Add to cart" })).toBeVisible();
  await expectPhotoLoaded(card.locator("img"));

  await card.getByRole("link").click();
  await expect(page).toHaveURL(`/shop/woodwick/${id}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  await expect(page.getByText("Price: $23.75")).toBeVisible();
  await expect(page.getByText("Scent: Sea salt & driftwood")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
  await expectPhotoLoaded(page.getByRole("img", { name: `${product.name}, photo 1 of 1` }));
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "shop product page at 390px");
});

test("a product the owner hides is gone from its category page, and its page is not found", async ({
  browser,
  page,
  asOwner,
}) => {
  test.setTimeout(90_000);
  const product = await candle("Quiet Ember", "#8d4b5b");
  await openNewProduct(page, asOwner);
  const id = await createProduct(page, product);
  await addStock(page, 4, "poured 4", 4);

  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto("/shop/woodwick");
  await expect(cardOn(shopper, product.name)).toBeVisible();

  // The owner comes back to the product later, from the products list.
  await page.getByRole("link", { name: "← Products" }).click();
  await page.getByRole("search", { name: "Find products" }).getByLabel("Name or number").fill(String(id));
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByRole("link", { name: product.name }).click();
  await expect(page).toHaveURL(`/admin/products/${id}`);
  const form = page.getByRole("form", { name: "Details" });
  await form.getByRole("checkbox", { name: "Visible in the shop" }).uncheck();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText(
    "Saved. The shop shows the change now.",
  );
  await expect(page.getByText(`Number ${id} · Hidden from the shop · $23.75`)).toBeVisible();
  await expect(form.getByRole("checkbox", { name: "Visible in the shop" })).not.toBeChecked();

  await shopper.goto("/shop/woodwick");
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Woodwick");
  await expect(shopper.getByRole("list", { name: "Woodwick candles" }).getByRole("article").first()).toBeVisible();
  await expect(cardOn(shopper, product.name)).toHaveCount(0);
  const answer = await shopper.goto(`/shop/woodwick/${id}/`);
  expect(answer?.status()).toBe(404);
  await expect(shopper.getByRole("main")).toContainText(NOT_FOUND);
  await expect(shopper.getByText(product.name)).toHaveCount(0);
  await shopper.context().close();
});

test("on a phone, a refused save focuses the field and counts the errors; an accepted one is shown where she is", async ({
  page,
  asOwner,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await openNewProduct(page, asOwner);
  await createProduct(page, await candle("First Edit", "#4f8a7b"));
  const form = page.getByRole("form", { name: "Details" });
  const price = form.getByLabel("Price", { exact: true });
  await price.fill("six dollars");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(price).toBeFocused();
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("status").filter({ hasText: "to correct" })).toHaveText(
    "Nothing changed: 1 field to correct: Price.",
  );

  await price.fill("24.50");
  // Save sits far down the page on a phone; the answer stands at its top.
  await form.getByRole("button", { name: "Save" }).click();
  const saved = page.getByRole("status").filter({ hasText: "Saved. The shop shows the change now." });
  await expect(saved).toBeInViewport();
  await expect(saved).toBeFocused();
  await expect(page.getByText(/ · \$24\.50/)).toBeVisible();
});

test("axe finds nothing serious on the products list, the new-product form, a product's page, categories and import, on a phone", async ({
  page,
  asOwner,
}) => {
  // Six axe runs and an upload: about 40 s on a quiet machine.
  test.setTimeout(150_000);
  await page.setViewportSize(PHONE);
  await openNewProduct(page, asOwner);
  expect(await seriousViolations(page), "/admin/products/new").toEqual([]);
  await expectNoSidewaysScroll(page);
  const id = await createProduct(page, await candle("Lantern Hour", "#b5893a"));
  expect(await seriousViolations(page), `/admin/products/${id}?created`).toEqual([]);

  // The page with a refused stock edit: its field marked invalid and described by the reason.
  const stock = stockSection(page);
  await stock.getByLabel("Add stock").fill("-1");
  await stock.getByLabel("Reason").fill("broken in the post");
  await stock.getByRole("button", { name: "Add", exact: true }).click();
  const refusal = "Nothing changed: there are only 0 in stock, so the stock cannot go below zero.";
  await expect(stock.getByRole("status")).toHaveText(refusal);
  await expect(stock.getByLabel("Add stock")).toHaveAccessibleDescription(
    `Use a minus sign to take some away ${refusal}`,
  );
  expect(await seriousViolations(page), `/admin/products/${id} with a refused stock edit`).toEqual([]);

  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  expect(await seriousViolations(page), "/admin/products").toEqual([]);
  await expectNoSidewaysScroll(page);

  for (const [path, heading] of [
    ["/admin/categories", "Categories"],
    ["/admin/import", "Import the catalog"],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
    await expectNoSidewaysScroll(page);
  }
});
