import { noStore, orderNotFound } from "~/.server/json-api";
import { ORDER_TOKEN_HEADER } from "~/.server/orders/access";
import { syncPaymentStatus } from "~/.server/orders/payment";
import { findOrderByNumber, paidOrderSummary } from "~/.server/orders/queries";
import { ORDER_NUMBER_PATTERN } from "~/lib/order-number";
import type { Route } from "./+types/api.orders.$number.payment";

/**
 * GET /api/orders/{number}/payment: whether the order is paid yet. A pending
 * order is checked with the provider, so a slow webhook leaves nobody waiting.
 * Whom it thanks and what was bought go only to the browser that placed the
 * order (its X-Order-Token); anyone else with the number learns the status.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, payments, config, orderAccess } = context;
  const order = ORDER_NUMBER_PATTERN.test(params.number) ? await findOrderByNumber(db, params.number) : undefined;
  if (!order) return orderNotFound();
  const outcome = await syncPaymentStatus(db, payments, order, { now: Date.now(), shopEmail: config.shopEmail });
  const current = outcome === "unpaid" ? order : await findOrderByNumber(db, order.number);
  if (current?.status === "paid" && orderAccess.allows(current.number, request.headers.get(ORDER_TOKEN_HEADER))) {
    return Response.json({ order: await paidOrderSummary(db, current) }, { headers: noStore });
  }
  return Response.json(
    { order: { number: order.number, status: current?.status ?? order.status, amountCents: order.amount_cents } },
    { headers: noStore },
  );
}
