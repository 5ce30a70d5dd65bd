import { seriousViolations } from "../support/axe";
import { CartPage } from "../support/cart";
import { CheckoutPanel } from "../support/checkout";
import { outboxEmail } from "../support/outbox";
import { PHONE, expectNoSidewaysScroll, openNewProduct, photoFolder, screenshot } from "../support/catalog";
import { createProduct } from "../support/products";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

/* Sizes and scents in the back office (#44): the owner adds Size to a candle and prices and stocks each size. */

const { candle, photo } = photoFolder();

/** A variant's card on the product page, named by its values ("12 oz"). */
const variantCard = (page: Page, label: string) => page.getByRole("region", { name: label, exact: true });

/** Saves a variant's Price (and Photo), then adds its first stock, each answered in its card. */
async function priceAndStock(page: Page, label: string, price: string, units: number, photoChoice?: string) {
  const card = variantCard(page, label);
  await card.getByLabel("Price", { exact: true }).fill(price);
  if (photoChoice) await card.getByLabel("Photo", { exact: true }).selectOption({ label: photoChoice });
  await card.getByRole("button", { name: "Save", exact: true }).click();
  await expect(card.getByRole("status").filter({ hasText: "Saved" })).toHaveText(`Saved ${label}.`);
  await expect(card.getByText(`$${price}.00`, { exact: true })).toBeVisible();

  const stock = page.getByRole("region", { name: `${label} Stock`, exact: true });
  await stock.getByLabel("Add stock", { exact: true }).fill(String(units));
  await stock.getByLabel("Reason", { exact: true }).fill(`poured ${units}`);
  await stock.getByRole("button", { name: "Add", exact: true }).click();
  await expect(stock.getByRole("status")).toHaveText(`Stock is now ${units}.`);
  await expect(stock.getByText(/^\d+ in stock/)).toHaveText(new RegExp(`^${units} in stock`));
}

/** As the owner on a phone: a new candle with two photos, given Size (8 oz, 12 oz); answers it, its number and its Options form. */
async function candleWithSizes(
  page: Page,
  asOwner: (page: Page) => Promise<unknown>,
  name: string,
  colours: [string, string],
) {
  await page.setViewportSize(PHONE);
  const product = await candle(name, colours[0]);
  product.photos.push(await photo(`${name.toLowerCase().replace(/\s+/g, "-")}-large.jpg`, colours[1]));
  await openNewProduct(page, asOwner);
  const id = await createProduct(page, product);
  const options = page.getByRole("form", { name: "Options" });
  const size = options.getByRole("group", { name: "Option 1" });
  await size.getByLabel("Option name", { exact: true }).fill("Size");
  await size.getByLabel("Values", { exact: true }).fill("8 oz, 12 oz");
  await options.getByRole("button", { name: "Save options" }).click();
  await expect(options.getByRole("status")).toHaveText("Options saved: 2 variants.");
  return { product, id, options };
}

test("on a phone, the owner adds Size (8 oz, 12 oz) to a candle and sets each size's price and stock", async ({
  page,
  asOwner,
}, testInfo) => {
  // Sign-in, two uploads turned into WebP, and a page load per save: slow on a busy machine.
  test.setTimeout(120_000);
  const { id, options } = await candleWithSizes(page, asOwner, "Two Sizes", ["#8d5b6f", "#5b6f8d"]);
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["8 oz", "12 oz"]);
  // Each size has its own Price: the details form has none.
  await expect(page.getByRole("form", { name: "Details" }).getByLabel("Price", { exact: true })).toHaveCount(0);

  await priceAndStock(page, "8 oz", "18", 4);
  await priceAndStock(page, "12 oz", "24", 6, "Photo 2");
  await expect(variantCard(page, "12 oz").getByLabel("Photo", { exact: true })).toHaveValue("1");
  await expect(page.getByText(`Number ${id} · Visible in the shop · From $18.00`)).toBeVisible();

  // The shop sells each size at its own price and stock.
  const { items } = (await (await page.request.get(`/api/products?ids=${id}`)).json()) as {
    items: { stock: number }[];
  };
  expect(items.map((item) => item.stock)).toEqual([10]);

  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, "back-office product with sizes at 390px");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, testInfo, "back-office product with sizes at 1280px");
  expect(await seriousViolations(page)).toEqual([]);

  // A refusal stands beside its field, which takes focus, and nothing changes.
  const second = options.getByRole("group", { name: "Option 2" });
  await second.getByLabel("Option name", { exact: true }).fill("size");
  await second.getByLabel("Values", { exact: true }).fill("Tall");
  await options.getByRole("button", { name: "Save options" }).click();
  await expect(second.getByText("The option size is there twice.")).toBeVisible();
  await expect(second.getByLabel("Option name", { exact: true })).toBeFocused();
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["8 oz", "12 oz"]);
});

