import path from "node:path";
import type { Page } from "@playwright/test";
import { STEP_MS, answered, capture } from "./capture";

const demoPhoto = (name: string) => path.resolve(import.meta.dirname, "../../public/images/products", name);

/** The owner's name for her shop, as the screenshots show it. */
export const DEMO_SHOP_NAME = "Juniper Hollow Candles";

/** Signs the owner in on /auth, as she does, and lands on Today. */
export async function signIn(page: Page, owner: { email: string; password: string }) {
  await page.goto("/auth?returnTo=%2Fadmin");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(owner.email);
  await form.getByLabel("Password").fill(owner.password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor({ timeout: STEP_MS });
}

/** Shop and Pages: the shop's name, tagline and announcement, then About and a refund policy from their templates. */
async function nameAndPages(page: Page) {
  await page.goto("/admin/settings");
  await page.getByLabel("Shop name").fill(DEMO_SHOP_NAME);
  await page.getByLabel("Tagline").fill("Small-batch soy candles, poured by hand in Austin.");
  await page.getByLabel("Announcement", { exact: true }).fill("Free shipping from $75 this month");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await answered(page, /^Saved: /);
  await capture(page, "settings-phone", page.getByRole("heading", { name: "Name and contact" }));

  await page.goto("/admin/pages");
  const about = page.getByRole("form", { name: "About" });
  await about.getByRole("button", { name: "Start from a template" }).click();
  await answered(page, /^The template is in About/);
  await about.getByRole("button", { name: "Save", exact: true }).click();
  await answered(page, "About saved.");
  const refunds = page.getByRole("form", { name: "Refund policy" });
  await refunds.getByLabel("Return window (days)").fill("30");
  await refunds.getByRole("button", { name: "Start from a template" }).click();
  await answered(page, /^The template is in Refund policy/);
  await refunds.getByRole("button", { name: "Save", exact: true }).click();
  await answered(page, "Refund policy saved.");
  await capture(page, "pages-phone", refunds);
}

/** Shipping and Tax: the worked examples' Contiguous US with its two rates, and Texas at 6.25 % with shipping taxed. */
async function shippingAndTax(page: Page) {
  await page.goto("/admin/shipping");
  await page.getByRole("button", { name: "Add Contiguous US" }).click();
  await answered(page, "Zone “Contiguous US” added.");
  const zone = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Contiguous US" }) });
  const rateForm = zone.getByRole("form", { name: "New rate" });
  await rateForm.getByLabel("Rate name").fill("USPS Ground Advantage");
  await rateForm.getByLabel("Price").fill("$6.95");
  await rateForm.getByLabel("Delivery estimate").fill("3–5 business days");
  await rateForm.getByLabel("Condition").selectOption({ label: "Always" });
  await rateForm.getByRole("button", { name: "Add rate" }).click();
  await answered(page, "Rate “USPS Ground Advantage” added to Contiguous US.");
  await rateForm.getByLabel("Rate name").fill("Free over $75");
  await rateForm.getByLabel("Price").fill("0");
  await rateForm.getByLabel("Condition").selectOption({ label: "Order subtotal" });
  await rateForm.getByLabel("From").fill("75");
  await rateForm.getByRole("button", { name: "Add rate" }).click();
  await answered(page, "Rate “Free over $75” added to Contiguous US.");
  await capture(page, "shipping-phone", zone);

  await page.goto("/admin/tax");
  await page.getByLabel("State", { exact: true }).selectOption({ label: "Texas" });
  await page.getByLabel("Rate (%)").fill("6.25");
  await page.getByLabel("Tax shipping").check();
  await page.getByRole("button", { name: "Add state" }).click();
  await answered(page, /^Texas added at 6\.25/);
}

/** Discounts: HOLIDAY15, 15 % off, as the worked examples use it. */
async function holidayCode(page: Page) {
  await page.goto("/admin/discounts");
  const form = page.getByRole("form", { name: "New code" });
  await form.getByLabel("Code", { exact: true }).fill("HOLIDAY15");
  await form.getByLabel("Kind", { exact: true }).selectOption({ label: "Percent off" });
  await form.getByLabel("Value", { exact: true }).fill("15");
  await form.getByLabel("Active", { exact: true }).check();
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await answered(page, "HOLIDAY15 saved.");
}

/** A new candle in two sizes, each with its own price, photo and stock. Answers its page on the shop. */
async function candleInSizes(page: Page) {
  await page.goto("/admin/products/new");
  const form = page.getByRole("form", { name: "Details" });
  await form.getByLabel("Name", { exact: true }).fill("Lavender Dusk");
  await form.getByLabel("Price", { exact: true }).fill("18");
  await form.getByLabel("Scent", { exact: true }).fill("Lavender & cedarwood");
  await form.getByLabel("Description", { exact: true }).fill("A soy candle for slow evenings, poured by hand.");
  await form.getByLabel("Category", { exact: true }).selectOption({ label: "Wax" });
  await form.getByLabel("Low-stock alert at", { exact: true }).fill("2");
  await form
    .getByLabel("Photos", { exact: true })
    .setInputFiles([demoPhoto("lavender-fields-1-800.webp"), demoPhoto("lavender-fields-2-800.webp")]);
  await form.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/admin\/products\/\d+\?created$/, { timeout: STEP_MS });
  const id = new URL(page.url()).pathname.split("/").pop();

  const options = page.getByRole("form", { name: "Options" });
  const size = options.getByRole("group", { name: "Option 1" });
  await size.getByLabel("Option name", { exact: true }).fill("Size");
  await size.getByLabel("Values", { exact: true }).fill("8 oz, 12 oz");
  await options.getByRole("button", { name: "Save options" }).click();
  await answered(page, "Options saved: 2 variants.");
  for (const [label, price, units, photo] of [
    ["8 oz", "18", 9, undefined],
    ["12 oz", "24", 6, "Photo 2"],
  ] as const) {
    const card = page.getByRole("region", { name: label, exact: true });
    await card.getByLabel("Price", { exact: true }).fill(price);
    if (photo) await card.getByLabel("Photo", { exact: true }).selectOption({ label: photo });
    await card.getByRole("button", { name: "Save", exact: true }).click();
    await answered(page, `Saved ${label}.`);
    const stock = page.getByRole("region", { name: `${label} Stock`, exact: true });
    await stock.getByLabel("Add stock", { exact: true }).fill(String(units));
    await stock.getByLabel("Reason", { exact: true }).fill(`poured ${units}`);
    await stock.getByRole("button", { name: "Add", exact: true }).click();
    await stock.getByText(`Stock is now ${units}.`).waitFor({ timeout: STEP_MS });
  }
  await capture(page, "sizes-phone", page.getByRole("heading", { name: "Variants" }));
  return `/shop/wax/${id}/`;
}

