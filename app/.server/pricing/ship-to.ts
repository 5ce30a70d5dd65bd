import { normalizeZip, usStateOf } from "~/lib/us-states";
import type { PricingSetup } from "./setup";

/** Where an order ships, as the rates and the tax look it up: a two-letter code and a five-digit ZIP. */
export interface ShipTo {
  state: string | undefined;
  zip: string | undefined;
}

export type ShipToResult =
  { kind: "ship_to"; address: ShipTo } | { kind: "invalid_address"; fields: Record<string, string> };

/**
 * The ship-to state and ZIP as typed, read against the setup. With nothing
 * set up any text goes (SPEC's free-text State), and nothing is looked up.
 * Once a zone or a tax state exists, the state must be one of
 * lib/us-states.ts (its code or its name) and the ZIP five digits or ZIP+4;
 * a blank one is left for later (the quote's panel before the address).
 */
export function shipTo(setup: PricingSetup, typed: { state?: string; zip?: string }): ShipToResult {
  if (!setup.isSetUp) return { kind: "ship_to", address: { state: undefined, zip: undefined } };
  const fields: Record<string, string> = {};
  const stateText = typed.state?.trim() ?? "";
  const zipText = typed.zip?.trim() ?? "";
  const state = stateText === "" ? undefined : usStateOf(stateText)?.code;
  if (stateText !== "" && !state) fields["shipping.state"] = "State must be a US state, DC or a US territory";
  const zip = zipText === "" ? undefined : normalizeZip(zipText);
  if (zipText !== "" && !zip) fields["shipping.zip"] = "ZIP code must be five digits, or ZIP+4";
  if (Object.keys(fields).length > 0) return { kind: "invalid_address", fields };
  return { kind: "ship_to", address: { state, zip } };
}
