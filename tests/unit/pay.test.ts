import { afterEach, describe, expect, it, vi } from "vitest";
import type { CartItem } from "~/cart/reducer";
import { pay } from "~/checkout/pay";

const item: CartItem = {
  id: 1001,
  categorySlug: "wax",
  name: "Lavender Fields",
  priceCents: 1999,
  images: [],
  scent: "Lavender",
  stock: 5,
  quantity: 1,
};
const shipping = { name: "Ada Lovelace", address: "12 Wick Lane", city: "Portland", state: "OR", zip: "97201" };
const paidOrder = {
  number: "WS-7K3F9QXA",
  status: "paid",
  amountCents: 1999,
  thankYouName: "Ada Lovelace",
  items: [],
  subtotalCents: 1999,
  discountCents: 0,
  shippingCents: 0,
  taxCents: 0,
};

/** The shop's API as the browser sees it: each path answers with the status and body given. */
function stubApi(answers: Record<string, { status: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    calls.push(url);
    const answer = Object.entries(answers).find(([path]) => url.startsWith(path))?.[1];
    if (!answer) throw new Error(`unexpected request to ${url}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("pay", () => {
  it("takes a replayed checkout of an order paid already straight to the thank-you, without confirming the card again", async () => {
    const calls = stubApi({
      "/api/checkout": {
        status: 200,
        body: {
          order: { number: paidOrder.number, amountCents: 1999, status: "paid", accessToken: "token" },
          payment: { provider: "stripe" },
        },
      },
      [`/api/orders/${paidOrder.number}/payment`]: { status: 200, body: { order: paidOrder } },
    });
    const confirmPayment = vi.fn();

    const result = await pay(
      { idempotencyKey: "key-12345678", items: [item], shipping, shownTotalCents: 1999 },
      confirmPayment,
    );

    expect(result).toEqual({ kind: "paid", order: paidOrder });
    expect(confirmPayment).not.toHaveBeenCalled();
    expect(calls).toEqual(["/api/checkout", `/api/orders/${paidOrder.number}/payment`]);
  });

  it("confirms the card of a pending order", async () => {
    stubApi({
      "/api/checkout": {
        status: 201,
        body: {
          order: { number: paidOrder.number, amountCents: 1999, status: "pending_payment", accessToken: "token" },
          payment: { provider: "test" },
        },
      },
    });
    const confirmPayment = vi.fn(async () => ({ kind: "paid" as const, order: paidOrder }));

    expect(
      await pay({ idempotencyKey: "key-12345678", items: [item], shipping, shownTotalCents: 1999 }, confirmPayment),
    ).toEqual({
      kind: "paid",
      order: paidOrder,
    });
    expect(confirmPayment).toHaveBeenCalledWith({
      number: paidOrder.number,
      accessToken: "token",
      payment: { provider: "test" },
    });
  });

  it("keeps the attempt's key when the order may exist (no answer, 502, 503), and not when the checkout was refused", async () => {
    const input = { idempotencyKey: "key-12345678", items: [item], shipping, shownTotalCents: 1999 };
    const refusal = (code: string) => ({ error: { code, message: "No." } });
    const answers = [
      { status: 503, body: refusal("unavailable"), orderPlaced: true },
      { status: 502, body: refusal("payment_unavailable"), orderPlaced: true },
      { status: 400, body: refusal("invalid_request"), orderPlaced: false },
      { status: 429, body: refusal("rate_limited"), orderPlaced: false },
    ];
    for (const { status, body, orderPlaced } of answers) {
      stubApi({ "/api/checkout": { status, body } });
      expect(await pay(input, vi.fn()), `${status}`).toEqual({ kind: "failed", error: body.error, orderPlaced });
    }
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await pay(input, vi.fn())).toMatchObject({ kind: "failed", error: { code: "network" }, orderPlaced: true });
  });
});