/** A batch of Winter Pine poured: the worked examples' candle, with room for the demo's orders. */
async function pourWinterPine(page: Page) {
  await page.goto("/admin/products/2002");
  const stock = page.getByRole("region", { name: "Stock" });
  await stock.getByLabel("Add stock", { exact: true }).fill("12");
  await stock.getByLabel("Reason", { exact: true }).fill("poured 12");
  await stock.getByRole("button", { name: "Add", exact: true }).click();
  await stock.getByText("Stock is now 18.").waitFor({ timeout: STEP_MS });
  await capture(page, "product-phone");
}

/**
 * The owner's setup on her phone, screen by screen, as the owner's guide tells
 * it: her account, the shop's name and pages, shipping, tax, a code, a candle
 * in sizes and a batch poured. Answers the sized candle's page on the shop.
 */
export async function setUpTheShop(page: Page) {
  await page.goto("/admin/account");
  await capture(page, "account-phone");
  await nameAndPages(page);
  await shippingAndTax(page);
  await holidayCode(page);
  const sizedCandle = await candleInSizes(page);
  await pourWinterPine(page);
  return sizedCandle;
}

/** The screens that show what the shop holds once its first orders are in. */
export async function backOfficeScreens(page: Page) {
  await page.goto("/admin/products");
  await capture(page, "products-phone");
  await page.goto("/admin/categories");
  await capture(page, "categories-phone");
  await page.goto("/admin/discounts");
  await capture(page, "discounts-phone", page.getByRole("heading", { name: "Codes", exact: true }));
  await page.goto("/admin/tax");
  await capture(page, "tax-phone");
  await page.goto("/admin/import");
  await capture(page, "import-phone");
  await page.goto("/admin");
  await capture(page, "today-phone", page.getByRole("heading", { name: /^To ship/ }));
}
