import { syncVariants } from "~/.server/catalog/variant-sync";
import { catalogVersionBump } from "~/.server/catalog/version";
import type { Db } from "~/.server/db";
import type { ProductOption } from "~/lib/variants";

/** A variant as a test sets it up: its id, values, price in cents and stock. */
export interface TestVariant {
  id: number;
  values: string[];
  priceCents: number;
  stock: number;
  sku?: string;
  weight?: number;
  /** Which of the product's photos shows it; left out, the first. */
  image?: number;
}

/**
 * Gives a product options and exactly these variants, as the back office or
 * a catalog import would leave it: the variants it had before are archived,
 * and every change of stock is a stock adjustment (DESIGN's invariant holds
 * per variant from the start).
 */
export async function giveOptions(db: Db, productId: number, options: ProductOption[], variants: TestVariant[]) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("products")
      .set({ options: JSON.stringify(options) })
      .where("id", "=", productId)
      .execute();
    await syncVariants(
      trx,
      [
        {
          productId,
          variants: variants.map((variant) => ({
            id: variant.id,
            values: variant.values,
            priceCents: variant.priceCents,
            stock: variant.stock,
            sku: variant.sku ?? null,
            weight: variant.weight ?? null,
            image: variant.image ?? null,
          })),
        },
      ],
      { reason: "test setup", now: Date.now() },
    );
    await catalogVersionBump(trx).execute();
  });
}

/** A variant's stock now. */
export async function variantStock(db: Db, variantId: number) {
  const row = await db.selectFrom("variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow();
  return row.stock;
}

/** Sets a variant's stock, as the owner's Set stock to does: with a stock adjustment, and the catalog version moved on. */
export async function setVariantStock(db: Db, variantId: number, stock: number) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("variants")
      .select(["product_id", "stock"])
      .where("id", "=", variantId)
      .executeTakeFirstOrThrow();
    await trx.updateTable("variants").set({ stock }).where("id", "=", variantId).execute();
    await trx
      .insertInto("stock_adjustments")
      .values({
        product_id: before.product_id,
        variant_id: variantId,
        delta: stock - before.stock,
        reason: "test setup",
        created_at: Date.now(),
      })
      .execute();
    await catalogVersionBump(trx).execute();
  });
}
