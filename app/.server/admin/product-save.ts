import { PRICE_NEEDED, type ProductForm } from "~/lib/catalog-schemas";
import { type Db, transaction } from "../db";
import { catalogVersionBump } from "../catalog/version";
import { VariantIdTaken, againIfVariantIdTaken } from "../catalog/variant-sync";
import { WEIGHT_NEEDED, checkWeightRule } from "../catalog/weight-rule";
import { type ProcessedPhoto, deleteUnusedPhotos, photoUrl, storePhotos } from "../catalog/photos";
import { type Actor, recordActivity } from "./activity";
import { insertWithNextId, newVariantIds, nextPosition } from "./product-numbers";
import { type OwnerProduct, findOwnerProduct, findOwnerProductForUpdate, productSummary } from "./products";

/**
 * Saving the owner's product form (DESIGN.md, "The owner's back office"): a
 * new product or an edit, with its photos. Stock is not part of the form: it
 * changes only through stock.ts, so a save never overwrites a sale.
 */

/** The photos a saved product shows: the kept ones in the owner's order, then the new uploads. */
export interface PhotoChanges {
  /** Current image URLs with the position and alt text (empty: the default) the owner gave each; anything not listed is removed. */
  keep: { url: string; position: number; alt: string }[];
  uploads: ProcessedPhoto[];
}

/** Beside Visible in the shop for a product with options: its weights are in its variants' cards. */
const VARIANT_WEIGHTS_NEEDED =
  "Enter a Weight (oz) for every variant first: a visible product needs one while rates by weight are set up.";

export type SaveOutcome =
  | { kind: "saved"; product: OwnerProduct }
  | { kind: "refused"; field: string; message: string }
  | { kind: "not_found" };

/**
 * Creates a product (id undefined) or updates one, with its photos, its
 * activity entry and the catalog version, in one transaction. Uploaded
 * photos are stored in the same transaction, so a refused save leaves none.
 */
export async function saveProduct(
  db: Db,
  id: number | undefined,
  form: ProductForm,
  photos: PhotoChanges,
  options: { actor: Actor; now: number },
): Promise<SaveOutcome> {
  // A new product's variant id, taken by another save at the same moment, is looked for again.
  return againIfVariantIdTaken(() => savedProduct(db, id, form, photos, options));
}

function savedProduct(
  db: Db,
  id: number | undefined,
  form: ProductForm,
  photos: PhotoChanges,
  options: { actor: Actor; now: number },
): Promise<SaveOutcome> {
  return transaction(db, async (trx) => {
    const category = await trx
      .selectFrom("categories")
      .select(["id", "slug", "title"])
      .where("slug", "=", form.category)
      .executeTakeFirst();
    if (!category) return { kind: "refused", field: "category", message: "Choose a category from the list." };
    const before = id === undefined ? undefined : await findOwnerProductForUpdate(trx, id);
    if (id !== undefined && !before) return { kind: "not_found" };
    // A product with options has its price and weight per variant (variant-save.ts), not in this form.
    const variants = before && before.options.length > 0 ? before.variants : undefined;
    if (!variants && form.price === undefined) return { kind: "refused", field: "price", message: PRICE_NEEDED };
    const weight = variants
      ? (variants.find((variant) => variant.weight === null)?.weight ?? variants[0]!.weight)
      : form.weight;
    const rule = await checkWeightRule(trx, () => [
      { id, name: form.name, visible: form.visible !== undefined, weight },
    ]);
    if (rule.kind === "weight_missing")
      return variants
        ? { kind: "refused", field: "visible", message: VARIANT_WEIGHTS_NEEDED }
        : { kind: "refused", field: "weight", message: WEIGHT_NEEDED };

    const current = before?.images ?? [];
    const kept = photos.keep
      .filter((photo) => current.includes(photo.url))
      .sort((a, b) => a.position - b.position)
      .map((photo) => photo.url);
    const images = [...new Set([...kept, ...photos.uploads.map((photo) => photoUrl(photo.hash))])];
    if (images.length === 0) return { kind: "refused", field: "photos", message: "Add at least one photo." };
    if (images.length > 20)
      return { kind: "refused", field: "photos", message: "A product shows at most 20 photos: remove some first." };
    await storePhotos(trx, photos.uploads, options.now);

    const values = {
      category_id: category.id,
      name: form.name,
      scent: form.scent,
      description: form.description,
      images: JSON.stringify(images),
      image_alts: JSON.stringify(
        Object.fromEntries(
          photos.keep.filter((photo) => photo.alt && images.includes(photo.url)).map((photo) => [photo.url, photo.alt]),
        ),
      ),
      visible: form.visible ? 1 : 0,
      low_stock_at: form.lowStockAt,
      // Saved by the owner: no longer a demo product, whatever it was.
      demo: 0,
    };
    let productId: number;
    if (before) {
      productId = before.id;
      const moved = before.categorySlug !== category.slug;
      await trx
        .updateTable("products")
        .set(moved ? { ...values, position: await nextPosition(trx, category.id) } : values)
        .where("id", "=", productId)
        .execute();
      // A product without options keeps its price and weight on its only variant.
      if (!variants)
        await trx
          .updateTable("variants")
          .set({ price_cents: form.price!, weight: form.weight })
          .where("product_id", "=", productId)
          .where("archived", "=", 0)
          .execute();
    } else {
      productId = await insertWithNextId(trx, category.id, {
        ...values,
        position: await nextPosition(trx, category.id),
      });
      const [variantId] = await newVariantIds(trx, 1, productId);
      const inserted = await trx
        .insertInto("variants")
        .values({
          id: variantId!,
          product_id: productId,
          position: 0,
          price_cents: form.price!,
          stock: 0,
          weight: form.weight,
        })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .executeTakeFirstOrThrow();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) throw new VariantIdTaken();
    }
    await deleteUnusedPhotos(
      trx,
      current.filter((url) => !images.includes(url)),
    );

    const saved = (await findOwnerProduct(trx, productId))!;
    const changes = before ? changedFields(before, saved) : { after: productSummary(saved) };
    if (changes) {
      const action = before ? "product.edited" : "product.created";
      await recordActivity(
        trx,
        options.actor,
        { action, subjectType: "product", subject: String(productId), ...changes },
        options.now,
      );
    }
    await catalogVersionBump(trx).execute();
    return { kind: "saved", product: saved };
  });
}

/** The fields a save changed, as they were and as they became; undefined when it changed nothing. */
function changedFields(before: OwnerProduct, after: OwnerProduct) {
  const was = productSummary(before);
  const now = productSummary(after);
  const fields = Object.keys(now).filter((field) =>
    field === "photos"
      ? before.images.join() !== after.images.join()
      : JSON.stringify(was[field]) !== JSON.stringify(now[field]),
  );
  if (fields.length === 0) return undefined;
  return {
    before: Object.fromEntries(fields.map((field) => [field, was[field]])),
    after: Object.fromEntries(fields.map((field) => [field, now[field]])),
  };
}
