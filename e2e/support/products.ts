import { type Page, expect } from "@playwright/test";
import sharp from "sharp";

/** A product as the owner types it into /admin/products/new. */
export interface NewProduct {
  name: string;
  /** In dollars, as typed: "23.75". */
  price: string;
  scent: string;
  description: string;
  /** The category's title, as the Category select shows it. */
  category: string;
  lowStockAt: string;
  /** Paths of the photo files the owner picks. */
  photos: string[];
}

let counter = 0;
/** A product name no other test uses, so a card or a search finds this test's product only. */
export const uniqueProductName = (name: string) => `${name} ${(Date.now() % 1_000_000).toString(36)}${counter++}`;

/**
 * Writes a real JPEG, as a phone's camera roll holds it: a candle drawn on a
 * warm background, 1200 × 1500, in the colour given so that each test's
 * upload is its own photo.
 */
export async function writeCandlePhoto(file: string, colour = "#c9773c") {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500">
    <rect width="1200" height="1500" fill="#f3e6d3"/>
    <ellipse cx="600" cy="1330" rx="330" ry="60" fill="#d9c4a6"/>
    <rect x="330" y="620" width="540" height="710" rx="40" fill="${colour}"/>
    <ellipse cx="600" cy="620" rx="270" ry="50" fill="#e8a66f"/>
    <rect x="592" y="500" width="16" height="120" fill="#3b2a1a"/>
    <path d="M600 300 C 520 420 540 500 600 505 C 660 500 680 420 600 300 Z" fill="#ffb300"/>
    <path d="M600 380 C 565 440 575 490 600 492 C 625 490 635 440 600 380 Z" fill="#fff3c4"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

/**
 * The owner adds a product on /admin/products/new (the page must be open) and
 * lands on its page; answers the product's number from the page's address.
 */
export async function createProduct(page: Page, product: NewProduct) {
  const form = page.getByRole("form", { name: "Details" });
  await form.getByLabel("Name", { exact: true }).fill(product.name);
  await form.getByLabel("Price", { exact: true }).fill(product.price);
  await form.getByLabel("Scent", { exact: true }).fill(product.scent);
  await form.getByLabel("Description", { exact: true }).fill(product.description);
  await form.getByLabel("Category", { exact: true }).selectOption({ label: product.category });
  await form.getByLabel("Low-stock alert at", { exact: true }).fill(product.lowStockAt);
  await form.getByLabel("Photos", { exact: true }).setInputFiles(product.photos);
  await expect(form.getByRole("checkbox", { name: "Visible in the shop" })).toBeChecked();
  await form.getByRole("button", { name: "Save" }).click();
  // Uploading and turning the photo into WebP takes a few seconds on a busy machine.
  await expect(page).toHaveURL(/\/admin\/products\/\d+\?created$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  await expect(page.getByRole("status").filter({ hasText: "Product added" })).toHaveText(
    "Product added. Add its stock below.",
  );
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** The Stock section of a product's back-office page. */
export const stockSection = (page: Page) => page.getByRole("region", { name: "Stock" });

/** The owner adds `units` with Add stock on the product's page and waits for the new count. */
export async function addStock(page: Page, units: number, reason: string, expected: number) {
  const stock = stockSection(page);
  await stock.getByLabel("Add stock", { exact: true }).fill(String(units));
  await stock.getByLabel("Reason", { exact: true }).fill(reason);
  await stock.getByRole("button", { name: "Add", exact: true }).click();
  await expect(stock.getByRole("status")).toHaveText(`Stock is now ${expected}.`);
  await expect(stock.getByText(/^\d+ in stock/)).toHaveText(new RegExp(`^${expected} in stock`));
}
