import { openDatabase } from "~/.server/db";
import { type Line, request, type Shipping, shipping } from "../tests/helpers/shop-api";
import { bodyTemplate, type CheckoutBodies, writeBodies } from "./checkout-bodies";
import { newOwnerBrowser, submitForm as submit } from "./owner";
import type { ShopData } from "./shop-server";

/**
 * What `--checkout-pricing` sets up before it measures checkout (issues #31
 * and #33): nothing (SPEC's shop), a zone with a flat rate and a tax state,
 * or both and a percent-off code with no use limit, so it never runs out.
 */
export type PricingVariant = "none" | "shipping_tax" | "code";

export const PRICING_SETUP = {
  zone: "Contiguous US",
  rate: { name: "USPS Ground Advantage", price: "6.95", estimate: "3–5 business days" },
  tax: { state: "TX", rate: "6.25", taxesShipping: true },
  code: { code: "BENCH10", percent: "10" },
} as const;

/** Every checkout ships to Texas, the tax state, in every variant: only the setup differs. */
export const TAXED_ADDRESS: Shipping = {
  ...shipping,
  address: "5 Congress Ave",
  city: "Austin",
  state: "TX",
  zip: "78701",
};

/** The zone's number, as the rate form on /admin/shipping carries it. */
async function zoneId(data: ShopData, name: string) {
  const { db } = openDatabase(data);
  try {
    return (await db.selectFrom("shipping_zones").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  } finally {
    await db.destroy();
  }
}

/**
 * Sets `variant` up through the back office as its owner would: she is made
 * by `npm run owner:create`, signs in, and posts the forms of /admin/shipping,
 * /admin/tax and /admin/discounts (their validation, activity log and
 * pricing version, as on any shop).
 */
export async function setUpPricing(shopUrl: string, data: ShopData, variant: PricingVariant) {
  if (variant === "none") return;
  const owner = await newOwnerBrowser(shopUrl, data);
  const { zone, rate, tax, code } = PRICING_SETUP;
  await submit(owner, "/admin/shipping", { intent: "preset", preset: zone });
  await submit(owner, "/admin/shipping", {
    intent: "rate",
    zoneId: String(await zoneId(data, zone)),
    ...rate,
    condition: "always",
  });
  await submit(owner, "/admin/tax", {
    intent: "state",
    state: tax.state,
    rate: tax.rate,
    ...(tax.taxesShipping ? { taxShipping: "on" } : {}),
  });
  if (variant === "code")
    await submit(owner, "/admin/discounts", {
      intent: "save",
      id: "",
      code: code.code,
      kind: "percent",
      value: code.percent,
      minimum: "",
      starts: "",
      ends: "",
      totalUses: "",
      active: "on",
    });
}

interface QuoteAnswer {
  shippingRateId: number | null;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The checkout bodies a panel sends once it has quoted the cart: with
 * anything set up, the shipping method and the total the quote gave (and
 * the code it applied); with nothing, the cart and address alone. Each cart
 * is quoted once, before the load: the panel quotes as the shopper types,
 * not at Pay.
 */
export async function pricedBodies(
  shopUrl: string,
  carts: Line[][],
  variant: PricingVariant,
  dir: string,
): Promise<CheckoutBodies> {
  const templates: string[] = [];
  const discountCode: Record<string, string> = variant === "code" ? { discountCode: PRICING_SETUP.code.code } : {};
  for (const lines of carts) {
    if (variant === "none") {
      templates.push(bodyTemplate(lines, TAXED_ADDRESS));
      continue;
    }
    const quote = await request<QuoteAnswer>(`${shopUrl}/api/checkout/quote`, {
      body: { lines, shipping: { state: TAXED_ADDRESS.state, zip: TAXED_ADDRESS.zip }, ...discountCode },
      headers: { Origin: new URL(shopUrl).origin },
    });
    // What the variant set up must show in its quote, or the bench would measure something else.
    const { shippingRateId, discountCents, taxCents, totalCents } = quote.body;
    if (quote.status !== 200 || shippingRateId === null || taxCents <= 0 || (variant === "code") !== discountCents > 0)
      throw new Error(`the quote answered ${quote.status}: ${JSON.stringify(quote.body)}`);
    templates.push(
      bodyTemplate(lines, TAXED_ADDRESS, { shippingRateId, expectedTotalCents: totalCents, ...discountCode }),
    );
  }
  return writeBodies(templates, dir);
}
