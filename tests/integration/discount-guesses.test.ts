import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDiscountCode } from "../helpers/pricing-setup";
import {
  type ApiResponse,
  type CheckoutAnswer,
  newIdempotencyKey,
  openShop,
  request,
  type Shop,
  shipping,
} from "../helpers/shop-api";
import { shopState } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

type Answer = CheckoutAnswer & { discountCents?: number; totalCents?: number; quote?: { discountCents: number } };

const LIMIT = 3;
const tooMany = {
  code: "too_many_attempts",
  message: "Too many discount codes tried. Please wait a few minutes and try again.",
};

describe(`DISCOUNT_ATTEMPTS_PER_IP=${LIMIT} on ${testEngine}`, () => {
  const candle = { id: 4101, price: 40, stock: 100 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle] }, { DISCOUNT_ATTEMPTS_PER_IP: String(LIMIT) });
    await addDiscountCode(shop.db, { code: "HOLIDAY15" });
    await addDiscountCode(shop.db, { code: "OLD", ends_on: "2020-01-31" });
    await addDiscountCode(shop.db, { code: "BIG", minimum_subtotal_cents: 5000 });
    await addDiscountCode(shop.db, { code: "GONE", max_uses: 1, uses: 1 });
  });
  afterAll(() => shop?.close());

  // Each address is a shopper behind the proxy the shop trusts by default (one on its own machine).
  const lines = [{ id: candle.id, quantity: 1 }];
  const quote = (address: string, discountCode?: string) =>
    request<Answer>(`${shop.url}/api/checkout/quote`, {
      body: { lines, discountCode },
      headers: { "X-Forwarded-For": address },
    });
  const buy = (address: string, discountCode?: string, expectedTotalCents?: number) =>
    request<Answer>(`${shop.url}/api/checkout`, {
      body: { idempotencyKey: newIdempotencyKey(), lines, shipping, discountCode, expectedTotalCents },
      headers: { "X-Forwarded-For": address },
    });
  const expectTooMany = (answer: ApiResponse<Answer>) => {
    expect(answer.status).toBe(429);
    expect(answer.body.error).toEqual(tooMany);
    const retryAfter = Number(answer.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  };

  it(`counts unknown codes from the quote and checkout, not known ones refused for another reason; beyond ${LIMIT}, any code from the address is 429`, async () => {
    const address = "203.0.113.10";
    // Known codes, refused or not, are not guesses: more of them than the limit leave it untouched.
    expect((await quote(address, "old")).body.error?.code).toBe("discount_expired");
    expect((await buy(address, "big")).body.error?.code).toBe("discount_minimum");
    expect((await quote(address, "gone")).body.error?.code).toBe("discount_used_up");
    const applied = await quote(address, "holiday15");
    expect(applied.status).toBe(200);
    expect((await buy(address, "HOLIDAY15", applied.body.totalCents)).status).toBe(201);

    for (const [ask, code, status] of [
      [quote, "NOPE1", 422],
      [buy, "NOPE2", 409],
      [buy, "NO\u0000PE3", 409], // no code at all, yet a guess
    ] as const) {
      const answer = await ask(address, code);
      expect(answer.status, code).toBe(status);
      expect(answer.body.error?.code, code).toBe("discount_invalid");
    }

    const before = await shopState(shop.db);
    // A code that exists is refused too: the answer must not tell a guesser which codes are real.
    expectTooMany(await quote(address, "HOLIDAY15"));
    expectTooMany(await quote(address, "NOPE4"));
    expectTooMany(await buy(address, "HOLIDAY15"));
    expect(await shopState(shop.db)).toEqual(before);

    // Without a code the address quotes and checks out as before.
    expect((await quote(address)).status).toBe(200);
    expect((await buy(address)).status).toBe(201);
  });

  it("counts each address on its own", async () => {
    for (let guess = 1; guess <= LIMIT; guess++) await quote("203.0.113.20", `WRONG${guess}`);
    expectTooMany(await quote("203.0.113.20", "WRONG4"));

    expect((await quote("203.0.113.21", "WRONG1")).body.error?.code).toBe("discount_invalid");
    const other = await quote("203.0.113.21", "HOLIDAY15");
    expect(other.status).toBe(200);
    expect(other.body.discountCents).toBe(600);
  });

  it("lets no burst of parallel quotes with a valid code count against the address", async () => {
    const address = "203.0.113.40";
    const answers = await Promise.all(Array.from({ length: 30 }, () => quote(address, "HOLIDAY15")));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(30).fill(200));
    const left = await shop.db
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", `discount:ip:${address}`)
      .executeTakeFirst();
    expect(left?.hits ?? 0).toBe(0);
    expect((await quote(address, "HOLIDAY15")).status).toBe(200);
  });

  it("refuses an address once a burst of parallel guesses has filled its count", async () => {
    // Counted after each answer: the guesses in flight as the count fills may all be answered.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => quote("203.0.113.30", `BURST${n}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 422).length).toBeGreaterThanOrEqual(LIMIT);
    expect(statuses.every((status) => status === 422 || status === 429)).toBe(true);
    expectTooMany(await quote("203.0.113.30", "BURST12"));
    expectTooMany(await quote("203.0.113.30", "HOLIDAY15"));
  });
});
