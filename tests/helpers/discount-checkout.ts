import { openDatabase } from "~/.server/db";
import { type CheckoutAnswer, openShop, request, type Shop } from "./shop-api";

/** A quote's figures, as the quote and a refused checkout answer them. */
export type Quote = { subtotalCents: number; discountCents: number; totalCents: number; discountCode: string | null };
export type Answer = CheckoutAnswer & { quote?: Quote } & Partial<Quote>;

/** The one candle ($40.00) the discount suites sell. */
export const candle = { id: 4001, price: 40, stock: 1000 };

/** A shop selling the candle; the races send twenty checkouts from one address, so its limits must not refuse them. */
export const openDiscountShop = () =>
  openShop({ Wax: [candle] }, { CHECKOUT_ATTEMPTS_PER_IP: "1000", UNITS_HELD_PER_IP: "1000" });

/** What a shopper of `shop()` (opened in a suite's beforeAll) does with a code. */
export function discountShopper(shop: () => Shop) {
  return {
    quote: (discountCode: string, quantity = 1) =>
      request<Answer>(`${shop().url}/api/checkout/quote`, {
        body: { lines: [{ id: candle.id, quantity }], discountCode },
      }),
    /** One candle with `discountCode`, and the total the shopper saw once the code applied. */
    buyWith: (
      discountCode: string | undefined,
      { expectedTotalCents, ...shipping }: { email?: string; city?: string; expectedTotalCents?: number } = {},
      idempotencyKey = `disc-${Math.random().toString(36).slice(2)}`,
    ) =>
      request<Answer>(`${shop().url}/api/checkout`, {
        body: {
          idempotencyKey,
          lines: [{ id: candle.id, quantity: 1 }],
          shipping: { name: "Ada", address: "1 Wick Lane", city: "Portland", state: "OR", zip: "97201", ...shipping },
          discountCode,
          expectedTotalCents,
        },
      }),
    /** A second handle on the shop's database, as a second process running the expiry job has. */
    otherProcess: () =>
      openDatabase({ dataDir: shop().database.env.DATA_DIR, databaseUrl: shop().database.env.DATABASE_URL }),
  };
}
