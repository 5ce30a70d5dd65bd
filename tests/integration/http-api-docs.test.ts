import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import { ZONE_PRESETS } from "~/lib/us-states";
import { type DocExample, docExamples, runExample } from "../helpers/doc-examples";
import { addDiscountCode, addRate, addZone, bumpPricingVersion } from "../helpers/pricing-setup";
import { repoRoot } from "../helpers/run-script";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";
import { giveOptions } from "../helpers/variants";

/** Examples the guide shows but a fresh shop cannot answer within a test's time, each with why. */
const NOT_RUN: Record<string, string> = {
  "409 order_expired": "an unpaid order holds its stock for 15 minutes",
  "400 order_too_large": "the demo's candles, at most 1,000 of each, come to less than one payment can take",
  "502 payment_unavailable": "needs a payment provider that does not answer",
  "400 invalid_signature": "needs a shop with Stripe's keys",
  "503 unavailable": "needs the database out of reach",
};
const notRunKey = (example: DocExample) => `${example.status} ${example.code}`;

/** What the owner set up before each section's examples, as the guide says in its words. */
const SETUPS: Record<string, (db: Db) => Promise<unknown>> = {
  "Products with options": (db) =>
    giveOptions(
      db,
      1006,
      [{ name: "Size", values: ["8 oz", "12 oz"] }],
      [
        { id: 10061, values: ["8 oz"], priceCents: 1750, stock: 8 },
        { id: 10062, values: ["12 oz"], priceCents: 2550, stock: 7 },
      ],
    ),
  "Discount codes": async (db) => {
    await addDiscountCode(db, { code: "HOLIDAY15" });
    await addDiscountCode(db, { code: "SUMMER25", value: 25, ends_on: "2025-08-31" });
    await addDiscountCode(db, { code: "WINTER20", value: 20, starts_on: "2099-12-01" });
    await addDiscountCode(db, { code: "BIG10", kind: "amount", value: 1000, minimum_subtotal_cents: 6000 });
    await addDiscountCode(db, { code: "FIRST5", value: 5, max_uses: 1 });
    await addDiscountCode(db, { code: "WELCOME10", value: 10, once_per_customer: 1 });
    await addDiscountCode(db, { code: "VOUCHER", kind: "amount", value: 1950 });
  },
  "Shipping and sales tax": async (db) => {
    const contiguous = ZONE_PRESETS.find((zone) => zone.name === "Contiguous US")!;
    const zone = await addZone(db, contiguous.name, contiguous.codes);
    await addRate(db, zone, { name: "USPS Ground Advantage", priceCents: 695 });
    await addRate(db, zone, { name: "Free over $75", priceCents: 0, condition: "subtotal", from: 7500 });
    await db.insertInto("tax_states").values({ state: "TX", rate_millionths: 62_500, taxes_shipping: 1 }).execute();
    await bumpPricingVersion(db);
  },
};

const guide = fs.readFileSync(path.join(repoRoot, "docs/http-api.md"), "utf8");

describe(`docs/http-api.md's examples on ${testEngine}`, () => {
  const examples = docExamples(guide);
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    // A shop as `npm start` makes it: the demo catalog, and the shop's own limits.
    server = await startServerProcess(database.env, { liftLimits: false });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  it("shows every example it does not run, and each only once", () => {
    expect(Object.keys(SETUPS).every((section) => guide.includes(`\n## ${section}\n`))).toBe(true);
    for (const key of Object.keys(NOT_RUN))
      expect(
        examples.filter((e) => notRunKey(e) === key),
        key,
      ).toHaveLength(1);
  });

  it("gives, run in order against a fresh shop, the status and error code written under each", async () => {
    const healthzToken = fs.readFileSync(path.join(database.env.DATA_DIR, "healthz-token"), "utf8").trim();
    const env: Record<string, string> = { SHOP: server.url, HEALTHZ_TOKEN: healthzToken };
    const setUp = new Set<string>();
    let ran = 0;
    for (const [index, example] of examples.entries()) {
      if (NOT_RUN[notRunKey(example)]) continue;
      if (SETUPS[example.section] && !setUp.has(example.section)) {
        await SETUPS[example.section]!(database.db);
        setUp.add(example.section);
      }
      const answer = await runExample(example, env, index + 2);
      const where = `${example.section}, example ${index + 1}:\n${example.script}\nanswered:\n${answer.output.slice(-1500)}`;
      expect(answer.status, where).toBe(example.status);
      if (example.code) expect(answer.body?.error?.code, where).toBe(example.code);
      // $ORDER and $TOKEN: the first order placed.
      const { number, accessToken } = answer.body?.order ?? {};
      if (!env.ORDER && number && accessToken) Object.assign(env, { ORDER: number, TOKEN: accessToken });
      ran++;
    }
    expect(setUp.size).toBe(Object.keys(SETUPS).length);
    expect(ran).toBeGreaterThan(40);
  }, 120_000);
});
