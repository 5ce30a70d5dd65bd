import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { insertOrders, orderRow } from "../helpers/order-rows";
import { signedInOwner } from "../helpers/owner";
import { PostgresFaults } from "../helpers/postgres-faults";
import { type CheckoutAnswer, type Shop, checkoutBody, openShop, request } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";
import { visibleText } from "../helpers/visible-text";
import { holidayForm } from "../helpers/pricing-setup";

const textOf = visibleText;

const HOLIDAY = holidayForm;

describe(`the owner's discount codes, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, name: "Fig Leaf" }] });
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop.close());

  const post = (fields: Record<string, string>) => owner.postForm("/admin/discounts", fields);
  const codes = () => shop.db.selectFrom("discounts").selectAll().orderBy("id").execute();
  const activity = (action: string) =>
    shop.db.selectFrom("activity").selectAll().where("action", "=", action).orderBy("id").execute();
  const everything = async () => ({
    codes: await codes(),
    activity: await shop.db.selectFrom("activity").select("id").execute(),
  });

  const pendingOrders = (count: number) =>
    Array.from({ length: count }, () => orderRow({ status: "pending_payment", paid_at: null }));
  /** Inserts `orders` holding the code `id`, its redemptions and, while it has a limit, its uses, as checkouts do. */
  const redeemedBy = async (id: number, orders: Parameters<typeof insertOrders>[1]) => {
    const orderIds = await insertOrders(shop.db, orders);
    await shop.db
      .insertInto("discount_redemptions")
      .values(orderIds.map((order_id) => ({ order_id, discount_id: id, email_key: null })))
      .execute();
    await shop.db
      .updateTable("discounts")
      .set((eb) => ({ uses: eb("uses", "+", orders.length) }))
      .where("id", "=", id)
      .where("max_uses", "is not", null)
      .execute();
  };

  it("creates a code in capitals, lists it, and refuses the same code in another letter case", async () => {
    expect(textOf((await owner.get("/admin/discounts")).html)).toContain("No code yet");
    const created = await post(HOLIDAY);
    expect(created.status).toBe(200);
    expect(textOf(created.html)).toContain("HOLIDAY15 saved.");
    expect(await codes()).toMatchObject([
      { code: "HOLIDAY15", kind: "percent", value: 15, max_uses: null, uses: 0, once_per_customer: 0, active: 1 },
    ]);
    const [entry] = await activity("discount.created");
    expect(entry).toMatchObject({ subject_type: "discount", subject: "HOLIDAY15", before: null });
    expect(JSON.parse(entry!.after!)).toMatchObject({ code: "HOLIDAY15", kind: "Percent off", value: "15 % off" });
    expect(textOf((await owner.get("/admin/discounts")).html)).toContain(
      "HOLIDAY15 · 15 % off 0 uses · $0.00 sales · $0.00 discount given",
    );

    const before = await everything();
    const again = await post({ ...HOLIDAY, code: "Holiday15", value: "20" });
    expect(again.status).toBe(409);
    expect(textOf(again.html)).toContain("There is a code HOLIDAY15 already.");
    expect(await everything()).toEqual(before);
  });

  it("refuses every bad field beside it, changing nothing", async () => {
    const before = await everything();
    for (const [fields, message] of [
      [{ code: "HOLIDAY-15" }, "Use letters and digits only, up to 32, like HOLIDAY15."],
      [{ code: "" }, "Use letters and digits only, up to 32, like HOLIDAY15."],
      [{ kind: "bogo" }, "Choose a kind."],
      [{ value: "0" }, "Enter a whole percent from 1 to 100."],
      [{ value: "101" }, "Enter a whole percent from 1 to 100."],
      [{ value: "12.5" }, "Enter a whole percent from 1 to 100."],
      [{ kind: "amount", value: "ten" }, "Enter the dollars off, like 10."],
      [{ kind: "amount", value: "0" }, "Enter the dollars off, like 10."],
      [{ kind: "free_shipping", value: "5" }, "Free shipping has no value: leave it empty."],
      [{ minimum: "-5" }, "Enter dollars above 0, like 50, or leave it empty."],
      [{ starts: "2026-02-30" }, "Enter a date, like 2026-12-01, or leave it empty."],
      [{ starts: "2026-12-24", ends: "2026-12-01" }, "Ends must be on or after Starts."],
      [{ totalUses: "0" }, "Enter a whole number of uses, 1 or more, or leave it empty."],
      [{ totalUses: "1.5" }, "Enter a whole number of uses, 1 or more, or leave it empty."],
    ] as [Record<string, string>, string][]) {
      const answer = await post({ ...HOLIDAY, code: "NEWCODE", ...fields });
      expect(answer.status, message).toBe(400);
      expect(textOf(answer.html), message).toContain(message);
    }
    expect((await post({ ...HOLIDAY, intent: "bogus" })).status).toBe(400);
    expect(await everything()).toEqual(before);
  });

  it("edits a code with before and after logged, never below its uses, and deactivates it", async () => {
    const created = await post({
      ...HOLIDAY,
      code: "WELCOME10",
      kind: "amount",
      value: "10",
      minimum: "40",
      starts: "2026-12-01",
      ends: "2026-12-24",
      totalUses: "5",
      oncePerCustomer: "on",
    });
    expect(created.status).toBe(200);
    const welcome = (await codes()).find((row) => row.code === "WELCOME10")!;
    expect(welcome).toMatchObject({
      kind: "amount",
      value: 1000,
      minimum_subtotal_cents: 4000,
      starts_on: "2026-12-01",
      ends_on: "2026-12-24",
      max_uses: 5,
      once_per_customer: 1,
    });
    // Two paid orders and a pending one hold the code: 3 uses, and the paid ones are its sales.
    await redeemedBy(welcome.id, [
      orderRow({ amount_cents: 3500, subtotal_cents: 4500, discount_cents: 1000, status: "paid" }),
      orderRow({ amount_cents: 4000, subtotal_cents: 5000, discount_cents: 1000, status: "shipped" }),
      orderRow({ amount_cents: 9000, subtotal_cents: 10000, discount_cents: 1000, status: "pending_payment" }),
    ]);
    const page = textOf((await owner.get("/admin/discounts")).html);
    expect(page).toContain("WELCOME10 · $10.00 off 3 of 5 uses · $75.00 sales · $20.00 discount given");
    expect(textOf((await owner.get(`/admin/discounts?edit=${welcome.id}`)).html)).toContain("Edit WELCOME10");

    const edit = { ...HOLIDAY, id: String(welcome.id), code: "WELCOME10", kind: "amount", value: "10", minimum: "40" };
    const lower = await post({ ...edit, totalUses: "2" });
    expect(lower.status).toBe(409);
    expect(textOf(lower.html)).toContain("It has been used 3 times already: the limit can't be lower.");

    expect((await post({ ...edit, value: "12.50", totalUses: "3" })).status).toBe(200);
    const [edited] = await activity("discount.edited");
    expect(JSON.parse(edited!.before!)).toMatchObject({ value: "$10.00 off", totalUses: 5, oncePerCustomer: "yes" });
    expect(JSON.parse(edited!.after!)).toMatchObject({ value: "$12.50 off", totalUses: 3, oncePerCustomer: "no" });

    const off = await post({ intent: "deactivate", id: String(welcome.id) });
    expect(textOf(off.html)).toContain("WELCOME10 is inactive now.");
    const [deactivated] = await activity("discount.deactivated");
    expect(JSON.parse(deactivated!.before!)).toMatchObject({ active: "yes" });
    expect(JSON.parse(deactivated!.after!)).toMatchObject({ active: "no" });
    expect(textOf((await owner.get("/admin/discounts")).html)).toContain("WELCOME10 · $12.50 off · Inactive");
    expect((await post({ intent: "deactivate", id: "999999" })).status).toBe(409);
  });

  it("applies a save and a deactivation from the next checkout: a code without a limit, kept in memory, is read again", async () => {
    expect((await post({ ...HOLIDAY, code: "NOW5", value: "5" })).status).toBe(200);
    const { id } = (await codes()).find((row) => row.code === "NOW5")!;
    const { price_cents: price } = await shop.db
      .selectFrom("variants")
      .select("price_cents")
      .where("product_id", "=", 1001)
      .executeTakeFirstOrThrow();
    const buy = (expectedTotalCents: number) =>
      request<CheckoutAnswer & { quote?: { discountCode: string; totalCents: number } }>(`${shop.url}/api/checkout`, {
        body: { ...checkoutBody([{ id: 1001, quantity: 1 }]), discountCode: "now5", expectedTotalCents },
      });
    const off = (percent: number) => price - Math.round((price * percent) / 100);

    expect((await buy(off(5))).status).toBe(201);
    expect((await post({ ...HOLIDAY, id: String(id), code: "NOW5", value: "20" })).status).toBe(200);
    const before20 = await buy(off(5));
    expect(before20.body.error?.code).toBe("total_changed");
    expect(before20.body.quote).toMatchObject({ discountCode: "NOW5", totalCents: off(20) });
    expect((await buy(off(20))).status).toBe(201);

    expect((await post({ intent: "deactivate", id: String(id) })).status).toBe(200);
    const inactive = await buy(off(20));
    expect(inactive.status).toBe(409);
    expect(inactive.body.error?.code).toBe("discount_invalid");
  });

  it("refuses a code deactivated after a checkout read its setup: the redemption needs it active", async () => {
    expect((await post({ ...HOLIDAY, code: "RACED", value: "5" })).status).toBe(200);
    const { price_cents: price } = await shop.db
      .selectFrom("variants")
      .select("price_cents")
      .where("product_id", "=", 1001)
      .executeTakeFirstOrThrow();
    const buy = () =>
      request<CheckoutAnswer>(`${shop.url}/api/checkout`, {
        body: {
          ...checkoutBody([{ id: 1001, quantity: 1 }]),
          discountCode: "raced",
          expectedTotalCents: price - Math.round(price * 0.05),
        },
      });
    expect((await buy()).status).toBe(201);
    // The owner's deactivation as a checkout already under way meets it: committed after its setup was read.
    await shop.db.updateTable("discounts").set({ active: 0 }).where("code", "=", "RACED").execute();
    const refused = await buy();
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe("discount_invalid");
    expect(
      await shop.db
        .selectFrom("discount_redemptions")
        .innerJoin("discounts", "discounts.id", "discount_redemptions.discount_id")
        .select("order_id")
        .where("code", "=", "RACED")
        .execute(),
    ).toHaveLength(1);
  });

  /** A new code with Total uses 10, held by `uses` pending orders as checkouts would have redeemed it; its id. */
  const codeUsed = async (code: string, uses: number) => {
    expect((await post({ ...HOLIDAY, code, totalUses: "10" })).status).toBe(200);
    const { id } = (await codes()).find((row) => row.code === code)!;
    await redeemedBy(id, pendingOrders(uses));
    return id;
  };
  const lowered = (id: number, code: string, totalUses: string) =>
    post({ ...HOLIDAY, id: String(id), code, totalUses });
  const USED_5_TIMES = "It has been used 5 times already: the limit can't be lower.";

  it("refuses Total uses below the uses beside the field, changing nothing", async () => {
    const id = await codeUsed("SPRING15", 5);
    const before = await everything();
    const answer = await lowered(id, "SPRING15", "3");
    expect(answer.status).toBe(409);
    expect(textOf(answer.html)).toContain(USED_5_TIMES);
    expect(await everything()).toEqual(before);
  });

  it.runIf(testEngine === "postgres")(
    "refuses Total uses below the uses a checkout takes while the save runs, beside the field, changing nothing",
    async () => {
      const id = await codeUsed("SUMMER15", 3);
      const [first, second] = await insertOrders(shop.db, pendingOrders(2));
      const faults = await PostgresFaults.open(shop.database);
      try {
        // A checkout takes two uses and their redemptions; the save waits for the code's row until it commits.
        const checkout = await faults.holdTransaction("update discounts set uses = uses + 2 where id = $1", [id]);
        await checkout.query("insert into discount_redemptions (order_id, discount_id) values ($1, $3), ($2, $3)", [
          first,
          second,
          id,
        ]);
        const saving = lowered(id, "SUMMER15", "4");
        await faults.blockedBackend(/^select .* for update$/, checkout);
        await checkout.commit();
        const before = await everything();
        const answer = await saving;
        expect(answer.status).toBe(409);
        expect(textOf(answer.html)).toContain(USED_5_TIMES);
        expect(await everything()).toEqual(before);
        expect((await codes()).find((row) => row.id === id)).toMatchObject({ uses: 5, max_uses: 10 });
      } finally {
        await faults.close();
      }
    },
  );

  it("answers an id no row can have as a stale page, never 500, changing nothing", async () => {
    const before = await everything();
    for (const id of ["2147483648", "9007199254740991"]) {
      for (const fields of [
        { intent: "deactivate", id },
        { ...HOLIDAY, code: "HUGE", id },
      ]) {
        const answer = await post(fields);
        expect(answer.status, `${fields.intent} ${id}`).toBe(400);
        expect(textOf(answer.html)).toContain("Reload the page and try again.");
      }
    }
    // As an unknown id does: the form for a new code.
    const editing = await owner.get("/admin/discounts?edit=9007199254740991");
    expect(editing.status).toBe(200);
    expect(textOf(editing.html)).toContain("New code");
    expect(await everything()).toEqual(before);
  });
});
