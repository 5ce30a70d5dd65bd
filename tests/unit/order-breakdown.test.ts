import { describe, expect, it } from "vitest";
import {
  breakdownLabel,
  chargedBeyondItems,
  compactBreakdown,
  type OrderAmounts,
  orderBreakdown,
  shownBreakdown,
} from "~/lib/order-breakdown";

/** An order of its items alone, as every order is while nothing is set up. */
const itemsAlone: OrderAmounts = {
  amount_cents: 2400,
  subtotal_cents: 2400,
  discount_cents: 0,
  discount_code: null,
  discount_kind: null,
  shipping_cents: 0,
  shipping_rate_name: null,
  tax_cents: 0,
  tax_state: null,
  tax_rate_millionths: null,
};
const texas: OrderAmounts = {
  amount_cents: 3288,
  subtotal_cents: 2400,
  discount_cents: 0,
  discount_code: null,
  discount_kind: null,
  shipping_cents: 695,
  shipping_rate_name: "Standard",
  tax_cents: 193,
  tax_state: "TX",
  tax_rate_millionths: 62_500,
};
const asText = (order: OrderAmounts) => orderBreakdown(order).map((line) => `${breakdownLabel(line)}: ${line.amount}`);

describe("an order's breakdown", () => {
  it("names the rate and the tax state and rate, and ends with the order total", () => {
    expect(asText(texas)).toEqual([
      "Subtotal: $24.00",
      "Shipping (Standard): $6.95",
      "Tax (TX 6.25 %): $1.93",
      "Order total: $32.88",
    ]);
    expect(compactBreakdown(texas)).toBe("Subtotal $24.00 · Shipping $6.95 · Tax $1.93");
  });

  it("says Free for a $0 rate and leaves out tax that was not charged", () => {
    const free = { ...itemsAlone, amount_cents: 9600, subtotal_cents: 9600, shipping_rate_name: "Free over $75" };
    expect(asText(free)).toEqual(["Subtotal: $96.00", "Shipping (Free over $75): Free", "Order total: $96.00"]);
    expect(chargedBeyondItems(free)).toBe(false);
    expect(compactBreakdown(free)).toBeUndefined();
  });

  it("shows a discount as money off by its code, and tax without a stored rate by its state alone", () => {
    const order = {
      ...texas,
      discount_cents: 500,
      discount_code: "WELCOME5",
      discount_kind: "amount",
      amount_cents: 2788,
      tax_rate_millionths: null,
    };
    expect(asText(order)).toEqual([
      "Subtotal: $24.00",
      "Discount (WELCOME5): -$5.00",
      "Shipping (Standard): $6.95",
      "Tax (TX): $1.93",
      "Order total: $27.88",
    ]);
    expect(compactBreakdown(order)).toBe("Subtotal $24.00 · Discount (WELCOME5) -$5.00 · Shipping $6.95 · Tax $1.93");
  });

  it("names a free-shipping code on its Discount line beside the Free rate, though it took nothing off the items", () => {
    const freeship = {
      ...texas,
      discount_code: "FREESHIP",
      discount_kind: "free_shipping",
      shipping_cents: 0,
      tax_cents: 150,
      amount_cents: 2550,
    };
    expect(asText(freeship)).toEqual([
      "Subtotal: $24.00",
      "Discount (FREESHIP): Free shipping",
      "Shipping (Standard): Free",
      "Tax (TX 6.25 %): $1.50",
      "Order total: $25.50",
    ]);
    expect(compactBreakdown(freeship)).toBe(
      "Subtotal $24.00 · Discount (FREESHIP) Free shipping · Shipping Free · Tax $1.50",
    );
    const untaxed = { ...freeship, tax_cents: 0, tax_state: null, amount_cents: 2400 };
    expect(chargedBeyondItems(untaxed)).toBe(true);
    expect(compactBreakdown(untaxed)).toBe("Subtotal $24.00 · Discount (FREESHIP) Free shipping · Shipping Free");
  });

  it("is charged beyond the items by shipping, tax or a discount alone, and by nothing else", () => {
    expect(chargedBeyondItems(itemsAlone)).toBe(false);
    expect(compactBreakdown(itemsAlone)).toBeUndefined();
    expect(chargedBeyondItems({ ...itemsAlone, shipping_cents: 1 })).toBe(true);
    expect(chargedBeyondItems({ ...itemsAlone, tax_cents: 1 })).toBe(true);
    expect(chargedBeyondItems({ ...itemsAlone, discount_cents: 1 })).toBe(true);
    expect(compactBreakdown({ ...itemsAlone, tax_cents: 150, amount_cents: 2550, tax_state: "TX" })).toBe(
      "Subtotal $24.00 · Tax $1.50",
    );
  });

  it("is shown for an order with a rate, even a free one, or any charge beyond the items, and not for its items alone", () => {
    expect(shownBreakdown(itemsAlone)).toBeUndefined();
    expect(shownBreakdown({ ...itemsAlone, shipping_rate_name: "Free over $75" })?.map(breakdownLabel)).toEqual([
      "Subtotal",
      "Shipping (Free over $75)",
      "Order total",
    ]);
    expect(shownBreakdown({ ...itemsAlone, tax_cents: 150, amount_cents: 2550, tax_state: "TX" })?.length).toBe(3);
    expect(shownBreakdown(texas)).toEqual(orderBreakdown(texas));
  });
});
