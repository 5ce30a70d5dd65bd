import { describe, expect, it } from "vitest";
import type { OrderItemRow, OrderRow } from "~/.server/db/schema";
import { retryDelay } from "~/.server/db/work-queue";
import {
  orderNotification,
  orderNotificationFields,
  orderReceipt,
  orderRefunded,
  purchasedItems,
} from "~/.server/mail/templates";

const order: OrderRow = {
  id: 7,
  number: "WS-ABCDEFGH",
  user_id: null,
  status: "paid",
  customer_name: "Guest",
  email: "ada@example.com",
  shipping_name: 'Ada <b>Lovelace</b> & "Co"',
  shipping_address: "12 Wick Lane",
  shipping_city: "Portland",
  shipping_state: "OR",
  shipping_zip: "97201",
  phone: null,
  amount_cents: 5598,
  currency: "usd",
  payment_provider: "test",
  payment_ref: "test_WS-ABCDEFGH",
  idempotency_key: "key-12345678",
  created_at: 0,
  paid_at: 1,
  expires_at: 2,
  held_by: null,
  expiry_claimed_until: null,
  shipped_at: null,
  carrier: null,
  tracking_number: null,
  refunded_at: null,
  subtotal_cents: 5598,
  discount_cents: 0,
  shipping_cents: 0,
  tax_cents: 0,
  shipping_rate_id: null,
  shipping_rate_name: null,
  shipping_weight: null,
  tax_state: null,
  tax_zip: null,
  tax_rate_millionths: null,
  tax_shipping: null,
  discount_code: null,
  discount_kind: null,
};

const items: OrderItemRow[] = [
  {
    order_id: 7,
    product_id: 1001,
    variant_id: 1001,
    name: "Lavender Fields",
    variant: "",
    price_cents: 1999,
    quantity: 2,
    scent: "Lavender",
  },
  {
    order_id: 7,
    product_id: 1004,
    variant_id: 1004,
    name: "Honey Beeswax Pillar",
    variant: "",
    price_cents: 1600,
    quantity: 1,
    scent: "Raw honey",
  },
];

describe("order emails", () => {
  it("list each purchased item with its number, price, name, quantity, scent and id (SPEC §3)", () => {
    expect(purchasedItems(items)).toBe(
      "1. Lavender Fields: 2 x $19.99 (scent: Lavender, id: 1001)\n2. Honey Beeswax Pillar: 1 x $16.00 (scent: Raw honey, id: 1004)",
    );
  });

  it("carry SPEC §3's notification fields under SPEC's names", () => {
    expect(orderNotificationFields(order, items)).toEqual({
      orderNumber: "WS-ABCDEFGH",
      total: "$55.98",
      customerName: "Guest",
      shippingName: 'Ada <b>Lovelace</b> & "Co"',
      shippingAddress: "12 Wick Lane",
      purchasedItems: purchasedItems(items),
      shippingCity: "Portland",
      shippingState: "OR",
      shippingZipCode: "97201",
      phoneNumber: "",
    });
  });

  it("escape what the shopper typed in the HTML, and keep it as typed in the text", () => {
    for (const email of [orderNotification(order, items), orderReceipt(order, items, { name: "Wickshop" })]) {
      expect(email.html).toContain("Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; &quot;Co&quot;");
      expect(email.html).not.toContain("<b>Lovelace</b>");
      expect(email.text).toContain('Ada <b>Lovelace</b> & "Co"');
    }
    expect(orderNotification(order, items).subject).toBe("New order WS-ABCDEFGH: $55.98");
    expect(orderReceipt(order, items, { name: "Wickshop" }).subject).toBe("Your Wickshop order WS-ABCDEFGH");
    expect(orderReceipt(order, items, { name: "Luna & Wick" }).subject).toBe("Your Luna & Wick order WS-ABCDEFGH");
  });

  it("links the shop's refund policy from the receipt once one is published", () => {
    const policy = "https://lunawick.example/policies/refunds";
    const receipt = orderReceipt(order, items, { name: "Luna & Wick", refundPolicyUrl: policy });
    expect(receipt.text).toMatch(/\n\nOur refund policy: https:\/\/lunawick\.example\/policies\/refunds$/);
    expect(receipt.html).toContain(`<p><a href="${policy}">Our refund policy</a></p>`);
    const without = orderReceipt(order, items, { name: "Luna & Wick" });
    expect(`${without.text}${without.html}`).not.toContain("refund policy");
  });
});

