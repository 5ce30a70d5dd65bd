import { type Db, type Trx, transaction } from "../db";
import type { RateForm } from "~/lib/pricing-schemas";
import { describeRateCondition, formatRatePrice } from "~/lib/rate-condition";
import { US_STATES, ZONE_PRESETS, usStateByCode } from "~/lib/us-states";
import type { Actor } from "./activity";
import { recordPricingChange } from "./pricing-change";

/**
 * The owner's shipping setup (issue #31, `/admin/shipping`): zones of US
 * states, a state in one zone at most, and each zone's rates. Every change
 * is one transaction with its activity entry and a new pricing version, so
 * every process quotes with it from the next quote on.
 */

interface Options {
  actor: Actor;
  now: number;
}

export type ShippingOutcome = { kind: "done"; notice: string } | { kind: "refused"; field: string; message: string };

const stateOrder = new Map(US_STATES.map((state, index) => [state.code, index]));
const byStateOrder = (codes: string[]) => codes.sort((a, b) => (stateOrder.get(a) ?? 0) - (stateOrder.get(b) ?? 0));
const stateNames = (codes: readonly string[]) => codes.map((code) => usStateByCode(code)?.name ?? code);

/** The zones in the order they were made (the first is the shopper's until she enters a state), with states and rates. */
export async function listShippingZones(db: Db) {
  const [zones, states, rates] = await Promise.all([
    db.selectFrom("shipping_zones").select(["id", "name"]).orderBy("id").execute(),
    db.selectFrom("shipping_zone_states").select(["state", "zone_id"]).execute(),
    db.selectFrom("shipping_rates").selectAll().orderBy("price_cents").orderBy("id").execute(),
  ]);
  return zones.map((zone) => ({
    ...zone,
    states: stateNames(byStateOrder(states.filter((row) => row.zone_id === zone.id).map((row) => row.state))),
    rates: rates
      .filter((rate) => rate.zone_id === zone.id)
      .map((rate) => ({
        id: rate.id,
        name: rate.name,
        price: formatRatePrice(rate.price_cents),
        estimate: rate.estimate,
        condition: describeRateCondition(rate.condition, rate.range_from, rate.range_to),
      })),
  }));
}

/** The zone each state is in, by code: the New zone form says so beside the state. */
export async function zoneOfEachState(db: Db): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom("shipping_zone_states as s")
    .innerJoin("shipping_zones as z", "z.id", "s.zone_id")
    .select(["s.state", "z.name"])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.state, row.name]));
}

async function createZoneIn(trx: Trx, name: string, codes: readonly string[], field: string, options: Options) {
  const taken = await trx.selectFrom("shipping_zones").select("id").where("name", "=", name).executeTakeFirst();
  if (taken) return { kind: "refused", field, message: `There is a zone “${name}” already.` } as const;
  const inZones = await trx
    .selectFrom("shipping_zone_states as s")
    .innerJoin("shipping_zones as z", "z.id", "s.zone_id")
    .select(["s.state", "z.name"])
    .where("s.state", "in", codes)
    .execute();
  if (inZones.length > 0) {
    const [first] = inZones.sort((a, b) => (stateOrder.get(a.state) ?? 0) - (stateOrder.get(b.state) ?? 0));
    const others = inZones.length > 1 ? ` (and ${inZones.length - 1} more)` : "";
    const message = `${stateNames([first!.state])[0]}${others} is in the zone “${first!.name}” already.`;
    return { kind: "refused", field, message } as const;
  }
  const zone = await trx.insertInto("shipping_zones").values({ name }).returning("id").executeTakeFirstOrThrow();
  await trx
    .insertInto("shipping_zone_states")
    .values(codes.map((state) => ({ state, zone_id: zone.id })))
    .execute();
  const states = byStateOrder([...codes]).join(", ");
  const entry = {
    action: "shipping.zone_created",
    subjectType: "shipping",
    subject: name,
    after: { name, states },
  } as const;
  await recordPricingChange(trx, entry, options);
  return { kind: "done", notice: `Zone “${name}” added.` } as const;
}

/** New zone: a name no zone has, and states no zone holds. */
export function createZone(
  db: Db,
  zone: { name: string; states: readonly string[] },
  options: Options,
): Promise<ShippingOutcome> {
  return transaction(db, (trx) => createZoneIn(trx, zone.name, [...new Set(zone.states)], "states", options));
}

