import { createHmac, timingSafeEqual } from "node:crypto";

/** The header a browser shows its order's token in (never the URL: URLs end up in logs). */
export const ORDER_TOKEN_HEADER = "x-order-token";

/**
 * Who may read an order's personal details (the name it thanks, what was
 * bought): the browser that placed it. The checkout answers with a token
 * derived from the order number and the shop's secret; nothing is stored,
 * a repeated checkout gets the same token, and any process can check it.
 */
export function createOrderAccess(secret: string) {
  const tokenFor = (orderNumber: string) =>
    createHmac("sha256", secret).update(`order-access:${orderNumber}`).digest("base64url");
  return {
    tokenFor,
    allows(orderNumber: string, token: string | null): boolean {
      if (!token) return false;
      const expected = Buffer.from(tokenFor(orderNumber));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type OrderAccess = ReturnType<typeof createOrderAccess>;
