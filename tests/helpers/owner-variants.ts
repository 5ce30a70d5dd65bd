import { expect } from "vitest";
import type { Db } from "~/.server/db";
import type { BrowserSession } from "./browser-session";
import { accountedStock, adjustedStock } from "./shop-db";

/**
 * What the back office's variant suites share (admin-variant-options.test.ts,
 * admin-variant-rows.test.ts): the product page's variant forms as the page
 * posts them, and what the tests read back.
 */

export const textOf = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** A product's variants as stored: those for sale in the owner's order, then the archived ones. */
export const variantsOf = (db: Db, productId: number) =>
  db
    .selectFrom("variants")
    .select(["id", "option_values", "price_cents", "stock", "sku", "weight", "image", "available", "archived"])
    .where("product_id", "=", productId)
    .orderBy("archived")
    .orderBy("position")
    .orderBy("id")
    .execute();

/** The id of a product's variant (not archived) with these values. */
export const variantId = async (db: Db, productId: number, values: string[]) =>
  (await variantsOf(db, productId)).find((row) => row.archived === 0 && row.option_values === JSON.stringify(values))!
    .id;

/** The Options form: up to three slots of a name and its values ("8 oz, 12 oz"), the rest left blank. */
export function saveOptions(owner: BrowserSession, productId: number, slots: [string, string][]) {
  const form = new URLSearchParams({ intent: "options" });
  for (const [name, values] of [...slots, ["", ""], ["", ""], ["", ""]].slice(0, 3) as [string, string][]) {
    form.append("optionName", name);
    form.append("optionValues", values);
  }
  // Three slots with the same names, as the page posts them: postForm takes one value a name.
  return owner.send(`/admin/products/${productId}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
}

/** A variant's row: Photo the first and Available ticked unless `fields` say otherwise; an unticked box (undefined) is not sent. */
export function saveVariantRow(owner: BrowserSession, productId: number, fields: Record<string, string | undefined>) {
  const all = { intent: "variant", image: "", available: "on", ...fields };
  return owner.postForm(
    `/admin/products/${productId}`,
    Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  );
}

export const lastActivity = (db: Db) =>
  db.selectFrom("activity").select(["action", "before", "after"]).orderBy("id", "desc").executeTakeFirstOrThrow();

export const catalogVersion = async (db: Db) =>
  (await db.selectFrom("catalog_version").select("version").execute()).reduce((sum, row) => sum + row.version, 0);

/** DESIGN's invariant, per variant: variants at 0 on both sides are left out. */
export async function expectInvariant(db: Db) {
  const held = (stock: Record<number, number>) =>
    Object.fromEntries(Object.entries(stock).filter(([, units]) => units !== 0));
  expect(held(await accountedStock(db))).toEqual(held(await adjustedStock(db)));
}
