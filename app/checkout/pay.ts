import { type CartItem, checkoutLine } from "~/cart/reducer";
import type { Shipping } from "~/lib/checkout-schema";
import type { BreakdownLine } from "~/lib/order-breakdown";
import type { TestCard } from "~/lib/test-card-schema";
import type { Quote } from "./quote";
import { type ApiError, requestJson, unreachable } from "./request-json";

export interface PaidOrder {
  number: string;
  amountCents: number;
  thankYouName: string;
  items: { id: number; name: string; quantity: number; priceCents: number }[];
  /** What the amount is made of (amountCents is their sum): shipping and tax are 0 while nothing is set up. */
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  /** Subtotal, Shipping, Tax and Order total as the receipt words them; absent while nothing is set up. */
  breakdown?: BreakdownLine[];
}

export type PayResult =
  | { kind: "paid"; order: PaidOrder }
  | { kind: "shortfall"; adjustments: { id: number; variant?: number; available: number }[] }
  /**
   * The owner changed a rate, the chosen method is gone or no longer fits, or the code was refused (a
   * `discount_*` code): the shopper sees the new total, and why, and pays again.
   */
  | { kind: "total_changed"; quote: Quote; error: ApiError }
  /** orderPlaced: the order exists, or may (no answer came): the next Pay reuses its key, so it is placed once. */
  | { kind: "failed"; error: ApiError; orderPlaced: boolean };

/**
 * Confirms the card for the order just placed (its number, the token that
 * shows this browser placed it, and the provider's data); Stripe's card field
 * or the test gateway's inputs provide it.
 */
export type ConfirmPayment = (order: {
  number: string;
  accessToken: string;
  payment: Record<string, unknown>;
}) => Promise<PayResult>;

/** How long to wait for a confirmed Stripe payment to be recorded before telling the shopper to check back. */
const STATUS_POLLS = 15;
const STATUS_POLL_MS = 1000;

const failed = (answer: { data: Record<string, unknown> } | undefined, orderPlaced: boolean): PayResult => ({
  kind: "failed",
  error: (answer?.data.error as ApiError | undefined) ?? unreachable,
  orderPlaced,
});

/**
 * DESIGN.md §Checkout as the browser sees it: place the order (the server
 * decides prices and stock), then confirm the card with the provider.
 */
export async function pay(
  input: {
    idempotencyKey: string;
    items: CartItem[];
    shipping: Shipping;
    /** The total the panel shows: the items', or the quote's once shipping or tax is set up. */
    shownTotalCents: number;
    /**
     * The quote the shopper saw once the total is more than the items' (shipping, tax or a code), with its
     * shipping method: the server charges that total or answers total_changed.
     */
    quote?: Quote;
  },
  confirmPayment: ConfirmPayment,
): Promise<PayResult> {
  const placed = await requestJson("/api/checkout", {
    idempotencyKey: input.idempotencyKey,
    lines: input.items.map(checkoutLine),
    shipping: input.shipping,
    shippingRateId: input.quote?.shippingRateId ?? undefined,
    expectedTotalCents: input.quote?.totalCents,
    discountCode: input.quote?.discountCode ?? undefined,
  });
  if (placed?.status === 409 && Array.isArray(placed.data.adjustments)) {
    return {
      kind: "shortfall",
      adjustments: placed.data.adjustments as { id: number; variant?: number; available: number }[],
    };
  }
  if (placed?.status === 409 && placed.data.quote)
    return { kind: "total_changed", quote: placed.data.quote as Quote, error: placed.data.error as ApiError };
  // A 502 means the order exists and waits for the payment service. A 503, or no answer at all, means it may: the
  // database or the link went while it was placed. A retry with the same key resumes it, or places it once.
  if (placed?.status !== 200 && placed?.status !== 201)
    return failed(placed, placed === undefined || placed.status === 502 || placed.status === 503);
  const { number, amountCents, accessToken, status } = placed.data.order as {
    number: string;
    amountCents: number;
    accessToken: string;
    status: string;
  };
  // A replay of an order paid already (the answer to the first Pay was lost): confirming the card again would fail.
  if (status === "paid") return waitUntilPaid(number, accessToken);
  if (amountCents !== input.shownTotalCents) {
    // The server's prices win, but the shopper must see what the card will be charged first.
    return {
      kind: "failed",
      orderPlaced: true,
      error: {
        code: "price_changed",
        message:
          "Prices in your cart have changed since the page loaded. We have updated your cart: please check the total and press Pay again.",
      },
    };
  }
  return confirmPayment({ number, accessToken, payment: placed.data.payment as Record<string, unknown> });
}

/** The built-in test gateway: the shop's own endpoint checks the test card. */
export function confirmWithTestCard(card: TestCard): ConfirmPayment {
  return async ({ number, accessToken }) => {
    const paid = await requestJson(
      "/api/payments/test-gateway",
      { orderNumber: number, ...card },
      { "X-Order-Token": accessToken },
    );
    return paid?.status === 200 ? { kind: "paid", order: paid.data.order as PaidOrder } : failed(paid, true);
  };
}

/**
 * A total of $0: the shop pays the order with its discount as it places it,
 * so there is no card to confirm, only the paid order to read.
 */
export const confirmPaidWithDiscount: ConfirmPayment = ({ number, accessToken }) => waitUntilPaid(number, accessToken);

/** After Stripe.js confirmed the card: waits until the shop has recorded the payment (webhook or status check). */
export async function waitUntilPaid(number: string, accessToken: string): Promise<PayResult> {
  for (let poll = 0; poll < STATUS_POLLS; poll++) {
    const answer = await requestJson(`/api/orders/${encodeURIComponent(number)}/payment`, undefined, {
      "X-Order-Token": accessToken,
    });
    const order = answer?.data.order as (PaidOrder & { status: string }) | undefined;
    if (order?.status === "paid") return { kind: "paid", order };
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
  }
  return {
    kind: "failed",
    orderPlaced: true,
    error: {
      code: "payment_pending",
      message: `Your payment for order ${number} is still being processed. We will email you once it is confirmed.`,
    },
  };
}
