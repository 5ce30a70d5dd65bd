import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireUnpaidOrders } from "~/.server/orders/expiry";
import { discountShopper, openDiscountShop } from "../helpers/discount-checkout";
import { signedInOwner } from "../helpers/owner";
import { addDiscountCode, usesOf } from "../helpers/pricing-setup";
import type { Shop } from "../helpers/shop-api";
import { orderByNumber } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

const DAY_MS = 24 * 60 * 60_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

describe(`discount codes in the quote and at checkout, on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openDiscountShop();
  });
  afterAll(() => shop?.close());
  const { quote, buyWith, otherProcess } = discountShopper(() => shop);

  const addCode = (fields: Parameters<typeof addDiscountCode>[1]) => addDiscountCode(shop.db, fields);
  const uses = (code: string) => usesOf(shop.db, code);
  it("quotes a code typed in any letter case with its Discount line and the new total", async () => {
    await addCode({ code: "HOLIDAY15" });
    const answer = await quote("holiday15");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      subtotalCents: 4000,
      discountCents: 600,
      totalCents: 3400,
      discountCode: "HOLIDAY15",
    });
    expect(await uses("HOLIDAY15")).toBe(0);
  });

  it("refuses a code from the quote with 422, its code, a plain sentence and the quote without it", async () => {
    await addCode({ code: "OLD", ends_on: day(-2) });
    await addCode({ code: "LATER", starts_on: "2099-12-01" });
    await addCode({ code: "BIG", minimum_subtotal_cents: 5000 });
    await addCode({ code: "GONE", max_uses: 1, uses: 1 });
    await addCode({ code: "OFF", active: 0 });
    for (const [code, error, message] of [
      ["NOPE", "discount_invalid", "That code isn't valid."],
      ["off", "discount_invalid", "That code isn't valid."],
      ["HOLIDAY-15", "discount_invalid", "That code isn't valid."],
      // Not looked up: PostgreSQL would refuse the NUL byte with an error.
      ["a\u0000b", "discount_invalid", "That code isn't valid."],
      ["old", "discount_expired", "That code has expired."],
      ["later", "discount_not_started", "That code starts on December 1, 2099."],
      ["big", "discount_minimum", "Add $10.00 more to use this code."],
      ["gone", "discount_used_up", "That code has been used up."],
    ]) {
      const answer = await quote(code!);
      expect(answer.status, code).toBe(422);
      expect(answer.body.error, code).toEqual({ code: error, message });
      expect(answer.body.quote, code).toMatchObject({ subtotalCents: 4000, discountCents: 0, totalCents: 4000 });
    }
    expect((await quote("big", 2)).body).toMatchObject({ discountCents: 1200, totalCents: 6800 });
  });

  it("places an order with the code, counted once, and refuses a refused code with 409 and the quote without it", async () => {
    const placed = await buyWith("Holiday15", { expectedTotalCents: 3400 });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ amountCents: 3400, subtotalCents: 4000, discountCents: 600 });
    expect(await orderByNumber(shop.db, placed.body.order!.number)).toMatchObject({
      discount_cents: 600,
      discount_code: "HOLIDAY15",
      discount_kind: "percent",
      amount_cents: 3400,
    });
    expect(await uses("HOLIDAY15")).toBe(1);

    const refused = await buyWith("gone");
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe("discount_used_up");
    expect(refused.body.quote).toMatchObject({ discountCents: 0, totalCents: 4000 });
    const notACode = await buyWith("a\u0000b");
    expect(notACode.status).toBe(409);
    expect(notACode.body.error?.code).toBe("discount_invalid");
    expect(notACode.body.quote).toMatchObject({ discountCents: 0, totalCents: 4000 });
    expect(await shop.db.selectFrom("discount_redemptions").select("order_id").execute()).toHaveLength(1);
  });

  it("answers total_changed with the quote to a checkout with a code and no total, and places it with the total seen", async () => {
    await addCode({ code: "SEENIT", kind: "amount", value: 500 });
    const unseen = await buyWith("SEENIT");
    expect(unseen.status).toBe(409);
    expect(unseen.body.error?.code).toBe("total_changed");
    expect(unseen.body.quote).toMatchObject({
      subtotalCents: 4000,
      discountCents: 500,
      totalCents: 3500,
      discountCode: "SEENIT",
    });
    expect(await uses("SEENIT")).toBe(0);
    const seen = await buyWith("SEENIT", { expectedTotalCents: 3500 });
    expect(seen.status).toBe(201);
    expect(seen.body.order).toMatchObject({ amountCents: 3500, discountCents: 500 });
  });

  it("gives exactly one of twenty parallel checkouts a code with one use", async () => {
    await addCode({ code: "ONCE", max_uses: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => buyWith("ONCE", { expectedTotalCents: 3400 })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const answer of answers.filter((one) => one.status === 409)) {
      expect(answer.body.error?.code).toBe("discount_used_up");
      expect(answer.body.quote).toMatchObject({ discountCents: 0, totalCents: 4000 });
    }
    expect(await uses("ONCE")).toBe(1);
    const withCode = await shop.db.selectFrom("orders").select("id").where("discount_code", "=", "ONCE").execute();
    expect(withCode).toHaveLength(1);
  });

  it("lets one email use a one-per-customer code once, in any letter case, and asks for an email", async () => {
    await addCode({ code: "WELCOME10", kind: "amount", value: 1000, once_per_customer: 1 });
    expect((await buyWith("WELCOME10", { email: "Grace@Example.com", expectedTotalCents: 3000 })).status).toBe(201);
    const again = await buyWith("welcome10", { email: "grace@example.COM" });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: "discount_once_per_customer", message: "You've already used this code." });
    expect(again.body.quote).toMatchObject({ discountCents: 0, totalCents: 4000 });
    const noEmail = await buyWith("WELCOME10");
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.error?.fields).toEqual({
      "shipping.email": "Enter your email to use this code: it can be used once per customer.",
    });
    expect((await buyWith("WELCOME10", { email: "ada@example.com", expectedTotalCents: 3000 })).status).toBe(201);
    expect(await uses("WELCOME10")).toBe(2);
  });

  it("gives an expired unpaid order's use and redemption back once, however many expiry runs race for it", async () => {
    await addCode({ code: "SINGLE", max_uses: 1, once_per_customer: 1 });
    const sawCode = { expectedTotalCents: 3400 };
    const placed = await buyWith("SINGLE", { email: "lin@example.com", ...sawCode });
    expect(placed.status).toBe(201);
    expect((await buyWith("SINGLE", { email: "kai@example.com", ...sawCode })).body.error?.code).toBe(
      "discount_used_up",
    );
    const other = otherProcess();
    try {
      const now = Date.now() + DAY_MS;
      const runs = await Promise.all([expireUnpaidOrders(shop.db, now), expireUnpaidOrders(other.db, now)]);
      const expired = runs.flat().filter((order) => order.number === placed.body.order!.number);
      expect(expired).toHaveLength(1);
    } finally {
      await other.db.destroy();
    }
    expect(await uses("SINGLE")).toBe(0);
    const order = await orderByNumber(shop.db, placed.body.order!.number);
    const redemption = shop.db.selectFrom("discount_redemptions").select("order_id").where("order_id", "=", order.id);
    expect(await redemption.execute()).toEqual([]);
    expect((await buyWith("SINGLE", { email: "lin@example.com", ...sawCode })).status).toBe(201);
    expect(await uses("SINGLE")).toBe(1);
  });

  it("keeps a pending order's code when its key comes back with a new address", async () => {
    await addCode({ code: "KEYED", kind: "amount", value: 500 });
    const key = "disc-same-key-0001";
    const placed = await buyWith("KEYED", { expectedTotalCents: 3500 }, key);
    expect(placed.status).toBe(201);
    const moved = await buyWith("keyed", { city: "Salem", expectedTotalCents: 3500 }, key);
    expect(moved.status).toBe(200);
    expect(moved.body.order).toMatchObject({
      number: placed.body.order!.number,
      discountCents: 500,
      amountCents: 3500,
    });
    expect(await orderByNumber(shop.db, placed.body.order!.number)).toMatchObject({
      shipping_city: "Salem",
      discount_code: "KEYED",
      discount_cents: 500,
    });
    expect(await uses("KEYED")).toBe(1);
  });

  it("moves a one-per-customer use to the new email when a pending order's key comes back with it", async () => {
    await addCode({ code: "FIRSTORDER", kind: "amount", value: 1000, once_per_customer: 1 });
    const key = "disc-same-key-0002";
    const sawCode = { expectedTotalCents: 3000 };
    const placed = await buyWith("FIRSTORDER", { email: "first@example.com", ...sawCode }, key);
    expect(placed.status).toBe(201);
    const renamed = await buyWith("FIRSTORDER", { email: "Second@example.com", ...sawCode }, key);
    expect(renamed.status).toBe(200);
    expect(renamed.body.order).toMatchObject({ number: placed.body.order!.number, amountCents: 3000 });

    const secondAgain = await buyWith("firstorder", { email: "second@example.com", ...sawCode });
    expect(secondAgain.status).toBe(409);
    expect(secondAgain.body.error?.code).toBe("discount_once_per_customer");
    expect(secondAgain.body.quote).toMatchObject({ discountCents: 0, totalCents: 4000 });
    expect((await buyWith("FIRSTORDER", { email: "first@example.com", ...sawCode })).status).toBe(201);
    expect(await uses("FIRSTORDER")).toBe(2);

    // Back to an email that has used the code since: refused, and the order stays as it was.
    const refused = await buyWith("FIRSTORDER", { email: "FIRST@example.com", city: "Salem", ...sawCode }, key);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "discount_once_per_customer",
      message: "You've already used this code.",
    });
    expect(refused.body.quote).toMatchObject({ discountCents: 0, totalCents: 4000 });
    expect(await orderByNumber(shop.db, placed.body.order!.number)).toMatchObject({
      email: "Second@example.com",
      shipping_city: "Portland",
      discount_code: "FIRSTORDER",
      amount_cents: 3000,
    });
    expect(await uses("FIRSTORDER")).toBe(2);
  });

  it("keeps a pending order's code, its use and its discount when the owner renamed the code", async () => {
    const id = await addCode({ code: "TENOFF", kind: "amount", value: 1000 });
    const key = "disc-same-key-0003";
    const placed = await buyWith("TENOFF", { expectedTotalCents: 3000 }, key);
    expect(placed.status).toBe(201);
    const owner = await signedInOwner(shop);
    const edit = { intent: "save", id: String(id), kind: "amount", value: "10", active: "on" };
    const saved = await owner.postForm("/admin/discounts", {
      ...edit,
      ...{ code: "TENOFFX", minimum: "", starts: "", ends: "", totalUses: "" },
    });
    expect(saved.status).toBe(200);

    // The panel still holds the code as the shopper typed it; the code's new name is the same code too.
    for (const [typed, city] of [
      ["TENOFF", "Salem"],
      ["tenoffx", "Eugene"],
      ["TENOFF", "Bend"],
    ]) {
      const moved = await buyWith(typed, { city, expectedTotalCents: 3000 }, key);
      expect(moved.status, typed).toBe(200);
      expect(moved.body.order).toMatchObject({
        number: placed.body.order!.number,
        discountCents: 1000,
        amountCents: 3000,
      });
      expect(await orderByNumber(shop.db, placed.body.order!.number)).toMatchObject({
        shipping_city: city,
        discount_code: "TENOFF",
        discount_cents: 1000,
      });
    }
    expect(await uses("TENOFFX")).toBe(1);
    expect(
      await shop.db.selectFrom("discount_redemptions").select("discount_id").where("discount_id", "=", id).execute(),
    ).toHaveLength(1);
  });
});
