import { TAX_RATE_SCALE } from "~/lib/tax-rate";

/** A state where the owner collects: its rate in millionths (lib/tax-rate.ts), and whether shipping is taxed. */
export interface TaxState {
  state: string;
  rateMillionths: number;
  taxesShipping: boolean;
}

/** A combined local rate for one five-digit ZIP code of a state; it replaces the state's rate there. */
export interface ZipTaxRate {
  state: string;
  zip: string;
  rateMillionths: number;
}

/** The tax setup indexed for lookups, built once per settings version rather than per quote. */
export interface TaxTable {
  states: ReadonlyMap<string, TaxState>;
  zipRates: ReadonlyMap<string, number>;
}

// A ZIP's rate counts only with its own state, so a mistyped state never borrows another state's local rate.
const zipKey = (state: string, zip: string) => `${state} ${zip}`;

export function taxTable(states: readonly TaxState[], zipRates: readonly ZipTaxRate[]): TaxTable {
  return {
    states: new Map(states.map((taxState) => [taxState.state, taxState])),
    zipRates: new Map(zipRates.map((rate) => [zipKey(rate.state, rate.zip), rate.rateMillionths])),
  };
}

/** The rate an order pays, kept on the order: `zip` is set when a ZIP rate replaced the state's. */
export interface AppliedTaxRate {
  state: string;
  zip: string | null;
  rateMillionths: number;
  taxesShipping: boolean;
}

/** The rate for a ship-to state and five-digit ZIP; undefined outside the tax states. */
export function taxRateFor(
  table: TaxTable,
  state: string | undefined,
  zip: string | undefined,
): AppliedTaxRate | undefined {
  const taxState = state === undefined ? undefined : table.states.get(state);
  if (!taxState) return undefined;
  const zipRate = zip === undefined ? undefined : table.zipRates.get(zipKey(taxState.state, zip));
  if (zip !== undefined && zipRate !== undefined) return { ...taxState, zip, rateMillionths: zipRate };
  return { ...taxState, zip: null };
}

/**
 * The tax on an amount of cents (not negative), rounded half up to the
 * cent. In BigInt: an amount past $450 million times 20 % would leave
 * Number's exact integers, and the caller's cap on order totals should not
 * be what keeps tax right.
 */
export function taxOnCents(cents: number, rateMillionths: number): number {
  const scale = BigInt(TAX_RATE_SCALE);
  return Number((BigInt(cents) * BigInt(rateMillionths) + scale / 2n) / scale);
}

export interface SalesTax {
  rate: AppliedTaxRate | undefined;
  itemsTaxCents: number;
  shippingTaxCents: number;
  taxCents: number;
}

/** An order's tax: each line's rounded on its own and summed, and the shipping's where the state taxes it. */
export function salesTax(
  rate: AppliedTaxRate | undefined,
  lineTotalsCents: readonly number[],
  shippingCents: number,
): SalesTax {
  if (!rate) return { rate, itemsTaxCents: 0, shippingTaxCents: 0, taxCents: 0 };
  const itemsTaxCents = lineTotalsCents.reduce((sum, cents) => sum + taxOnCents(cents, rate.rateMillionths), 0);
  const shippingTaxCents = rate.taxesShipping ? taxOnCents(shippingCents, rate.rateMillionths) : 0;
  return { rate, itemsTaxCents, shippingTaxCents, taxCents: itemsTaxCents + shippingTaxCents };
}
