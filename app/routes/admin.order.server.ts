import { type AppLoadContext, data } from "react-router";
import type { Shopper } from "~/.server/accounts/auth";
import { cancelAndRefund } from "~/.server/admin/cancel-and-refund";
import { signedInRecently } from "~/.server/admin/owners";
import { markShipped } from "~/.server/admin/shipping";
import { cancelAndRefundSchema, markShippedSchema } from "~/lib/admin-schemas";

const SHIPPED = {
  shipped: "is marked shipped; the customer's email is on its way.",
  already_shipped: "was shipped already; nothing changed.",
  not_paid: "is not a paid order, so it cannot be shipped.",
  not_found: "does not exist.",
} as const;

const REFUNDED = {
  refunded: "is cancelled; the refund is on its way to the customer's card.",
  cancelled: "is cancelled; its discount code paid it in full, so there is no payment to refund.",
  already_refunded: "was refunded already; nothing changed.",
  not_refundable: "is not paid, so there is nothing to refund.",
  not_found: "does not exist.",
} as const;

/** The HTTP status of each outcome: done or already done is 200, a missing order 404, a wrong state 409. */
const STATUS: Record<keyof typeof SHIPPED | keyof typeof REFUNDED, number> = {
  shipped: 200,
  already_shipped: 200,
  refunded: 200,
  cancelled: 200,
  already_refunded: 200,
  not_paid: 409,
  not_refundable: 409,
  not_found: 404,
};

export type OrderActionAnswer = { notice?: string; error?: { number: string; message: string } };

/**
 * The owner's actions on an order, from Today and from the order's page:
 * Mark shipped, and Cancel and refund (which needs a sign-in within the
 * last day). The form says which with its intent; every answer is a notice
 * to show, or an error beside the form.
 */
export async function orderAction(context: Pick<AppLoadContext, "db" | "config">, owner: Shopper, request: Request) {
  const form = Object.fromEntries(await request.formData());
  const number = typeof form.number === "string" ? form.number : "";
  const refusal = (message: string, status: number) =>
    data<OrderActionAnswer>({ error: { number, message } }, { status });
  const actor = { id: owner.id, displayName: owner.displayName };
  const now = Date.now();
  switch (form.intent) {
    case "refund": {
      const parsed = cancelAndRefundSchema.safeParse(form);
      if (!parsed.success) return refusal(parsed.error.issues[0]!.message, 400);
      if (!signedInRecently(owner, now))
        return refusal("Refunds need a fresh sign-in: please sign out and in again, then refund.", 403);
      const outcome = await cancelAndRefund(
        context.db,
        { number, restock: parsed.data.restock === "on" },
        { actor, now, shopEmail: context.config.shopEmail },
      );
      return data<OrderActionAnswer>(
        { notice: `Order ${number} ${REFUNDED[outcome.kind]}` },
        { status: STATUS[outcome.kind] },
      );
    }
    case "ship": {
      const parsed = markShippedSchema.safeParse(form);
      if (!parsed.success) return refusal(parsed.error.issues[0]!.message, 400);
      const { carrier, trackingNumber } = parsed.data;
      const outcome = await markShipped(
        context.db,
        { number, carrier, trackingNumber },
        { actor, now, shopEmail: context.config.shopEmail },
      );
      return data<OrderActionAnswer>(
        { notice: `Order ${number} ${SHIPPED[outcome.kind]}` },
        { status: STATUS[outcome.kind] },
      );
    }
    default:
      return refusal("Unknown action.", 400);
  }
}
