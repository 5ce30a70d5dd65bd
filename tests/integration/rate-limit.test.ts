import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSteps } from "~/.server/db/steps";
import { consumeRateLimit, pruneRateLimits, type RateLimit, rateLimitLeft } from "~/.server/rate-limits";
import { signedInOwner } from "../helpers/owner";
import { startServerProcess } from "../helpers/server-process";
import {
  type CheckoutAnswer,
  checkout,
  checkoutBody,
  newIdempotencyKey,
  openShop,
  type Shop,
} from "../helpers/shop-api";
import { shopState } from "../helpers/shop-db";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

describe(`consumeRateLimit on ${testEngine}`, () => {
  const rule: RateLimit = { limit: 3, windowMs: 60_000 };
  const t0 = Date.UTC(2026, 0, 1);
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.cleanup());

  let keys = 0;
  const newKey = () => `test:${++keys}`;
  const hit = (key: string, now: number, limit: RateLimit = rule) => consumeRateLimit(database.db, key, limit, now);

  it("allows `limit` hits in a window, then refuses with the seconds until the window ends", async () => {
    const key = newKey();
    expect(await hit(key, t0)).toEqual({ kind: "allowed" });
    expect(await hit(key, t0 + 1_000)).toEqual({ kind: "allowed" });
    expect(await hit(key, t0 + 2_000)).toEqual({ kind: "allowed" });
    expect(await hit(key, t0 + 2_000)).toEqual({ kind: "limited", retryAfterSeconds: 58 });
    expect(await hit(key, t0 + 30_500)).toEqual({ kind: "limited", retryAfterSeconds: 30 });
    expect(await hit(key, t0 + 59_999)).toEqual({ kind: "limited", retryAfterSeconds: 1 });
  });

  it("starts a new window once the old one has passed", async () => {
    const key = newKey();
    for (let i = 0; i < rule.limit + 2; i++) await hit(key, t0);
    expect((await hit(key, t0 + rule.windowMs - 1)).kind).toBe("limited");

    const t1 = t0 + rule.windowMs;
    for (let i = 0; i < rule.limit; i++) expect(await hit(key, t1)).toEqual({ kind: "allowed" });
    expect(await hit(key, t1)).toEqual({ kind: "limited", retryAfterSeconds: 60 });
  });

  it("checks a key against its rule without counting a hit", async () => {
    const key = newKey();
    const check = (now: number) => runSteps(database.db, () => rateLimitLeft(database.db, key, rule, now));
    expect(await check(t0)).toEqual({ kind: "allowed" });
    for (let i = 0; i < rule.limit - 1; i++) await hit(key, t0);
    for (let i = 0; i < rule.limit + 2; i++) expect(await check(t0 + 1_000)).toEqual({ kind: "allowed" });
    await hit(key, t0);
    expect(await check(t0 + 2_000)).toEqual({ kind: "limited", retryAfterSeconds: 58 });
    expect(await check(t0 + rule.windowMs)).toEqual({ kind: "allowed" });
    expect(await hit(key, t0 + rule.windowMs)).toEqual({ kind: "allowed" });
  });

  it("counts each key on its own", async () => {
    const [busy, quiet] = [newKey(), newKey()];
    for (let i = 0; i < rule.limit; i++) await hit(busy, t0);
    expect((await hit(busy, t0)).kind).toBe("limited");
    expect(await hit(quiet, t0)).toEqual({ kind: "allowed" });
  });

  it("lets exactly `limit` of a burst of concurrent hits through", async () => {
    const key = newKey();
    const burst = { limit: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 30 }, () => hit(key, t0, burst)));
    expect(results.filter((result) => result.kind === "allowed")).toHaveLength(burst.limit);
  });

  it("prunes windows that started before the cut-off and keeps the rest counting", async () => {
    const [old, current] = [newKey(), newKey()];
    await hit(old, t0 - rule.windowMs);
    for (let i = 0; i < rule.limit; i++) await hit(current, t0);

    expect(await pruneRateLimits(database.db, t0 - rule.windowMs + 1)).toBeGreaterThanOrEqual(1);
    const left = await database.db.selectFrom("rate_limits").select("key").where("key", "in", [old, current]).execute();
    expect(left).toEqual([{ key: current }]);
    expect((await hit(current, t0)).kind).toBe("limited");
  });

  it("never lets two concurrent hits both take the last slot", async () => {
    for (let round = 0; round < 20; round++) {
      const key = newKey();
      for (let i = 0; i < rule.limit - 1; i++) await hit(key, t0);
      const [first, second] = await Promise.all([hit(key, t0), hit(key, t0)]);
      expect([first.kind, second.kind].sort()).toEqual(["allowed", "limited"]);
    }
  });
});

