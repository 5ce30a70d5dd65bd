import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { type Shop, openShop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";
import { ZONE_PRESETS } from "~/lib/us-states";

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe(`the owner's shipping zones and rates, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({
      Wax: [
        { id: 1001, name: "Fig Leaf" },
        { id: 1002, name: "Sea Salt" },
      ],
    });
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop.close());

  /** A shipping form as the page posts it; `state` may repeat, as the New zone checkboxes do. */
  const post = (fields: Readonly<Record<string, string | readonly string[] | undefined>>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      for (const one of typeof value === "string" ? [value] : (value ?? [])) body.append(name, one);
    return owner.send("/admin/shipping", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
  };
  const version = async () =>
    (await shop.db.selectFrom("pricing_version").select("version").executeTakeFirstOrThrow()).version;
  const zoneStates = async (name: string) =>
    (
      await shop.db
        .selectFrom("shipping_zone_states as s")
        .innerJoin("shipping_zones as z", "z.id", "s.zone_id")
        .select("s.state")
        .where("z.name", "=", name)
        .orderBy("s.state")
        .execute()
    ).map((row) => row.state);
  const zoneId = async (name: string) =>
    (await shop.db.selectFrom("shipping_zones").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  const rates = () =>
    shop.db
      .selectFrom("shipping_rates")
      .select(["name", "price_cents", "estimate", "condition", "range_from", "range_to"])
      .orderBy("id")
      .execute();
  const activity = (action: string) =>
    shop.db.selectFrom("activity").selectAll().where("action", "=", action).orderBy("id").execute();
  const everything = async () => ({
    zones: await shop.db.selectFrom("shipping_zones").selectAll().orderBy("id").execute(),
    states: await shop.db.selectFrom("shipping_zone_states").selectAll().orderBy("state").execute(),
    rates: await shop.db.selectFrom("shipping_rates").selectAll().orderBy("id").execute(),
    activity: await shop.db.selectFrom("activity").select("id").execute(),
    version: await version(),
  });

  it("shows an empty screen with nothing set up, and the nav links to it", async () => {
    const page = await owner.get("/admin/shipping");
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain("No shipping zone yet");
    expect(page.html).toMatch(/<a[^>]*href="\/admin\/shipping"[^>]*>Shipping<\/a>/);
    expect(page.html).toMatch(/<a[^>]*href="\/admin\/tax"[^>]*>Tax<\/a>/);
  });

  it("adds each usual zone with its states once, logging it and moving the pricing version", async () => {
    for (const preset of ZONE_PRESETS) {
      const before = await version();
      const answer = await post({ intent: "preset", preset: preset.name });
      expect(answer.status).toBe(200);
      expect(textOf(answer.html)).toContain(`Zone “${preset.name}” added.`);
      expect(await zoneStates(preset.name)).toEqual([...preset.codes].sort());
      expect(await version()).toBe(before + 1);
    }
    expect(await zoneStates("Contiguous US")).toHaveLength(49);
    const [entry] = await activity("shipping.zone_created");
    expect(entry).toMatchObject({ subject_type: "shipping", subject: "Contiguous US", before: null });
    expect(JSON.parse(entry!.after!)).toMatchObject({ name: "Contiguous US", states: expect.stringContaining("OR") });

    const before = await everything();
    const again = await post({ intent: "preset", preset: "Alaska and Hawaii" });
    expect(again.status).toBe(409);
    expect(textOf(again.html)).toContain("There is a zone “Alaska and Hawaii” already.");
    expect((await post({ intent: "preset", preset: "Europe" })).status).toBe(400);
    expect(await everything()).toEqual(before);
  });

  it("refuses a custom zone with a state of another zone (naming it), no state or no name; deleting frees the states", async () => {
    const before = await everything();
    for (const [fields, message] of [
      [
        { intent: "zone", name: "West", state: ["WA", "OR"] },
        "Oregon (and 1 more) is in the zone “Contiguous US” already.",
      ],
      [{ intent: "zone", name: "Islands", state: ["HI"] }, "Hawaii is in the zone “Alaska and Hawaii” already."],
      [{ intent: "zone", name: "Nowhere" }, "Choose at least one state."],
      [{ intent: "zone", name: "  ", state: ["OR"] }, "Give the zone a name."],
      [{ intent: "zone", name: "Bad", state: ["ZZ"] }, "Choose states from the list."],
    ] as const) {
      const answer = await post(fields);
      expect(answer.status, message).toBeGreaterThanOrEqual(400);
      expect(textOf(answer.html)).toContain(message);
    }
    expect(await everything()).toEqual(before);

    const west = await everything();
    await post({ intent: "deleteZone", id: String(await zoneId("Contiguous US")) });
    const added = await post({ intent: "zone", name: "Pacific Northwest", state: ["WA", "OR", "ID"] });
    expect(textOf(added.html)).toContain("Zone “Pacific Northwest” added.");
    expect(await zoneStates("Pacific Northwest")).toEqual(["ID", "OR", "WA"]);
    expect(await version()).toBe(west.version + 2);
    const [deleted] = await activity("shipping.zone_deleted");
    expect(JSON.parse(deleted!.before!)).toMatchObject({ name: "Contiguous US" });
  });

  it("adds rates with each condition, refuses bad prices and ranges beside the field, and deletes rates and zones with their rates", async () => {
    const zone = String(await zoneId("Pacific Northwest"));
    const rate = (fields: Record<string, string>) =>
      post({
        intent: "rate",
        zoneId: zone,
        name: "Ground",
        price: "6.95",
        estimate: "",
        condition: "always",
        ...fields,
      });
    expect(textOf((await rate({ estimate: "3–5 business days" })).html)).toContain(
      "Rate “Ground” added to Pacific Northwest.",
    );
    await rate({ name: "Free over $75", price: "0", condition: "subtotal", from: "75", to: "" });
    await rate({ name: "Light", price: "4.50", condition: "weight", from: "", to: "16" });
    await rate({ name: "Heavy", price: "12", condition: "weight", from: "16", to: "80.5" });
    expect(await rates()).toEqual([
      {
        name: "Ground",
        price_cents: 695,
        estimate: "3–5 business days",
        condition: "always",
        range_from: null,
        range_to: null,
      },
      {
        name: "Free over $75",
        price_cents: 0,
        estimate: null,
        condition: "subtotal",
        range_from: 7500,
        range_to: null,
      },
      { name: "Light", price_cents: 450, estimate: null, condition: "weight", range_from: null, range_to: 1600 },
      { name: "Heavy", price_cents: 1200, estimate: null, condition: "weight", range_from: 1600, range_to: 8050 },
    ]);
    const [added] = await activity("shipping.rate_added");
    expect(JSON.parse(added!.after!)).toEqual({
      name: "Ground",
      price: "$6.95",
      estimate: "3–5 business days",
      condition: "Always",
    });
    const page = textOf((await owner.get("/admin/shipping")).html);
    expect(page).toContain("Order subtotal from $75.00");
    expect(page).toContain("Free over $75 · Free");
    // Products without a weight, while rates by weight exist: named, with links to their pages.
    expect(page).toContain("These products have no weight, so rates by weight cannot price them:");
    expect(page).toMatch(/href="\/admin\/products\/1001"[^>]*>Fig Leaf</);

    const before = await everything();
    for (const [fields, message] of [
      [{ price: "-1" }, "Enter the price in dollars, like 6.95 (0 for free)."],
      [{ price: "6.955" }, "Enter the price in dollars, like 6.95 (0 for free)."],
      [{ price: "abc" }, "Enter the price in dollars, like 6.95 (0 for free)."],
      [{ condition: "subtotal", from: "75", to: "75" }, "From must be below To."],
      [{ condition: "weight", from: "20", to: "10" }, "From must be below To."],
      [{ condition: "subtotal", from: "-5" }, "Enter dollars, like 75, or leave it empty."],
      [{ condition: "weight", to: "heavy" }, "Enter ounces, like 16, or leave it empty."],
      [{ condition: "subtotal", to: "0" }, "To must be above 0."],
      [{ condition: "always", from: "10" }, "Always has no range: leave From and To empty."],
      [{ condition: "sometimes" }, "Choose a condition."],
      [{ name: "" }, "Give the rate a name."],
    ] as const) {
      const answer = await rate(fields);
      expect(answer.status, message).toBe(400);
      expect(textOf(answer.html), JSON.stringify(fields)).toContain(message);
    }
    expect(await everything()).toEqual(before);

    const heavy = await shop.db
      .selectFrom("shipping_rates")
      .select("id")
      .where("name", "=", "Heavy")
      .executeTakeFirstOrThrow();
    expect(textOf((await post({ intent: "deleteRate", id: String(heavy.id) })).html)).toContain("Rate “Heavy” deleted");
    const [deleted] = await activity("shipping.rate_deleted");
    expect(JSON.parse(deleted!.before!)).toMatchObject({
      name: "Heavy",
      condition: "Order weight from 16 oz, under 80.5 oz",
    });
    expect(await version()).toBe(before.version + 1);
    expect((await post({ intent: "deleteRate", id: String(heavy.id) })).status).toBe(409);

    await post({ intent: "deleteZone", id: zone });
    expect(await rates()).toEqual([]);
    expect(await zoneStates("Pacific Northwest")).toEqual([]);
    expect(textOf((await owner.get("/admin/shipping")).html)).not.toContain("These products have no weight");
  });

  it("answers a zone or rate id no row can have as a stale page, never 500, changing nothing", async () => {
    const before = await everything();
    for (const id of ["2147483648", "9007199254740991"]) {
      for (const intent of ["deleteZone", "deleteRate"]) {
        const answer = await post({ intent, id });
        expect(answer.status, `${intent} ${id}`).toBe(400);
        expect(textOf(answer.html)).toContain("Reload the page and try again.");
      }
      const rate = await post({ intent: "rate", zoneId: id, name: "Ground", price: "6.95", condition: "always" });
      expect(rate.status, `rate ${id}`).toBe(400);
    }
    expect(await everything()).toEqual(before);
  });

  it('answers an unknown or a missing intent with 400 and "Unknown action.", changing nothing', async () => {
    const before = await everything();
    for (const fields of [{ intent: "sell-everything" }, { intent: "" }, {}]) {
      const answer = await post(fields);
      expect(answer.status).toBe(400);
      expect(answer.html).toContain("Unknown action.");
    }
    expect(await everything()).toEqual(before);
  });
});
