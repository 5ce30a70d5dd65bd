import type { Insertable } from "kysely";
import { type Db, transaction } from "~/.server/db";
import type { DiscountTable } from "~/.server/db/schema";
import { bumpPricingVersion as bumpVersion } from "~/.server/pricing/version";
import { ZONE_PRESETS } from "~/lib/us-states";

/**
 * The owner's shipping and tax setup written straight to the tables, as the
 * back office would, and the version moved the back office's way, so every
 * process reads it again on its next quote (app/.server/pricing/setup.ts).
 */
export const bumpPricingVersion = (db: Db) => transaction(db, (trx) => bumpVersion(trx));

export async function addZone(db: Db, name: string, states: readonly string[]) {
  const { id } = await db.insertInto("shipping_zones").values({ name }).returning("id").executeTakeFirstOrThrow();
  await db
    .insertInto("shipping_zone_states")
    .values(states.map((state) => ({ state, zone_id: id })))
    .execute();
  return id;
}

export async function addRate(
  db: Db,
  zoneId: number,
  rate: { name: string; priceCents: number; condition?: "always" | "subtotal" | "weight"; from?: number; to?: number },
) {
  const row = await db
    .insertInto("shipping_rates")
    .values({
      zone_id: zoneId,
      name: rate.name,
      price_cents: rate.priceCents,
      estimate: "3–5 business days",
      condition: rate.condition ?? "always",
      range_from: rate.from ?? null,
      range_to: rate.to ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await bumpPricingVersion(db);
  return row.id;
}

const preset = (name: string) => ZONE_PRESETS.find((zone) => zone.name === name)!.codes;

/**
 * DESIGN.md's example: Contiguous US with a $6.95 flat rate, free from $75,
 * and a free letter rate for carts under $1 (to reach the 1–49 cent
 * refusal); US territories with a rate of its own; Texas taxed at 6.25 %,
 * shipping included. Alaska is in no zone.
 */
export async function setUpShippingAndTax(db: Db) {
  const contiguous = await addZone(db, "Contiguous US", preset("Contiguous US"));
  const standard = await addRate(db, contiguous, { name: "Standard", priceCents: 695 });
  const free = await addRate(db, contiguous, {
    name: "Free shipping",
    priceCents: 0,
    condition: "subtotal",
    from: 7500,
  });
  const letter = await addRate(db, contiguous, { name: "Letter mail", priceCents: 0, condition: "subtotal", to: 100 });
  const territories = await addZone(db, "US territories", preset("US territories"));
  const territoryMail = await addRate(db, territories, { name: "Territory mail", priceCents: 1495 });
  await db.insertInto("tax_states").values({ state: "TX", rate_millionths: 62_500, taxes_shipping: 1 }).execute();
  await bumpPricingVersion(db);
  return { standard, free, letter, territoryMail };
}

export async function setRatePrice(db: Db, id: number, priceCents: number) {
  await db.updateTable("shipping_rates").set({ price_cents: priceCents }).where("id", "=", id).execute();
  await bumpPricingVersion(db);
}

/** An owner's discount code as /admin/discounts would save it: 15 % off, any number of uses, active, unless `fields` say otherwise. */
export async function addDiscountCode(db: Db, fields: Partial<Insertable<DiscountTable>> & { code: string }) {
  const row = await db
    .insertInto("discounts")
    .values({ kind: "percent", value: 15, once_per_customer: 0, active: 1, created_at: Date.now(), ...fields })
    .returning("id")
    .executeTakeFirstOrThrow();
  await bumpPricingVersion(db);
  return row.id;
}

/** How many orders hold the code, pending or paid: its redemptions. */
export const usesOf = async (db: Db, code: string) =>
  Number(
    (
      await db
        .selectFrom("discount_redemptions")
        .innerJoin("discounts", "discounts.id", "discount_redemptions.discount_id")
        .select((eb) => eb.fn.countAll<number>().as("uses"))
        .where("code", "=", code)
        .executeTakeFirstOrThrow()
    ).uses,
  );

/** The code's Total uses counter (`DiscountTable.uses`), which only a code with a limit keeps. */
export const counterOf = async (db: Db, code: string) =>
  (await db.selectFrom("discounts").select("uses").where("code", "=", code).executeTakeFirstOrThrow()).uses;

/** HOLIDAY15 as the owner's /admin/discounts form posts it: 15 % off, blank fields as the form sends them. */
export const holidayForm = {
  intent: "save",
  id: "",
  code: "holiday15",
  kind: "percent",
  value: "15",
  minimum: "",
  starts: "",
  ends: "",
  totalUses: "",
  active: "on",
};