describe(`CHECKOUT_ATTEMPTS_PER_IP on ${testEngine}`, () => {
  const LIMIT = 4;
  const candle = { id: 1201, stock: 100 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle] }, { CHECKOUT_ATTEMPTS_PER_IP: String(LIMIT) });
  });
  afterAll(() => shop?.close());

  it(`counts ${LIMIT} checkouts from one address across server processes, one refused for stock among them, then answers 429 with Retry-After and reserves nothing`, async () => {
    // A second process on the same database: the count lives in the database, so both agree.
    const other = await startServerProcess({ ...shop.database.env, CHECKOUT_ATTEMPTS_PER_IP: String(LIMIT) });
    try {
      // A request the schema refuses reserves nothing and is not counted.
      expect((await checkout(shop, [{ id: candle.id, quantity: 0 }])).status).toBe(400);
      expect((await checkout(shop, [{ id: candle.id, quantity: 1 }])).status).toBe(201);
      expect((await checkout(other, [{ id: candle.id, quantity: 1 }])).status).toBe(201);
      expect((await checkout(shop, [{ id: candle.id, quantity: 1 }])).status).toBe(201);
      // Refused for stock, it is counted all the same: the count is kept by the refusing transaction.
      expect((await checkout(other, [{ id: candle.id, quantity: candle.stock }])).status).toBe(409);

      const before = await shopState(shop.db);
      for (const server of [shop, other]) {
        const refused = await checkout(server, [{ id: candle.id, quantity: 1 }]);
        expect(refused.status).toBe(429);
        // The 15-minute window began with the first checkout, seconds ago: it lifts in 15 minutes, or 14.
        const retryAfter = Number(refused.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThan(14 * 60);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
        expect(refused.body.error).toEqual({
          code: "too_many_attempts",
          message: `Too many checkouts from this connection. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
        });
      }
      expect(await shopState(shop.db)).toEqual(before);
    } finally {
      await other.stop();
    }
  });

  it("counts none of the signed-in owner's checkouts from that address, while a guest's are still refused", async () => {
    const owner = await signedInOwner(shop);
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      const answer = await owner.postJson<CheckoutAnswer>(
        "/api/checkout",
        checkoutBody([{ id: candle.id, quantity: 1 }]),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    expect((await checkout(shop, [{ id: candle.id, quantity: 1 }])).status).toBe(429);
  });
});

describe(`a checkout sent again with its key, on ${testEngine}`, () => {
  const LIMIT = 3;
  const candle = { id: 1201, stock: 100 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [candle] }, { CHECKOUT_ATTEMPTS_PER_IP: String(LIMIT) });
  });
  afterAll(() => shop?.close());

  it("counts against its address like any checkout: the same order while the address may, then 429", async () => {
    const lines = [{ id: candle.id, quantity: 1 }];
    const key = { idempotencyKey: newIdempotencyKey() };
    const placed = await checkout(shop, lines, key);
    expect(placed.status).toBe(201);
    for (let again = 2; again <= LIMIT; again++) {
      const answer = await checkout(shop, lines, key);
      expect(answer.status).toBe(200);
      expect(answer.body.order?.number).toBe(placed.body.order?.number);
    }
    const refused = await checkout(shop, lines, key);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe("too_many_attempts");
    expect((await shopState(shop.db)).stock).toMatchObject({ [candle.id]: candle.stock - 1 });
  });
});

describe(`finished rate-limit windows on a running shop on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.cleanup());

  it("are deleted by the server's jobs; windows still counting stay", async () => {
    const now = Date.now();
    // The longest window by default is an hour (payments per address).
    await database.db
      .insertInto("rate_limits")
      .values([
        { key: "auth:ip:203.0.113.7", window_start: now - 2 * 60 * 60_000, hits: 40 },
        { key: "checkout:ip:203.0.113.8", window_start: now - 5 * 60_000, hits: 2 },
      ])
      .execute();

    const server = await startServerProcess(database.env);
    try {
      const keys = () => database.db.selectFrom("rate_limits").select("key").orderBy("key").execute();
      await waitFor(async () => (await keys()).length === 1, { what: "the finished window to be deleted" });
      expect(await keys()).toEqual([{ key: "checkout:ip:203.0.113.8" }]);
    } finally {
      await server.stop();
    }
  });
});
