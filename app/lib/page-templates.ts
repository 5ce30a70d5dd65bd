import type { PageFormName } from "./page-forms";
import type { ShopPageKey } from "./shop-pages";

/** What a template is filled with: the shop's own words, and for refunds the window the owner typed. */
export interface TemplateFacts {
  name: string;
  email: string;
  /** Days a shopper has to ask for a refund (Refund policy only). */
  returnDays: number;
}

/** Every template's first lines: a starting point to read and change, never advice. */
const startingPoint =
  "_This is a starting point written by Wickshop, not legal advice: read it, change what is not true of your shop, and delete this line before you save._";

const TEMPLATES: Record<PageFormName, (facts: TemplateFacts) => Partial<Record<ShopPageKey, string>>> = {
  about: ({ name }) => ({
    aboutText: [
      startingPoint,
      `${name} began at a kitchen table with a few jars of wax and a wish for candles that smell like home.`,
      "Every candle is poured by hand in small batches, from wax, wicks and scents we choose ourselves, and cured before it leaves the workshop so it burns clean and even.",
      "## What we make",
      "- Container candles in our own scents\n- Seasonal candles while they last\n- Gifts, wrapped on request",
      "Thank you for supporting a small maker.",
    ].join("\n\n"),
  }),
  contact: ({ email }) => ({
    contactText: [
      startingPoint,
      `Questions about a candle, an order or a gift? Write to us at ${email} and we will answer within two working days.`,
      "For an order, please give its number (it starts with WS-): it is in your receipt.",
    ].join("\n\n"),
  }),
  shipping: ({ name }) => ({
    shippingPolicy: [
      startingPoint,
      "## When your order ships",
      `${name} pours candles in small batches. Orders usually leave the workshop within 3 working days of payment; you get an email with the tracking number when yours does.`,
      "## Where we ship, and what it costs",
      "The shipping methods and prices for your address are shown at checkout, before you pay.",
      "## If a candle arrives damaged",
      "Write to us within 7 days of delivery with a photo of the candle and its box, and we will send a new one or refund it.",
    ].join("\n\n"),
  }),
  refunds: ({ name, email, returnDays }) => ({
    refundPolicy: [
      startingPoint,
      `## Returns within ${returnDays} days`,
      `If you are not happy with a candle, write to ${email} within ${returnDays} days of delivery. Send it back unused, in its packaging, and ${name} refunds its price to the card you paid with once it arrives.`,
      "## What we cannot take back",
      "Candles that have been burned, and personalised orders, unless they arrived damaged or were not what you ordered.",
      "## How long a refund takes",
      "We refund within 5 working days of receiving the candle; your bank may take a few more days to show it.",
    ].join("\n\n"),
  }),
  privacy: ({ name, email }) => ({
    privacyPolicy: [
      startingPoint,
      "## What we keep",
      `To send your order, ${name} keeps your name, shipping address, email and phone number if you give them, and what you bought. Your card number goes to our payment provider and never to us.`,
      "## What we use it for",
      "Only to ship your order, to send you its receipt and shipping emails, and to answer you. We do not sell it or share it with anyone but the carrier and the payment provider.",
      "## Your choices",
      `Write to ${email} to see, correct or delete what we keep about you.`,
    ].join("\n\n"),
  }),
  terms: ({ name, email }) => ({
    termsOfService: [
      startingPoint,
      `These terms apply to orders placed with ${name}.`,
      "## Orders and prices",
      "Prices are in US dollars. Your order is confirmed once its payment goes through; the total you pay is the one shown beside Pay, with shipping and sales tax.",
      "## Handmade candles",
      "Each candle is poured by hand, so its colour and surface may differ a little from the photos. Never leave a burning candle unattended.",
      "## Questions",
      `Write to ${email}.`,
    ].join("\n\n"),
  }),
};

/** A page's starter text, filled with the shop's facts; nothing is saved until the owner saves it. */
export const pageTemplate = (form: PageFormName, facts: TemplateFacts) => TEMPLATES[form](facts);
