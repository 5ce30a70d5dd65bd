import type { Trx } from "../db";
import { bumpPricingVersion } from "../pricing/version";
import { type ActivityEntry, type Actor, recordActivity } from "./activity";

/** The end of every shipping or tax change: its activity entry, then the new pricing version, in its transaction. */
export async function recordPricingChange(trx: Trx, entry: ActivityEntry, options: { actor: Actor; now: number }) {
  await recordActivity(trx, options.actor, entry, options.now);
  await bumpPricingVersion(trx);
}
