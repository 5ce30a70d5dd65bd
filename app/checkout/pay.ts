import type { CartItem } from "~/cart/reducer";
import type { Shipping } from "~/lib/checkout-schema";
import type { TestCard } from "~/lib/test-card-schema";

/** What the shop's API answers, as the checkout panel needs it. */
export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export interface PaidOrder {
  number: string;
  amountCents: number;
  thankYouName: string;
  items: { id: number; name: string; quantity: number; priceCents: number }[];
}

export type PayResult =
  | { kind: "paid"; order: PaidOrder }
  | { kind: "shortfall"; adjustments: { id: number; available: number }[] }
  | { kind: "failed"; error: ApiError; orderPlaced: boolean };

const unreachable: ApiError = { code: "network", message: "We could not reach the shop. Please check your connection and try again." };

async function postJson(url: string, body: unknown): Promise<{ status: number; data: Record<string, unknown> } | undefined> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, data: (await response.json()) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/** A fresh idempotency key: one per checkout attempt, reused on retries of it. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * DESIGN.md §Checkout as the browser sees it: place the order (the server
 * decides prices and stock), then confirm the card with the test gateway.
 */
export async function payWithTestCard(input: {
  idempotencyKey: string;
  items: CartItem[];
  shipping: Shipping;
  card: TestCard;
}): Promise<PayResult> {
  const placed = await postJson("/api/checkout", {
    idempotencyKey: input.idempotencyKey,
    lines: input.items.map((item) => ({ id: item.id, quantity: item.quantity })),
    shipping: input.shipping,
  });
  if (!placed) return { kind: "failed", error: unreachable, orderPlaced: false };
  if (placed.status === 409 && Array.isArray(placed.data.adjustments)) {
    return { kind: "shortfall", adjustments: placed.data.adjustments as { id: number; available: number }[] };
  }
  if (placed.status !== 200 && placed.status !== 201) {
    return { kind: "failed", error: (placed.data.error as ApiError | undefined) ?? unreachable, orderPlaced: false };
  }
  const { number } = placed.data.order as { number: string };
  const paid = await postJson("/api/payments/test-gateway", { orderNumber: number, ...input.card });
  if (!paid) return { kind: "failed", error: unreachable, orderPlaced: true };
  if (paid.status !== 200) {
    return { kind: "failed", error: (paid.data.error as ApiError | undefined) ?? unreachable, orderPlaced: true };
  }
  return { kind: "paid", order: paid.data.order as PaidOrder };
}
