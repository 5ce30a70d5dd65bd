import { type CatalogFile, categoryRoute, categorySlug, itemColumns, itemVariants } from "./file";
import { deleteUnusedPhotos } from "./photos";
import { catalogVersionBump } from "./version";
import { checkWeightRule } from "./weight-rule";
import { type Db, type Trx, transaction } from "../db";
import { lockForUpdate, lockedInIdOrder } from "../db/locks";
import { releaseSkus, syncVariants, VariantIds } from "./variant-sync";
import { variantClash } from "./variant-clashes";

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH_SIZE = 500;

export interface ImportOptions {
  /** Make the catalog exactly the file instead of upserting into it. */
  replace: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Runs last in the import's transaction: the back office records its activity entry there. */
  record?: (trx: Trx, summary: ImportSummary) => Promise<void>;
}

export interface ImportSummary {
  categories: number;
  products: number;
  removedCategories: number;
  removedProducts: number;
}

export type ImportOutcome =
  | { kind: "imported"; summary: ImportSummary }
  | { kind: "weight_missing"; products: { id?: number; name: string }[] }
  /** A variant id or SKU of another product in the shop (variant-clashes.ts), named as the file's errors are. */
  | { kind: "clash"; message: string };

/**
 * Writes a validated catalog file in one transaction: upserts categories by
 * title and products by id; with `replace`, also deletes what the file lacks.
 * While rates by weight are set up, a file that would leave a visible product
 * without a weight changes nothing (weight-rule.ts), and so does one whose
 * variants would take another product's variant id or SKU.
 */
export async function importCatalog(db: Db, file: CatalogFile, options: ImportOptions): Promise<ImportOutcome> {
  const total = file.reduce((sum, category) => sum + category.items.length, 0);
  return transaction(db, async (trx) => {
    const rule = await checkWeightRule(trx, () => productsAsImported(trx, file));
    if (rule.kind === "weight_missing") return rule;
    const clash = await variantClash(trx, file, options);
    if (clash) return { kind: "clash", message: clash };
    const categoryIds = new Map<string, number>();
    // A category the file names is live at its own URL: a renamed category's old address there stops redirecting.
    await trx
      .deleteFrom("category_redirects")
      .where(
        "slug",
        "in",
        file.map((category) => categorySlug(category.title)),
      )
      .execute();
    for (const [position, category] of file.entries()) {
      const slug = categorySlug(category.title);
      const row = await trx
        .insertInto("categories")
        .values({ slug, title: category.title, route: categoryRoute(slug), image_url: category.imageUrl, position })
        .onConflict((conflict) =>
          conflict.column("slug").doUpdateSet((eb) => ({
            title: eb.ref("excluded.title"),
            route: eb.ref("excluded.route"),
            image_url: eb.ref("excluded.image_url"),
            position: eb.ref("excluded.position"),
          })),
        )
        .returning("id")
        .executeTakeFirstOrThrow();
      categoryIds.set(slug, row.id);
    }

    // In id order: batch by batch, the import locks the products' variants in id order, as a checkout
    // does on PostgreSQL, and the two never deadlock.
    const items = file.flatMap((category) =>
      category.items.map((item, position) => ({
        product: {
          id: item.id,
          category_id: categoryIds.get(categorySlug(category.title))!,
          ...itemColumns(item),
          position,
        },
        variants: itemVariants(item),
      })),
    );
    items.sort((a, b) => a.product.id - b.product.id);
    const products = items.map((item) => item.product);
    const variantIds = await VariantIds.of(
      trx,
      items.flatMap((item) => item.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id]))),
    );

    const now = Date.now();
    let removedProducts = 0;
    if (options.replace) {
      // It deletes some products and rewrites the rest: on PostgreSQL it locks them all first.
      // Deleting a product deletes its variants: they are locked first, in id order as a checkout locks them.
      await lockedInIdOrder(trx, trx.selectFrom("variants").select("id")).execute();
      const existing = await lockForUpdate(trx, trx.selectFrom("products").select("id").orderBy("id")).execute();
      removedProducts = await deleteAllExcept(
        trx,
        "products",
        existing,
        products.map((product) => product.id),
        (ids) => recordStockLeaving(trx, ids, now),
      );
    }

    // The file's SKUs go to the variants it names, whichever of its products held them before.
    await releaseSkus(
      trx,
      items.flatMap((item) => item.variants.flatMap((variant) => (variant.sku === null ? [] : [variant.sku]))),
    );
    for (let start = 0; start < products.length; start += BATCH_SIZE) {
      const batch = items.slice(start, start + BATCH_SIZE);
      await trx
        .insertInto("products")
        .values(batch.map((item) => item.product))
        .onConflict((conflict) =>
          conflict.column("id").doUpdateSet((eb) => ({
            category_id: eb.ref("excluded.category_id"),
            name: eb.ref("excluded.name"),
            scent: eb.ref("excluded.scent"),
            description: eb.ref("excluded.description"),
            images: eb.ref("excluded.images"),
            options: eb.ref("excluded.options"),
            position: eb.ref("excluded.position"),
            // The file sets the product: it is the owner's now, no longer the demo's.
            demo: 0,
          })),
        )
        .execute();
      await syncVariants(
        trx,
        batch.map((item) => ({ productId: item.product.id, variants: item.variants })),
        { reason: "catalog import", now },
        variantIds,
      );
      options.onProgress?.(Math.min(start + BATCH_SIZE, total), total);
    }
    // Only now, with every kept product moved to its new category, can old categories go.
    const removedCategories = options.replace
      ? await deleteAllExcept(trx, "categories", await trx.selectFrom("categories").select("id").execute(), [
          ...categoryIds.values(),
        ])
      : 0;
    // Uploaded photos the file no longer shows (a product removed, or given other images) leave with them.
    await deleteUnusedPhotos(trx);
    const summary = { categories: file.length, products: products.length, removedCategories, removedProducts };
    await options.record?.(trx, summary);
    await catalogVersionBump(trx).execute();
    return { kind: "imported", summary };
  });
}

