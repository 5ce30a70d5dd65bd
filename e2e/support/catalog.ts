import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Locator, type Page, type TestInfo } from "@playwright/test";
import { type NewProduct, uniqueProductName, writeCandlePhoto } from "./products";
import { expect, test } from "./test";

/*
 * What the catalog back-office specs (e2e/stock-changes/catalog-*.spec.ts,
 * #16) share. Every test makes its own products, in Woodwick: no other spec
 * imports that category or counts its cards, and the back-office spec only
 * buys 4001 and 4003 by number, so these new products (4007 on) change
 * nothing another spec reads.
 */

export const PHONE = { width: 390, height: 844 };
/** Where an uploaded photo is served, at its larger size. */
export const PHOTO_URL = /^\/photos\/[0-9a-f]{24}-800\.webp$/;

/** A folder of the spec's own for the photos its owner uploads, made before its tests and removed after them. */
export function photoFolder() {
  let photoDir = "";
  test.beforeAll(async () => {
    photoDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-photos-"));
  });
  test.afterAll(() => {
    fs.rmSync(photoDir, { recursive: true, force: true });
  });
  return {
    /** A Woodwick candle with its own name and its own photo (a JPEG in the colour given). */
    async candle(name: string, colour: string): Promise<NewProduct> {
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
    },
    /** A JPEG of a candle in the colour given, named file, in the folder. */
    photo: (file: string, colour: string) => writeCandlePhoto(path.join(photoDir, file), colour),
  };
}

/** The owner (the worker's, signed in once) opens the new-product form from the products list, as they would. */
export async function openNewProduct(page: Page, asOwner: (page: Page) => Promise<unknown>) {
  await asOwner(page);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await page.getByRole("link", { name: "New product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
}

/** The product's card on its category page (Woodwick). */
export const cardOn = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Woodwick candles" })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The image has been fetched and decoded from one of the photo's two WebP sizes. */
export async function expectPhotoLoaded(image: Locator) {
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
export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A full-page screenshot kept with the test's results, for a person to look at. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name.replaceAll(/\W+/g, "-")}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}
