import { type Page } from "@playwright/test";
import { giveOptions, setVariantStock } from "../../tests/helpers/variants";
import { seriousViolations } from "../support/axe";
import { CartPage } from "../support/cart";
import { PHONE } from "../support/catalog";
import { inShopDb } from "../support/shop-db";
import { smallTapTargets } from "../support/tap-targets";
import { expect, test } from "../support/test";

/** Lavender Fields of the demo catalog, in two sizes; the worker's other specs find it as it was after each test. */
const lavender = { id: 1001, small: 9101, large: 9102 };
const page1001 = "/shop/wax/1001/";

test.beforeEach(() =>
  inShopDb((db) =>
    giveOptions(
      db,
      lavender.id,
      [{ name: "Size", values: ["8 oz", "12 oz"] }],
      [
        { id: lavender.small, values: ["8 oz"], priceCents: 1999, stock: 5 },
        { id: lavender.large, values: ["12 oz"], priceCents: 2600, stock: 3, image: 1 },
      ],
    ),
  ),
);

test.afterEach(() =>
  inShopDb((db) => giveOptions(db, lavender.id, [], [{ id: lavender.id, values: [], priceCents: 1999, stock: 12 }])),
);

const sizes = (page: Page) => page.getByRole("group", { name: "Size" });
const photo = (page: Page, number: number) => page.getByRole("img", { name: `Lavender Fields, photo ${number} of 3` });

test("at 390 px a shopper picks 12 oz: its price, photo and address follow, and the cart names the size", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const cart = new CartPage(page);
  await cart.open(page1001);
  await expect(sizes(page).getByRole("radio", { name: "8 oz" })).toBeChecked();
  await expect(page.getByText("Price: $19.99")).toBeVisible();
  await expect(photo(page, 1)).toBeVisible();
  const pagesBack = await page.evaluate(() => history.length);
  const loads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) loads.push(request.url());
  });

  await sizes(page).getByRole("radio", { name: "12 oz" }).check();
  await expect(page.getByText("Price: $26.00")).toBeVisible();
  await expect(photo(page, 2)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${lavender.large}$`));
  // The choice replaces the address: Back leaves the product, not the size.
  expect(await page.evaluate(() => history.length)).toBe(pagesBack);
  // The page holds every size: choosing one loads nothing.
  expect(loads).toEqual([]);
  expect(await smallTapTargets(page)).not.toContainEqual(
    expect.objectContaining({ target: expect.stringMatching(/oz/) }),
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await cart.expectCount(1);
  await cart.icon.click();
  await expect(cart.dropdown).toContainText("Lavender Fields — 12 oz");
  await expect(cart.dropdown).toContainText("1 x $26.00");
});

test("a shared link opens its size, arrow keys move between sizes, and a sold-out size says so", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const cart = new CartPage(page);
  await cart.open(`${page1001}?variant=${lavender.large}`);
  const large = sizes(page).getByRole("radio", { name: "12 oz" });
  await expect(large).toBeChecked();
  await expect(page.getByText("Price: $26.00")).toBeVisible();

  await large.focus();
  await page.keyboard.press("ArrowLeft");
  const small = sizes(page).getByRole("radio", { name: "8 oz" });
  await expect(small).toBeChecked();
  await expect(small).toBeFocused();
  await expect(page.getByText("Price: $19.99")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${lavender.small}$`));

  await inShopDb((db) => setVariantStock(db, lavender.small, 0));
  await cart.open(page1001);
  const soldOut = sizes(page).getByRole("radio", { name: "8 oz Sold out" });
  await expect(soldOut).toBeDisabled();
  await expect(sizes(page).getByText("Sold out")).toBeVisible();
  await expect(large).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await cart.open(`${page1001}?variant=${lavender.small}`);
  await expect(page.getByText("Sorry, this item is out of stock!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
});