/**
 * The file's products that give no weight, as the import would leave them:
 * a new one visible with none, an existing one as visible as it is, and
 * weighed when each of its variants is, by the file or as it is.
 */
async function productsAsImported(trx: Trx, file: CatalogFile) {
  const unweighed = file.flatMap((category) =>
    category.items.filter(
      (item) =>
        item.weight === undefined && (!item.variants || item.variants.some((variant) => variant.weight === undefined)),
    ),
  );
  const products = [];
  for (let start = 0; start < unweighed.length; start += BATCH_SIZE) {
    const batch = unweighed.slice(start, start + BATCH_SIZE);
    const rows = await trx
      .selectFrom("products")
      .innerJoin("variants", "variants.product_id", "products.id")
      .select(["products.id", "products.visible", "variants.id as variant_id", "variants.weight"])
      .where(
        "products.id",
        "in",
        batch.map((item) => item.id),
      )
      .where("variants.archived", "=", 0)
      .execute();
    const visible = new Map(rows.map((row) => [row.id, row.visible === 1]));
    // A product is weighed when every one of its variants is: a variant the file lists, by the file or as it is.
    const weightNow = new Map(rows.map((row) => [row.variant_id, row]));
    const productWeight = new Map<number, number | null>();
    for (const row of rows) if (productWeight.get(row.id) !== null) productWeight.set(row.id, row.weight);
    for (const item of batch) {
      const weights = item.variants
        ? item.variants.map((variant) => {
            const current = weightNow.get(variant.id);
            return variant.weight ?? (current?.id === item.id ? current.weight : null);
          })
        : [productWeight.get(item.id) ?? null];
      const weight = weights.includes(null) ? null : weights[0]!;
      products.push({ id: item.id, name: item.name, visible: visible.get(item.id) ?? true, weight });
    }
  }
  return products;
}

/** Deletes the `existing` rows that are not in `keep`, in batches the engines accept, each batch first told to `before`. */
async function deleteAllExcept(
  trx: Trx,
  table: "products" | "categories",
  existing: { id: number }[],
  keep: number[],
  before?: (ids: number[]) => Promise<void>,
) {
  const kept = new Set(keep);
  const doomed = existing.map((row) => row.id).filter((id) => !kept.has(id));
  for (let start = 0; start < doomed.length; start += BATCH_SIZE) {
    const batch = doomed.slice(start, start + BATCH_SIZE);
    await before?.(batch);
    await trx.deleteFrom(table).where("id", "in", batch).execute();
  }
  return doomed.length;
}

/**
 * What the variants of products about to be deleted hold leaves the stock
 * records with them, as when the owner deletes one (product-delete.ts), so
 * DESIGN.md's invariant still adds up per variant.
 */
async function recordStockLeaving(trx: Trx, productIds: number[], now: number) {
  const holding = await trx
    .selectFrom("variants")
    .select(["id", "product_id", "stock"])
    .where("product_id", "in", productIds)
    .where("stock", ">", 0)
    .execute();
  if (holding.length === 0) return;
  await trx
    .insertInto("stock_adjustments")
    .values(
      holding.map((variant) => ({
        product_id: variant.product_id,
        variant_id: variant.id,
        delta: -variant.stock,
        reason: "catalog import",
        created_at: now,
      })),
    )
    .execute();
}
