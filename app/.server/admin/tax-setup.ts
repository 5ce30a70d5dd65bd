import { type Db, transaction } from "../db";
import type { ZipTaxRate } from "../pricing/sales-tax";
import { millionthsToPercent } from "~/lib/tax-rate";
import { US_STATES, usStateByCode } from "~/lib/us-states";
import type { Actor } from "./activity";
import { recordPricingChange } from "./pricing-change";

/**
 * The owner's sales tax setup (issue #31, `/admin/tax`): the states where
 * she collects, each with its rate and whether shipping is taxed, and the
 * optional ZIP rates that replace a state's rate. Every change is one
 * transaction with its activity entry and a new pricing version.
 */

interface Options {
  actor: Actor;
  now: number;
}

export type TaxOutcome = { kind: "done"; notice: string } | { kind: "refused"; field: string; message: string };

const stateName = (code: string) => usStateByCode(code)?.name ?? code;
const stateOrder = new Map(US_STATES.map((state, index) => [state.code, index]));
const byStateOrder = <T extends { state: string }>(rows: T[]) =>
  rows.sort((a, b) => (stateOrder.get(a.state) ?? 0) - (stateOrder.get(b.state) ?? 0));

/** The tax states by name, and how many ZIP rates each state has (a state may have some before it is a tax state). */
export async function listTaxSetup(db: Db) {
  const [states, zipCounts] = await Promise.all([
    db.selectFrom("tax_states").selectAll().execute(),
    db
      .selectFrom("tax_zip_rates")
      .select((eb) => ["state", eb.fn.countAll<number>().as("n")])
      .groupBy("state")
      .execute(),
  ]);
  const zipRatesOf = new Map(zipCounts.map((row) => [row.state, Number(row.n)]));
  return {
    states: byStateOrder(states).map((row) => ({
      state: row.state,
      name: stateName(row.state),
      rate: millionthsToPercent(row.rate_millionths),
      taxesShipping: row.taxes_shipping === 1,
      zipRates: zipRatesOf.get(row.state) ?? 0,
    })),
    zipRates: byStateOrder(zipCounts.map((row) => ({ state: row.state, count: Number(row.n) }))).map((row) => ({
      ...row,
      name: stateName(row.state),
    })),
  };
}

const taxValues = (rateMillionths: number, taxesShipping: boolean) => ({
  rate: `${millionthsToPercent(rateMillionths)} %`,
  shipping: taxesShipping ? "taxed" : "not taxed",
});

/** Add state: a new tax state, or a new rate and shipping rule for one already there. */
export function saveTaxState(
  db: Db,
  taxState: { state: string; rateMillionths: number; taxesShipping: boolean },
  options: Options,
): Promise<TaxOutcome> {
  const name = stateName(taxState.state);
  return transaction(db, async (trx) => {
    const before = await trx
      .selectFrom("tax_states")
      .selectAll()
      .where("state", "=", taxState.state)
      .executeTakeFirst();
    const row = {
      state: taxState.state,
      rate_millionths: taxState.rateMillionths,
      taxes_shipping: taxState.taxesShipping ? 1 : 0,
    };
    if (before && before.rate_millionths === row.rate_millionths && before.taxes_shipping === row.taxes_shipping)
      return { kind: "done", notice: `Nothing changed: ${name} is at that rate already.` };
    await trx
      .insertInto("tax_states")
      .values(row)
      .onConflict((conflict) =>
        conflict
          .column("state")
          .doUpdateSet({ rate_millionths: row.rate_millionths, taxes_shipping: row.taxes_shipping }),
      )
      .execute();
    await recordPricingChange(
      trx,
      {
        action: before ? "tax.state_changed" : "tax.state_added",
        subjectType: "tax",
        subject: name,
        ...(before ? { before: taxValues(before.rate_millionths, before.taxes_shipping === 1) } : {}),
        after: taxValues(row.rate_millionths, taxState.taxesShipping),
      },
      options,
    );
    const rate = `${millionthsToPercent(row.rate_millionths)} %`;
    return { kind: "done", notice: before ? `${name} is now at ${rate}.` : `${name} added at ${rate}.` };
  });
}

