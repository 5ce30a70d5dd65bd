import { formatPrice } from "./money";

/** What the shopper is told when the order's price moved under her: the server's answer and the panel's own. */
export const pricingTexts = {
  totalChanged: (totalCents: number) =>
    `Your order's total is now $${formatPrice(totalCents)}. Please check it and pay again.`,
};
