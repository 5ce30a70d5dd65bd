import { noStore, orderNotFound } from "~/.server/json-api";
import { ORDER_TOKEN_HEADER } from "~/.server/orders/access";
import { orderPaymentStatus } from "~/.server/orders/payment";
import { ORDER_NUMBER_PATTERN } from "~/lib/order-number";
import type { Route } from "./+types/api.orders.$number.payment";

/** GET /api/orders/{number}/payment: the order's payment status (orderPaymentStatus says who learns what). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, payments, config, orderAccess } = context;
  const order = ORDER_NUMBER_PATTERN.test(params.number)
    ? await orderPaymentStatus(db, payments, params.number, request.headers.get(ORDER_TOKEN_HEADER), {
        now: Date.now(),
        shopEmail: config.shopEmail,
        orderAccess,
      })
    : undefined;
  if (!order) return orderNotFound();
  return Response.json({ order }, { headers: noStore });
}
