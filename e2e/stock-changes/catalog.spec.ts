import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Locator, type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "../support/test";
import { buyAsGuest } from "../support/checkout";
import {
  type NewProduct,
  addStock,
  createProduct,
  stockSection,
  uniqueProductName,
  writeCandlePhoto,
} from "../support/products";

/*
 * The owner's catalog back office (#16). Every test makes its own products, in
 * Woodwick: no other spec imports that category or counts its cards, and the
 * back-office spec only buys 4001 and 4003 by number, so these new products
 * (4007 on) change nothing another spec reads.
 */

const PHONE = { width: 390, height: 844 };
const NOT_FOUND = "Oops! Looks like this page doesn't exist. Try heading back Home!";
const PHOTO_URL = /^\/photos\/[0-9a-f]{24}-800\.webp$/;

let photoDir: string;

test.beforeAll(async () => {
  photoDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-photos-"));
});

test.afterAll(() => {
  fs.rmSync(photoDir, { recursive: true, force: true });
});

/** A Woodwick candle with its own name and its own photo (a JPEG in the colour given). */
async function candle(name: string, colour: string): Promise<NewProduct> {
  const photo = await writeCandlePhoto(path.join(photoDir, `${name.replaceAll(/\W+/g, "-")}.jpg`), colour);
  return {
    name: uniqueProductName(name),
    price: "23.75",
    scent: "Sea salt & driftwood",
    description: "A crackling wooden wick in a coconut wax blend, poured by hand.",
    category: "Woodwick",
    lowStockAt: "2",
    photos: [photo],
  };
}

/** The owner (the worker's, signed in once) opens the new-product form from the products list, as they would. */
async function openNewProduct(page: Page, asOwner: (page: Page) => Promise<unknown>) {
  await asOwner(page);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await page.getByRole("link", { name: "New product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
}

/** The product's card on its category page (Woodwick). */
const cardOn = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Woodwick candles" })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The image has been fetched and decoded from one of the photo's two WebP sizes. */
async function expectPhotoLoaded(image: Locator) {
  await expect(image).toHaveAttribute("src", PHOTO_URL);
  const src = (await image.getAttribute("src"))!;
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
    .toBe(true);
  const shown = new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  expect([src, src.replace(/-800\.webp$/, "-400.webp")]).toContain(shown);
}

/** No sideways scrolling: nothing is wider than the phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A full-page screenshot kept with the test's results, for a person to look at. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name.replaceAll(/\W+/g, "-")}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`);
}

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

test("Set stock to from a page that a sale has since made stale changes nothing: the sale wins", async ({
  browser,
  page,
  asOwner,
}) => {
  test.setTimeout(90_000);
  const product = await candle("Cinder Moss", "#6f7d4a");
  await openNewProduct(page, asOwner);
  const id = await createProduct(page, product);
  await addStock(page, 3, "poured 3", 3);

  // The owner's page still says 3 while a shopper buys one.
  await buyAsGuest(browser, `/shop/woodwick/${id}/`);

  const stock = stockSection(page);
  await expect(stock.getByLabel("Set stock to")).toHaveValue("3");
  await stock.getByLabel("Set stock to").fill("10");
  await stock.getByRole("button", { name: "Set", exact: true }).click();
  await expect(stock.getByRole("status")).toHaveText(
    "Nothing changed: the stock changed while you were editing. It is now 2.",
  );

  // The count on the page itself is checked by the known-bug test below; a fresh load shows the sale kept.
  await page.reload();
  await expect(stockSection(page).getByText(/^\d+ in stock/)).toHaveText("2 in stock · low");
  const { items } = (await (await page.request.get(`/api/products?ids=${id}`)).json()) as {
    items: { stock: number }[];
  };
  expect(items.map((item) => item.stock)).toEqual([2]);
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

test("after a refused Set stock to, the page shows the stock as it now is", async ({ context, page, asOwner }) => {
  test.setTimeout(90_000);
  await openNewProduct(page, asOwner);
  const id = await createProduct(page, await candle("Stale Count", "#7a6a8f"));
  await addStock(page, 3, "poured 3", 3);

  // Another tab of the owner's takes one away while this page still shows 3.
  const other = await context.newPage();
  await other.goto(`/admin/products/${id}`);
  await addStock(other, -1, "broken in the post", 2);
  await other.close();

  const stock = stockSection(page);
  await stock.getByLabel("Set stock to").fill("10");
  await stock.getByRole("button", { name: "Set", exact: true }).click();
  await expect(stock.getByRole("status")).toHaveText(
    "Nothing changed: the stock changed while you were editing. It is now 2.",
  );
  await expect(stock.getByText(/^\d+ in stock/)).toHaveText("2 in stock · low", { timeout: 5_000 });
  await expect(stock.getByLabel("Set stock to")).toHaveValue("2");
});

test("saving an edit on the page a new product lands on says it is saved", async ({ page, asOwner }) => {
  test.setTimeout(90_000);
  await openNewProduct(page, asOwner);
  await createProduct(page, await candle("First Edit", "#4f8a7b"));
  const form = page.getByRole("form", { name: "Details" });
  await form.getByLabel("Price", { exact: true }).fill("24.50");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/ · \$24\.50/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows the change now." })).toBeVisible({
    timeout: 5_000,
  });
});

test("on a phone, the owner adds a category with a tile photo, renames it, and its old address leads to the new one", async ({
  page,
  asOwner,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await asOwner(page);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Categories" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();

  // A title of its own (letters only: the address is the title in lower case).
  const suffix = Array.from(String(Date.now() % 100_000), (digit) => "abcdefghij"[Number(digit)]).join("");
  const [first, second] = [`Soy ${suffix}`, `Pillar ${suffix}`];
  const create = page.getByRole("form", { name: "New category" });
  await create.getByLabel("Title", { exact: true }).fill(first);
  await create
    .getByLabel("Tile photo", { exact: true })
    .setInputFiles(await writeCandlePhoto(path.join(photoDir, "tile.jpg"), "#8f6a3a"));
  await create.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByRole("status").filter({ hasText: "added" })).toHaveText(`Category “${first}” added.`, {
    timeout: 30_000,
  });

  await page.getByLabel(`Title of ${first}`).fill(second);
  await page.getByRole("button", { name: `Rename ${first}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Renamed" })).toHaveText(
    `Renamed to “${second}”. Its old address leads to it.`,
  );
  await expectNoSidewaysScroll(page);

  await page.goto(`/shop/${encodeURIComponent(first.toLowerCase())}`);
  await expect(page).toHaveURL(`/shop/${encodeURIComponent(second.toLowerCase())}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(second);
  await expect(page.getByText("Sorry, we are out of stock!")).toBeVisible();

  await page.goto("/admin/categories");
  await page.getByRole("button", { name: `Delete ${second}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "deleted" })).toHaveText(`“${second}” is deleted.`);
});