/** One of the usual zones, by its name: refused as New zone would be. */
export function addPresetZone(db: Db, presetName: string, options: Options): Promise<ShippingOutcome> {
  const preset = ZONE_PRESETS.find((candidate) => candidate.name === presetName);
  if (!preset) return Promise.resolve({ kind: "refused", field: "preset", message: "Choose one of the usual zones." });
  return transaction(db, (trx) => createZoneIn(trx, preset.name, preset.codes, "preset", options));
}

/** Deletes a zone with its states and rates. */
export function deleteZone(db: Db, id: number, options: Options): Promise<ShippingOutcome> {
  return transaction(db, async (trx) => {
    const zone = await trx.selectFrom("shipping_zones").select("name").where("id", "=", id).executeTakeFirst();
    if (!zone) return { kind: "refused", field: "zone", message: "That zone no longer exists." };
    const states = await trx.selectFrom("shipping_zone_states").select("state").where("zone_id", "=", id).execute();
    const rates = await trx
      .selectFrom("shipping_rates")
      .select("name")
      .where("zone_id", "=", id)
      .orderBy("id")
      .execute();
    await trx.deleteFrom("shipping_rates").where("zone_id", "=", id).execute();
    await trx.deleteFrom("shipping_zone_states").where("zone_id", "=", id).execute();
    await trx.deleteFrom("shipping_zones").where("id", "=", id).execute();
    const before = {
      name: zone.name,
      states: byStateOrder(states.map((row) => row.state)).join(", "),
      rates: rates.map((rate) => rate.name).join(", "),
    };
    const entry = { action: "shipping.zone_deleted", subjectType: "shipping", subject: zone.name, before } as const;
    await recordPricingChange(trx, entry, options);
    return { kind: "done", notice: `Zone “${zone.name}” and its rates are deleted.` };
  });
}

const rateValues = (rate: { name: string; price_cents: number; estimate: string | null } & ConditionColumns) => ({
  name: rate.name,
  price: formatRatePrice(rate.price_cents),
  estimate: rate.estimate,
  condition: describeRateCondition(rate.condition, rate.range_from, rate.range_to),
});
type ConditionColumns = {
  condition: "always" | "subtotal" | "weight";
  range_from: number | null;
  range_to: number | null;
};

/** Add rate: to a zone that still exists. */
export function addRate(db: Db, rate: RateForm, options: Options): Promise<ShippingOutcome> {
  return transaction(db, async (trx) => {
    const zone = await trx.selectFrom("shipping_zones").select("name").where("id", "=", rate.zoneId).executeTakeFirst();
    if (!zone) return { kind: "refused", field: "name", message: "That zone no longer exists." };
    const row = {
      zone_id: rate.zoneId,
      name: rate.name,
      price_cents: rate.price,
      estimate: rate.estimate,
      condition: rate.condition,
      range_from: rate.from,
      range_to: rate.to,
    };
    await trx.insertInto("shipping_rates").values(row).execute();
    const entry = {
      action: "shipping.rate_added",
      subjectType: "shipping",
      subject: zone.name,
      after: rateValues(row),
    } as const;
    await recordPricingChange(trx, entry, options);
    return { kind: "done", notice: `Rate “${rate.name}” added to ${zone.name}.` };
  });
}

/** Deletes one rate. */
export function deleteRate(db: Db, id: number, options: Options): Promise<ShippingOutcome> {
  return transaction(db, async (trx) => {
    const rate = await trx
      .selectFrom("shipping_rates as r")
      .innerJoin("shipping_zones as z", "z.id", "r.zone_id")
      .select(["r.name", "r.price_cents", "r.estimate", "r.condition", "r.range_from", "r.range_to", "z.name as zone"])
      .where("r.id", "=", id)
      .executeTakeFirst();
    if (!rate) return { kind: "refused", field: "rate", message: "That rate no longer exists." };
    await trx.deleteFrom("shipping_rates").where("id", "=", id).execute();
    const entry = {
      action: "shipping.rate_deleted",
      subjectType: "shipping",
      subject: rate.zone,
      before: rateValues(rate),
    } as const;
    await recordPricingChange(trx, entry, options);
    return { kind: "done", notice: `Rate “${rate.name}” deleted from ${rate.zone}.` };
  });
}
