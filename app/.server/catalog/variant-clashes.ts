import type { Db } from "../db";
import { type CatalogFile, entryName } from "./file";
import { variantName } from "./file-variants";

/** Ids and SKUs per query: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH_SIZE = 500;

interface NamedVariant {
  where: string;
  productId: number;
  id: number;
  sku: string | undefined;
}

/**
 * What the file's variants would take from other products in the shop,
 * named as the file's own errors are, or undefined. A variant id is the
 * row its orders and stock records point at, so one of another product's
 * (sold and archived, or not) is never taken over. A SKU may move between
 * the file's products, but not away from a product the file leaves as it
 * is (without `replace`: it keeps its variants).
 */
export async function variantClash(db: Db, file: CatalogFile, options: { replace: boolean }) {
  const named: NamedVariant[] = file.flatMap((category, index) =>
    category.items.flatMap((item, itemIndex) =>
      (item.variants ?? []).map((variant, variantIndex) => ({
        where: entryName(
          { index, title: category.title },
          { index: itemIndex, id: item.id },
          variantName(variant.options, variantIndex),
        ),
        productId: item.id,
        id: variant.id,
        sku: variant.sku,
      })),
    ),
  );
  const listed = new Set(file.flatMap((category) => category.items.map((item) => item.id)));
  for (let start = 0; start < named.length; start += BATCH_SIZE) {
    const batch = named.slice(start, start + BATCH_SIZE);
    const owners = new Map(
      (
        await db
          .selectFrom("variants")
          .select(["id", "product_id"])
          .where(
            "id",
            "in",
            batch.map((variant) => variant.id),
          )
          .execute()
      ).map((row) => [row.id, row.product_id]),
    );
    for (const variant of batch) {
      const owner = owners.get(variant.id);
      if (owner !== undefined && owner !== variant.productId)
        return `${variant.where}: field "id": the variant id ${variant.id} is product ${owner}'s in the shop`;
    }
    if (options.replace) continue;
    const skus = batch.flatMap((variant) => (variant.sku === undefined ? [] : [variant.sku]));
    if (skus.length === 0) continue;
    const holders = new Map(
      (
        await db
          .selectFrom("variants")
          .select(["sku", "product_id"])
          .where("sku", "in", skus)
          .where("archived", "=", 0)
          .execute()
      ).map((row) => [row.sku, row.product_id]),
    );
    for (const variant of batch) {
      const holder = variant.sku === undefined ? undefined : holders.get(variant.sku);
      if (holder !== undefined && !listed.has(holder))
        return `${variant.where}: field "sku": the SKU "${variant.sku}" is product ${holder}'s in the shop`;
    }
  }
  return undefined;
}
