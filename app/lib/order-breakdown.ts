import { formatPrice } from "./money";
import { millionthsToPercent } from "./tax-rate";

/** The columns of an order that say what its total is made of (migration 023); an orders row has them all. */
export interface OrderAmounts {
  amount_cents: number;
  subtotal_cents: number;
  discount_cents: number;
  discount_code: string | null;
  /** The code's kind (DiscountKind): "free_shipping" takes nothing off the items, it makes the rate $0. */
  discount_kind: string | null;
  shipping_cents: number;
  shipping_rate_name: string | null;
  tax_cents: number;
  tax_state: string | null;
  tax_rate_millionths: number | null;
}

/** One line of the breakdown: "Shipping", its detail "USPS Ground Advantage", and "$6.95" (or "Free"). */
export interface BreakdownLine {
  label: string;
  detail?: string;
  amount: string;
}

const dollars = (cents: number) => `$${formatPrice(cents)}`;

/**
 * Whether the order cost more or less than its items, or used a code (a
 * free-shipping one takes nothing off them); never, while nothing is set up (SPEC).
 */
export const chargedBeyondItems = (order: OrderAmounts) =>
  order.shipping_cents !== 0 || order.tax_cents !== 0 || order.discount_cents !== 0 || order.discount_code !== null;

/** The Discount line: its code, and money off, or "Free shipping" for a code that made the rate $0. */
const discountLine = (order: OrderAmounts): BreakdownLine => ({
  label: "Discount",
  ...(order.discount_code === null ? {} : { detail: order.discount_code }),
  amount: order.discount_kind === "free_shipping" ? "Free shipping" : `-${dollars(order.discount_cents)}`,
});

/**
 * What the total is made of, in the checkout panel's words: Subtotal,
 * Discount with its code (when one was used), Shipping with its rate's name
 * ("Free" at $0; when a rate was chosen), Tax with the state and rate (when
 * charged), and Order total.
 */
export function orderBreakdown(order: OrderAmounts): BreakdownLine[] {
  const lines: BreakdownLine[] = [{ label: "Subtotal", amount: dollars(order.subtotal_cents) }];
  if (order.discount_cents > 0 || order.discount_code !== null) lines.push(discountLine(order));
  if (order.shipping_rate_name !== null)
    lines.push({
      label: "Shipping",
      detail: order.shipping_rate_name,
      amount: order.shipping_cents === 0 ? "Free" : dollars(order.shipping_cents),
    });
  if (order.tax_cents > 0) {
    const rate = order.tax_rate_millionths === null ? undefined : `${millionthsToPercent(order.tax_rate_millionths)} %`;
    const detail = [order.tax_state, rate].filter(Boolean).join(" ");
    lines.push({ label: "Tax", ...(detail ? { detail } : {}), amount: dollars(order.tax_cents) });
  }
  lines.push({ label: "Order total", amount: dollars(order.amount_cents) });
  return lines;
}

/**
 * The breakdown an order's pages show below its lines: every line once
 * shipping or tax is set up (the rate's name matters even when it is free),
 * none for an order of its items alone (SPEC).
 */
export const shownBreakdown = (order: OrderAmounts): BreakdownLine[] | undefined =>
  chargedBeyondItems(order) || order.shipping_rate_name !== null ? orderBreakdown(order) : undefined;

/** Whether a line is the breakdown's last, Order total, which a page may show in its own words ("Paid: $X"). */
export const isOrderTotal = (line: BreakdownLine) => line.label === "Order total";

/** "Shipping (USPS Ground Advantage)": a line's label with its detail. */
export const breakdownLabel = (line: BreakdownLine) => (line.detail ? `${line.label} (${line.detail})` : line.label);

/**
 * The shopper's short form, for a list of her orders: "Subtotal $24.00 ·
 * Discount (HOLIDAY15) -$3.60 · Shipping $6.95 · Tax $1.70" (the total stands
 * beside it already); nothing for an order of its items alone. Only the
 * discount keeps its detail: the code is what she remembers it by.
 */
export function compactBreakdown(order: OrderAmounts): string | undefined {
  if (!chargedBeyondItems(order)) return undefined;
  return orderBreakdown(order)
    .filter((line) => !isOrderTotal(line))
    .map((line) => `${line.label === "Discount" ? breakdownLabel(line) : line.label} ${line.amount}`)
    .join(" · ");
}
