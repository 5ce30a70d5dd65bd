import type { Db } from "./db";
import { type CatalogFile, categoryRoute, categorySlug } from "./catalog-file";

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH_SIZE = 500;

export interface ImportOptions {
  /** Make the catalog exactly the file instead of upserting into it. */
  replace: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface ImportSummary {
  categories: number;
  products: number;
  removedCategories: number;
  removedProducts: number;
}

/**
 * Writes a validated catalog file in one transaction: upserts categories by
 * title and products by id; with `replace`, also deletes what the file lacks.
 */
export async function importCatalog(db: Db, file: CatalogFile, options: ImportOptions): Promise<ImportSummary> {
  const total = file.reduce((sum, category) => sum + category.items.length, 0);
  return db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
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

    const products = file.flatMap((category) =>
      category.items.map((item, position) => ({
        id: item.id,
        category_id: categoryIds.get(categorySlug(category.title))!,
        name: item.name,
        price_cents: item.price,
        stock: item.stock,
        scent: item.scent,
        description: item.description,
        images: JSON.stringify(item.images),
        position,
      })),
    );

    const removedProducts = options.replace
      ? await deleteAllExcept(trx, "products", products.map((product) => product.id))
      : 0;

    for (let start = 0; start < products.length; start += BATCH_SIZE) {
      await trx
        .insertInto("products")
        .values(products.slice(start, start + BATCH_SIZE))
        .onConflict((conflict) =>
          conflict.column("id").doUpdateSet((eb) => ({
            category_id: eb.ref("excluded.category_id"),
            name: eb.ref("excluded.name"),
            price_cents: eb.ref("excluded.price_cents"),
            stock: eb.ref("excluded.stock"),
            scent: eb.ref("excluded.scent"),
            description: eb.ref("excluded.description"),
            images: eb.ref("excluded.images"),
            position: eb.ref("excluded.position"),
          })),
        )
        .execute();
      options.onProgress?.(Math.min(start + BATCH_SIZE, total), total);
    }
    // Only now, with every kept product moved to its new category, can old categories go.
    const removedCategories = options.replace ? await deleteAllExcept(trx, "categories", [...categoryIds.values()]) : 0;
    return { categories: file.length, products: products.length, removedCategories, removedProducts };
  });
}

/** Deletes the rows whose key is not in `keep`, in batches the engines accept. */
async function deleteAllExcept(trx: Db, table: "products" | "categories", keep: number[]) {
  const kept = new Set(keep);
  const existing = await trx.selectFrom(table).select("id").execute();
  const doomed = existing.map((row) => row.id).filter((id) => !kept.has(id));
  for (let start = 0; start < doomed.length; start += BATCH_SIZE) {
    await trx.deleteFrom(table).where("id", "in", doomed.slice(start, start + BATCH_SIZE)).execute();
  }
  return doomed.length;
}
