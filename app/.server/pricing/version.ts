import type { Trx } from "../db";

/**
 * Moves the pricing version (one row, id 1), so every process reads the
 * shipping and tax setup and the discount codes again before its next
 * quote. Run it in the transaction that changes zones, rates, tax states,
 * ZIP rates or codes: a reader never sees the new version before the change
 * it announces.
 */
export async function bumpPricingVersion(trx: Trx) {
  await trx
    .updateTable("pricing_version")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}