test("at 390 px a shopper buys two sizes the owner set up: the cart, checkout, receipt and back office name each, and a sold-out size says so", async ({
  page,
  browser,
  asOwner,
}) => {
  test.setTimeout(180_000);
  const { product, id } = await candleWithSizes(page, asOwner, "Sized Fig", ["#6f8d5b", "#8d6f5b"]);
  await priceAndStock(page, "8 oz", "18", 1);
  await priceAndStock(page, "12 oz", "24", 5, "Photo 2");

  const context = await browser.newContext({ viewport: PHONE });
  try {
    const shop = await context.newPage();
    const cart = new CartPage(shop);
    await cart.open(`/shop/${product.category.toLowerCase()}/${id}/`);
    const sizes = shop.getByRole("group", { name: "Size", exact: true });
    await sizes.getByRole("radio", { name: "12 oz" }).check();
    await expect(shop.getByText("Price: $24.00")).toBeVisible();
    await expect(shop.getByRole("img", { name: `${product.name}, photo 2 of 2` })).toBeVisible();
    expect(await seriousViolations(shop)).toEqual([]);
    await shop.getByRole("button", { name: "Add to Cart" }).click();
    await sizes.getByRole("radio", { name: "8 oz" }).check();
    await shop.getByRole("button", { name: "Add to Cart" }).click();
    await cart.expectCount(2);

    await cart.open("/checkout");
    await expect(shop.getByRole("main")).toContainText(`${product.name} — 12 oz`);
    await expect(shop.getByRole("main")).toContainText(`${product.name} — 8 oz`);
    const panel = new CheckoutPanel(shop);
    await panel.open();
    await panel.fillShipping({ email: "ada@example.com" });
    await panel.fillCard("4242 4242 4242 4242");
    await panel.payButton.click();
    const confirmed = shop.getByRole("heading", { name: /^Order WS-\w+ is confirmed$/ });
    await expect(confirmed).toBeVisible();
    await expect(shop.getByRole("main")).toContainText(`${product.name} — 12 oz`);
    await expect(shop.getByRole("main")).toContainText(`${product.name} — 8 oz`);
    const number = (await confirmed.textContent())!.match(/WS-\w+/)![0];

    const receipt = await outboxEmail(`Your Wickshop order ${number}`);
    expect(receipt.text).toContain(`${product.name} — 12 oz: 1 x $24.00`);
    expect(receipt.text).toContain(`${product.name} — 8 oz: 1 x $18.00`);

    await page.goto(`/admin/orders/${number}`);
    await expect(page.getByRole("main")).toContainText(`${product.name} — 12 oz`);
    await expect(page.getByRole("main")).toContainText(`${product.name} — 8 oz`);

    // The 8 oz sold its only unit: its value says so, and cannot be chosen.
    await cart.open(`/shop/${product.category.toLowerCase()}/${id}/`);
    const eight = shop.getByRole("group", { name: "Size", exact: true }).getByRole("radio", { name: /^8 oz/ });
    await expect(eight).toBeDisabled();
    await expect(shop.getByRole("group", { name: "Size", exact: true })).toContainText("Sold out");
    expect(await seriousViolations(shop)).toEqual([]);
  } finally {
    await context.close();
  }
});