describe("an order's breakdown in its emails (issue #31)", () => {
  const shipped: OrderRow = {
    ...order,
    amount_cents: 10726,
    subtotal_cents: 9400,
    shipping_cents: 695,
    tax_cents: 631,
    shipping_rate_id: 1,
    shipping_rate_name: "USPS Ground Advantage",
    shipping_weight: null,
    tax_state: "TX",
    tax_zip: "78701",
    tax_rate_millionths: 62_500,
    tax_shipping: 1,
  };
  const breakdown = [
    "Subtotal: $94.00",
    "Shipping (USPS Ground Advantage): $6.95",
    "Tax (TX 6.25 %): $6.31",
    "Order total: $107.26",
  ];

  it("stands below SPEC §3's fields in the receipt and the owner's notice, text and HTML", () => {
    for (const email of [orderReceipt(shipped, items, { name: "Wickshop" }), orderNotification(shipped, items)]) {
      expect(email.text).toContain(breakdown.join("\n"));
      expect(email.html).toContain(breakdown.join("<br>"));
    }
    expect(orderReceipt(shipped, items, { name: "Wickshop" }).text).toContain("We received your payment of $107.26");
  });

  it("is not there for an order of its items alone, as every order is while nothing is set up", () => {
    for (const email of [orderReceipt(order, items, { name: "Wickshop" }), orderNotification(order, items)]) {
      expect(email.text).not.toContain("Subtotal");
      expect(email.html).not.toContain("Subtotal");
    }
  });
});

describe("the emails of an order its discount code paid in full (issue #33)", () => {
  const free: OrderRow = {
    ...order,
    amount_cents: 0,
    discount_cents: 5598,
    discount_code: "HOLIDAY100",
    discount_kind: "percent",
    payment_provider: "discount",
    payment_ref: null,
  };

  it("receipt: says the code paid it instead of a payment received, and keeps the rest", () => {
    const receipt = orderReceipt(free, items, { name: "Wickshop" });
    expect(receipt.text).toContain("Your order WS-ABCDEFGH is paid in full with the discount code HOLIDAY100.");
    expect(receipt.html).toContain("<p>Your order WS-ABCDEFGH is paid in full with the discount code HOLIDAY100.</p>");
    for (const body of [receipt.text, receipt.html]) expect(body).not.toContain("We received your payment");
    expect(receipt.text).toContain(purchasedItems(items));
    expect(receipt.text).toContain('We will ship it to:\nAda <b>Lovelace</b> & "Co"\n12 Wick Lane\nPortland, OR 97201');
    expect(orderReceipt(order, items, { name: "Wickshop" }).text).toContain(
      "We received your payment of $55.98 for order WS-ABCDEFGH.",
    );
  });

  it("cancellation: says nothing was charged, with no card and no bank", () => {
    const cancelled = orderRefunded({ ...free, status: "refunded" }, items);
    expect(cancelled.subject).toBe("Your order WS-ABCDEFGH has been cancelled");
    expect(cancelled.text).toContain(
      "We cancelled your order WS-ABCDEFGH.\nNothing was charged for it: its discount code paid it in full.",
    );
    for (const body of [cancelled.text, cancelled.html]) {
      expect(body).not.toMatch(/card|bank|refunded \$/i);
    }
    const refunded = orderRefunded({ ...order, status: "refunded" }, items);
    expect(refunded.subject).toBe("Your order WS-ABCDEFGH has been refunded");
    expect(refunded.text).toContain(
      "We cancelled your order WS-ABCDEFGH and refunded $55.98 to the card you paid with.\nYour bank may take 5 to 10 business days to show it.",
    );
  });
});

describe("retryDelay", () => {
  it("doubles from the base with each attempt, up to a day", () => {
    const policy = { maxAttempts: 8, baseMs: 30_000 };
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, policy))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelay(40, policy)).toBe(24 * 60 * 60_000);
  });
});
