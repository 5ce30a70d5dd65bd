import { type Db, transaction } from "../db";
import { catalogVersionBump } from "../catalog/version";
import { deleteUnusedPhotos } from "../catalog/photos";
import { type Actor, recordActivity } from "./activity";
import { findOwnerProductForUpdate, productSummary } from "./products";

export type DeleteOutcome = { kind: "deleted" } | { kind: "refused"; message: string } | { kind: "not_found" };

/**
 * Deletes a product for good, once no unpaid order holds it (that order may
 * still be paid). Past orders keep their own copy of what was bought. The
 * units it had in stock leave with it as an adjustment, so DESIGN.md's stock
 * invariant still adds up; its photos go when nothing else shows them.
 */
export function deleteProduct(db: Db, id: number, options: { actor: Actor; now: number }): Promise<DeleteOutcome> {
  return transaction(db, async (trx) => {
    const product = await findOwnerProductForUpdate(trx, id);
    if (!product) return { kind: "not_found" };
    const held = await trx
      .selectFrom("order_items as i")
      .innerJoin("orders as o", "o.id", "i.order_id")
      .select("o.number")
      .where("i.product_id", "=", id)
      .where("o.status", "=", "pending_payment")
      .limit(1)
      .executeTakeFirst();
    if (held)
      return {
        kind: "refused",
        message: `Order ${held.number} is waiting for its payment with this product in it: hide the product now, and delete it once that order is paid or expired.`,
      };
    await trx.deleteFrom("products").where("id", "=", id).execute();
    // Its variants go with it (migration 033), and what each held leaves the stock records.
    const holding = product.variants.filter((variant) => variant.stock > 0);
    if (holding.length > 0) {
      await trx
        .insertInto("stock_adjustments")
        .values(
          holding.map((variant) => ({
            product_id: id,
            variant_id: variant.id,
            delta: -variant.stock,
            reason: "product deleted",
            created_at: options.now,
          })),
        )
        .execute();
    }
    await deleteUnusedPhotos(trx, product.images);
    await recordActivity(
      trx,
      options.actor,
      { action: "product.deleted", subjectType: "product", subject: String(id), before: productSummary(product) },
      options.now,
    );
    await catalogVersionBump(trx).execute();
    return { kind: "deleted" };
  });
}
