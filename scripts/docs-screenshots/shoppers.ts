import type { Browser, Page } from "@playwright/test";
import { PHONE, STEP_MS, capture } from "./capture";

interface Address {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  email: string;
}

const texan: Address = {
  name: "Rosa Alvarez",
  address: "5 Congress Ave",
  city: "Austin",
  state: "TX",
  zip: "78701",
  email: "rosa@example.com",
};
const oregonian: Address = {
  name: "Ada Lovelace",
  address: "12 Wick Lane",
  city: "Portland",
  state: "OR",
  zip: "97201",
  email: "ada@example.com",
};

/** Opens a shop page and waits for its script: the cart icon becomes usable. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page
    .getByRole("button", { name: /^Cart,/ })
    .and(page.locator(":enabled"))
    .waitFor({ timeout: STEP_MS });
}

async function addToCart(page: Page, times: number) {
  for (let added = 0; added < times; added++) await page.getByRole("button", { name: "Add to Cart" }).click();
}

const panelOf = (page: Page) => page.getByRole("dialog", { name: "Checkout" });

/** /checkout, the panel opened and the address typed; answers the panel. */
async function checkoutTo(page: Page, to: Address) {
  await open(page, "/checkout");
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const panel = panelOf(page);
  await panel.getByLabel("Name", { exact: true }).fill(to.name);
  await panel.getByLabel("Street address").fill(to.address);
  await panel.getByLabel("City").fill(to.city);
  await panel.getByLabel("State").selectOption(to.state);
  await panel.getByLabel("ZIP code").fill(to.zip);
  await panel.getByLabel(/^Email/).fill(to.email);
  return panel;
}

/** Pays with the test gateway's card that goes through; answers the order's number from the confirmation. */
async function pay(page: Page) {
  const panel = panelOf(page);
  await panel.getByLabel("Card number").fill("4242 4242 4242 4242");
  await panel.getByLabel("Expiry (MM/YY)").fill("12/34");
  await panel.getByLabel("CVC").fill("123");
  await panel.getByRole("button", { name: /^Pay / }).click();
  const confirmed = page.getByRole("heading", { name: /^Order WS-\w+ is confirmed$/ });
  await confirmed.waitFor({ timeout: STEP_MS });
  return (await confirmed.textContent())!.match(/WS-\w+/)![0];
}

/** Each shopper in a browser of her own, on a phone. */
async function asShopper<T>(shop: { browser: Browser; url: string }, visit: (page: Page) => Promise<T>) {
  const context = await shop.browser.newContext({ baseURL: shop.url, viewport: PHONE });
  try {
    return await visit(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * The demo's shoppers: one in Texas who picks the paid rate (the checkout's
 * screenshot), one in Oregon who buys both sizes of the new candle with
 * HOLIDAY15, and one in Texas on the free rate, whose order the owner will
 * refund. Answers the three orders' numbers.
 */
export async function shoppersBuy(shop: { browser: Browser; url: string }, sizedCandle: string) {
  const paidRate = await asShopper(shop, async (page) => {
    await open(page, "/shop/seasonal/2002/");
    await addToCart(page, 4);
    const panel = await checkoutTo(page, texan);
    // The shipping methods are the shop's answer to the address: the free one first, as the cheapest.
    await panel.getByRole("button", { name: "Pay $99.88" }).waitFor({ timeout: STEP_MS });
    await panel.getByRole("radio", { name: /USPS Ground Advantage/ }).click();
    await panel.getByRole("button", { name: "Pay $107.26" }).waitFor({ timeout: STEP_MS });
    await capture(page, "checkout-phone", panel.getByRole("group", { name: "Shipping method" }));
    return pay(page);
  });

  const withCode = await asShopper(shop, async (page) => {
    await open(page, sizedCandle);
    const sizes = page.getByRole("group", { name: "Size", exact: true });
    await sizes.getByRole("radio", { name: "8 oz" }).check();
    await addToCart(page, 1);
    await sizes.getByRole("radio", { name: "12 oz" }).check();
    await page.getByText("Price: $24.00").waitFor({ timeout: STEP_MS });
    // A phone's screen and a half: the photo, and below it the price, the sizes and Add to Cart.
    await page.setViewportSize({ width: PHONE.width, height: 1250 });
    await capture(page, "shop-phone");
    await page.setViewportSize(PHONE);
    await addToCart(page, 1);
    const panel = await checkoutTo(page, oregonian);
    await panel.getByLabel("Discount code").fill("HOLIDAY15");
    await panel.getByRole("button", { name: "Apply" }).click();
    await panel.getByText("HOLIDAY15 applied.", { exact: true }).waitFor({ timeout: STEP_MS });
    return pay(page);
  });

  const toRefund = await asShopper(shop, async (page) => {
    await open(page, "/shop/seasonal/2002/");
    await addToCart(page, 4);
    await checkoutTo(page, texan);
    await panelOf(page).getByRole("button", { name: "Pay $99.88" }).waitFor({ timeout: STEP_MS });
    return pay(page);
  });
  return { paidRate, withCode, toRefund };
}
