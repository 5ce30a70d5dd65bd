import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutBody, openShop, request, type CheckoutAnswer, type Shop, shipping } from "../helpers/shop-api";
import { shopState } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

/** Each run is one real request and two reads of the database: enough to find what breaks, bounded in time. */
const RUNS = 150;

const plenty = { id: 701, price: 19.99, stock: 1_000_000 };
const scarce = { id: 702, price: "5.00", stock: 3 };
/** The dearest price an import takes: a few thousand of it overflow any 32-bit total. */
const dearest = { id: 703, price: 1_000_000, stock: 1_000_000 };
const knownIds = [plenty.id, scarce.id, dearest.id];

const junk = fc.anything({ maxDepth: 3, withBigInt: false, withBoxedValues: false, withMap: false, withSet: false });
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "Ada\u0000Lovelace",
    "\u202eevil",
    "🕯️".repeat(60),
    "x".repeat(5_000),
    "<script>alert(1)</script>",
  ),
);
const anyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, 1e308, -0, Number.MAX_SAFE_INTEGER),
);

const id = fc.oneof(
  { arbitrary: fc.constantFrom(...knownIds), weight: 6 },
  fc.constantFrom(999, 2_147_483_647),
  anyNumber,
  anyText,
  junk,
);
const quantity = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 30 }), weight: 4 },
  fc.integer({ min: 1, max: 1000 }),
  anyNumber,
  anyText,
  junk,
);
const line = fc.oneof(
  { arbitrary: fc.record({ id, quantity }), weight: 4 },
  fc.record({ id, quantity }, { requiredKeys: [] }),
  fc.record({ id, quantity, price: anyNumber }),
  junk,
);
const lines = fc.oneof(
  { arbitrary: fc.array(line, { maxLength: 5 }), weight: 4 },
  // Duplicate ids: one item in two lines.
  fc.tuple(fc.constantFrom(...knownIds), fc.integer({ min: 1, max: 5 })).map(([id, quantity]) => [
    { id, quantity },
    { id, quantity },
  ]),
  // Thousands of lines: over the schema's limit, and over the body size limit.
  fc
    .integer({ min: 101, max: 6_000 })
    .map((count) => Array.from({ length: count }, (_, i) => ({ id: knownIds[i % 3], quantity: 1 }))),
  junk,
);

const text = fc.oneof(
  { arbitrary: fc.constantFrom("Ada Lovelace", "12 Wick Lane", "OR"), weight: 3 },
  anyText,
  anyNumber,
  junk,
);
const shippingForm = fc.oneof(
  {
    arbitrary: fc.record({
      name: text,
      address: text,
      city: text,
      state: text,
      zip: fc.oneof(fc.constant("97201"), text),
    }),
    weight: 3,
  },
  fc.record(
    {
      name: text,
      address: text,
      city: text,
      state: text,
      zip: text,
      phone: text,
      email: fc.oneof(fc.emailAddress(), text),
    },
    { requiredKeys: [] },
  ),
  fc.record({
    ...Object.fromEntries(Object.entries(shipping).map(([key, value]) => [key, fc.constant(value)])),
    isAdmin: junk,
  }),
  junk,
);
const idempotencyKey = fc.oneof({ arbitrary: fc.uuid().map((uuid) => `prop-${uuid}`), weight: 4 }, anyText, junk);

/** The request body exactly as sent: mostly JSON of the checkout's shape, bent every way. */
const body: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: fc.record({ idempotencyKey, lines, shipping: shippingForm }), weight: 5 },
    fc.record({ idempotencyKey, lines, shipping: shippingForm }, { requiredKeys: [] }),
    fc.record({ idempotencyKey, lines, shipping: shippingForm, amountCents: anyNumber, status: junk }),
    fc.jsonValue({ maxDepth: 4 }),
  )
  .map((value) => JSON.stringify(value) ?? "null");

/** Bodies that are not JSON at all, or JSON nested far deeper than any real one. */
const notJson = fc.oneof(
  fc.string(),
  fc.integer({ min: 100, max: 5_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
);

/** Units each known item would lose if this body became an order. */
function unitsOrdered(sent: string): Record<number, number> {
  const ordered: Record<number, number> = {};
  for (const { id, quantity } of (JSON.parse(sent) as { lines: { id: number; quantity: number }[] }).lines) {
    ordered[id] = (ordered[id] ?? 0) + quantity;
  }
  return ordered;
}

describe(`POST /api/checkout with generated bodies on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [plenty, scarce, dearest] });
  });
  afterAll(() => shop?.close());

  it("answers 201 (stock moves by exactly the order) or a 4xx with a clear error (nothing moves), never a 5xx", async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof({ arbitrary: body, weight: 9 }, notJson), async (sent) => {
        const before = await shopState(shop.db);
        const answer = await request<CheckoutAnswer>(`${shop.url}/api/checkout`, { body: sent });
        const after = await shopState(shop.db);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);

        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        if (answer.status === 201) {
          const ordered = unitsOrdered(sent);
          for (const productId of knownIds)
            expect(after.stock[productId]).toBe(before.stock[productId]! - (ordered[productId] ?? 0));
          expect(after.orders).toBe(before.orders + 1);
          return;
        }
        expect(after).toEqual(before);
        if (answer.status === 200) return; // the same idempotency key again: the order it made before
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.body.error).toMatchObject({
          code: expect.stringMatching(/^[a-z_]+$/),
          message: expect.stringMatching(/\S/),
        });
      }),
      {
        numRuns: RUNS,
        // What broke before: a total past 32 bits and a NUL (both 500s on PostgreSQL).
        examples: [
          [JSON.stringify(checkoutBody([{ id: plenty.id, quantity: 1 }]))],
          [JSON.stringify(checkoutBody([{ id: dearest.id, quantity: 1000 }]))],
          [JSON.stringify(checkoutBody([{ id: plenty.id, quantity: 1 }], { shipping: { name: "Ada\u0000Lovelace" } }))],
          [JSON.stringify(checkoutBody([{ id: scarce.id, quantity: 4 }]))],
        ],
      },
    );
    // The generators must reach the interesting answers, or the property says little.
    expect(statuses.get(201)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  });
});