/** Stops collecting in a state; its ZIP rates stay, and count again if the state is added back. */
export function removeTaxState(db: Db, state: string, options: Options): Promise<TaxOutcome> {
  const name = stateName(state);
  return transaction(db, async (trx) => {
    const before = await trx.selectFrom("tax_states").selectAll().where("state", "=", state).executeTakeFirst();
    if (!before) return { kind: "refused", field: "state", message: `${name} is not a tax state.` };
    await trx.deleteFrom("tax_states").where("state", "=", state).execute();
    await recordPricingChange(
      trx,
      {
        action: "tax.state_removed",
        subjectType: "tax",
        subject: name,
        before: taxValues(before.rate_millionths, before.taxes_shipping === 1),
      },
      options,
    );
    return { kind: "done", notice: `${name} removed: no sales tax is collected there now.` };
  });
}

// Three values a row: well under SQLite's and PostgreSQL's limits on a statement's parameters.
const INSERT_BATCH = 500;

/** A validated ZIP rate table (zip-rates-csv.ts): replaces the ZIP rates of the states it names, and only theirs. */
export function replaceZipRates(
  db: Db,
  upload: { rates: readonly ZipTaxRate[]; states: readonly string[] },
  options: Options,
): Promise<TaxOutcome> {
  return transaction(db, async (trx) => {
    const counts = await trx
      .selectFrom("tax_zip_rates")
      .select((eb) => ["state", eb.fn.countAll<number>().as("n")])
      .where("state", "in", upload.states)
      .groupBy("state")
      .execute();
    await trx.deleteFrom("tax_zip_rates").where("state", "in", upload.states).execute();
    for (let start = 0; start < upload.rates.length; start += INSERT_BATCH) {
      const batch = upload.rates.slice(start, start + INSERT_BATCH);
      await trx
        .insertInto("tax_zip_rates")
        .values(batch.map((rate) => ({ state: rate.state, zip: rate.zip, rate_millionths: rate.rateMillionths })))
        .execute();
    }
    const after: Record<string, number> = {};
    for (const rate of upload.rates) after[stateName(rate.state)] = (after[stateName(rate.state)] ?? 0) + 1;
    const before = Object.fromEntries(
      upload.states.map((state) => [stateName(state), Number(counts.find((row) => row.state === state)?.n ?? 0)]),
    );
    await recordPricingChange(
      trx,
      { action: "tax.zip_rates_uploaded", subjectType: "tax", subject: "ZIP rates", before, after },
      options,
    );
    const names = upload.states.map(stateName).join(", ");
    return { kind: "done", notice: `${zipRatesCount(upload.rates.length)} saved for ${names}.` };
  });
}

const zipRatesCount = (count: number) => `${count.toLocaleString("en-US")} ZIP ${count === 1 ? "rate" : "rates"}`;

/** The states the shop taxes: the only ones a ZIP rate upload may name. */
export async function taxStateCodes(db: Db): Promise<ReadonlySet<string>> {
  const rows = await db.selectFrom("tax_states").select("state").execute();
  return new Set(rows.map((row) => row.state));
}

/** Remove ZIP rates: a state's ZIP rates go, tax state or not, so its own rate applies across it. */
export function removeZipRates(db: Db, state: string, options: Options): Promise<TaxOutcome> {
  const name = stateName(state);
  return transaction(db, async (trx) => {
    const removed = await trx.deleteFrom("tax_zip_rates").where("state", "=", state).executeTakeFirst();
    const count = Number(removed.numDeletedRows);
    if (count === 0) return { kind: "refused", field: "page", message: `${name} has no ZIP rates.` };
    await recordPricingChange(
      trx,
      { action: "tax.zip_rates_removed", subjectType: "tax", subject: "ZIP rates", before: { [name]: count } },
      options,
    );
    return { kind: "done", notice: `${zipRatesCount(count)} of ${name} removed.` };
  });
}
