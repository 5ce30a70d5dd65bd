import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeRateLimit, type RateLimit } from "~/.server/rate-limit";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

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
    expect(await hit(key, t0)).toEqual({ allowed: true });
    expect(await hit(key, t0 + 1_000)).toEqual({ allowed: true });
    expect(await hit(key, t0 + 2_000)).toEqual({ allowed: true });
    expect(await hit(key, t0 + 2_000)).toEqual({ allowed: false, retryAfterSeconds: 58 });
    expect(await hit(key, t0 + 30_500)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await hit(key, t0 + 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("starts a new window once the old one has passed", async () => {
    const key = newKey();
    for (let i = 0; i < rule.limit + 2; i++) await hit(key, t0);
    expect((await hit(key, t0 + rule.windowMs - 1)).allowed).toBe(false);

    const t1 = t0 + rule.windowMs;
    for (let i = 0; i < rule.limit; i++) expect(await hit(key, t1)).toEqual({ allowed: true });
    expect(await hit(key, t1)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("counts each key on its own", async () => {
    const [busy, quiet] = [newKey(), newKey()];
    for (let i = 0; i < rule.limit; i++) await hit(busy, t0);
    expect((await hit(busy, t0)).allowed).toBe(false);
    expect(await hit(quiet, t0)).toEqual({ allowed: true });
  });

  it("lets exactly `limit` of a burst of concurrent hits through", async () => {
    const key = newKey();
    const burst = { limit: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 30 }, () => hit(key, t0, burst)));
    expect(results.filter((result) => result.allowed)).toHaveLength(burst.limit);
  });

  it("never lets two concurrent hits both take the last slot", async () => {
    for (let round = 0; round < 20; round++) {
      const key = newKey();
      for (let i = 0; i < rule.limit - 1; i++) await hit(key, t0);
      const [first, second] = await Promise.all([hit(key, t0), hit(key, t0)]);
      expect([first.allowed, second.allowed].sort()).toEqual([false, true]);
    }
  });
});
