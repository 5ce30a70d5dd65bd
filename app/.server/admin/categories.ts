import { type Db, type Trx, transaction } from "../db";
import { categoryRoute, categorySlug } from "../catalog/file";
import { type ProcessedPhoto, deleteUnusedPhotos, photoUrl, storePhotos } from "../catalog/photos";
import { catalogVersionBump } from "../catalog/version";
import { type Actor, recordActivity } from "./activity";

/**
 * The owner's categories (DESIGN.md, "/admin/categories"): create, rename,
 * reorder, set the tile photo, delete when empty. A category's URL is its
 * lowercased title (SPEC §3), so a rename moves it; the old slug is kept in
 * category_redirects and answered with a permanent redirect, so shared links
 * and search results keep working.
 */

interface Options {
  actor: Actor;
  now: number;
}

export type CategoryOutcome = { kind: "done"; notice: string } | { kind: "refused"; message: string };

/** Categories in menu order, with how many products each holds. */
export function listOwnerCategories(db: Db) {
  return db
    .selectFrom("categories as c")
    .select((eb) => [
      "c.id",
      "c.slug",
      "c.title",
      "c.image_url as imageUrl",
      eb
        .selectFrom("products as p")
        .whereRef("p.category_id", "=", "c.id")
        .select((count) => count.fn.countAll<number>().as("n"))
        .as("products"),
    ])
    .orderBy("c.position")
    .orderBy("c.id")
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, products: Number(row.products ?? 0) })));
}

/** Another category (or a live one's old URL kept for it) already answers at this slug. */
async function slugTaken(trx: Trx, slug: string, exceptId?: number) {
  let query = trx.selectFrom("categories").select("id").where("slug", "=", slug);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function createCategory(
  db: Db,
  title: string,
  photo: ProcessedPhoto,
  options: Options,
): Promise<CategoryOutcome> {
  const slug = categorySlug(title);
  return transaction(db, async (trx) => {
    if (await slugTaken(trx, slug)) return { kind: "refused", message: `There is a category “${title}” already.` };
    // A new category takes over an old URL of a renamed one: the link now means this category.
    await trx.deleteFrom("category_redirects").where("slug", "=", slug).execute();
    const last = await trx
      .selectFrom("categories")
      .select((eb) => eb.fn.max("position").as("last"))
      .executeTakeFirst();
    await storePhotos(trx, [photo], options.now);
    await trx
      .insertInto("categories")
      .values({
        slug,
        title,
        route: categoryRoute(slug),
        image_url: photoUrl(photo.hash),
        position: Number(last?.last ?? -1) + 1,
      })
      .execute();
    await recordActivity(
      trx,
      options.actor,
      { action: "category.created", subjectType: "category", subject: title, after: { title } },
      options.now,
    );
    await catalogVersionBump(trx).execute();
    return { kind: "done", notice: `Category “${title}” added.` };
  });
}

export function renameCategory(db: Db, id: number, title: string, options: Options): Promise<CategoryOutcome> {
  const slug = categorySlug(title);
  return transaction(db, async (trx) => {
    const category = await trx
      .selectFrom("categories")
      .select(["slug", "title"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!category) return { kind: "refused", message: "That category no longer exists." };
    if (category.title === title) return { kind: "done", notice: "Nothing changed." };
    if (await slugTaken(trx, slug, id)) return { kind: "refused", message: `There is a category “${title}” already.` };
    await trx
      .updateTable("categories")
      .set({ slug, title, route: categoryRoute(slug) })
      .where("id", "=", id)
      .execute();
    if (slug !== category.slug) {
      // The new URL is live again if it was an old one; the old URL now redirects here.
      await trx.deleteFrom("category_redirects").where("slug", "=", slug).execute();
      await trx
        .insertInto("category_redirects")
        .values({ slug: category.slug, category_id: id })
        // The old slug may still redirect to a category renamed away from it earlier: it now leads here.
        .onConflict((conflict) => conflict.column("slug").doUpdateSet({ category_id: id }))
        .execute();
    }
    const entry = {
      action: "category.renamed",
      subjectType: "category",
      subject: title,
      before: { title: category.title },
      after: { title },
    } as const;
    await recordActivity(trx, options.actor, entry, options.now);
    await catalogVersionBump(trx).execute();
    return { kind: "done", notice: `Renamed to “${title}”. Its old address leads to it.` };
  });
}

/** Swaps the category with its neighbour above (-1) or below (+1) in the menu. */
export function moveCategory(db: Db, id: number, direction: -1 | 1, options: Options): Promise<CategoryOutcome> {
  return transaction(db, async (trx) => {
    const order = await trx
      .selectFrom("categories")
      .select(["id", "title", "position"])
      .orderBy("position")
      .orderBy("id")
      .execute();
    const index = order.findIndex((category) => category.id === id);
    const other = order[index + direction];
    if (index === -1) return { kind: "refused", message: "That category no longer exists." };
    if (!other) return { kind: "done", notice: "Nothing changed." };
    // Renumber the whole menu, so equal or sparse positions from an import cannot make a swap a no-op.
    [order[index], order[index + direction]] = [other, order[index]!];
    for (const [position, category] of order.entries()) {
      await trx.updateTable("categories").set({ position }).where("id", "=", category.id).execute();
    }
    const title = order[index + direction]!.title;
    await recordActivity(
      trx,
      options.actor,
      {
        action: "category.moved",
        subjectType: "category",
        subject: title,
        before: { position: index + 1 },
        after: { position: index + direction + 1 },
      },
      options.now,
    );
    await catalogVersionBump(trx).execute();
    return { kind: "done", notice: `“${title}” moved ${direction < 0 ? "up" : "down"}.` };
  });
}

export function setCategoryPhoto(
  db: Db,
  id: number,
  photo: ProcessedPhoto,
  options: Options,
): Promise<CategoryOutcome> {
  return transaction(db, async (trx) => {
    const category = await trx
      .selectFrom("categories")
      .select(["title", "image_url"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!category) return { kind: "refused", message: "That category no longer exists." };
    await storePhotos(trx, [photo], options.now);
    await trx
      .updateTable("categories")
      .set({ image_url: photoUrl(photo.hash) })
      .where("id", "=", id)
      .execute();
    await deleteUnusedPhotos(trx, [category.image_url]);
    await recordActivity(
      trx,
      options.actor,
      { action: "category.photo", subjectType: "category", subject: category.title },
      options.now,
    );
    await catalogVersionBump(trx).execute();
    return { kind: "done", notice: `“${category.title}” has its new photo.` };
  });
}

/** Deletes a category that holds no products (the products' foreign key would refuse it anyway). */
export function deleteCategory(db: Db, id: number, options: Options): Promise<CategoryOutcome> {
  return transaction(db, async (trx) => {
    const category = await trx
      .selectFrom("categories")
      .select(["title", "image_url"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!category) return { kind: "refused", message: "That category no longer exists." };
    const product = await trx
      .selectFrom("products")
      .select("id")
      .where("category_id", "=", id)
      .limit(1)
      .executeTakeFirst();
    if (product)
      return { kind: "refused", message: `“${category.title}” still holds products: move or delete them first.` };
    await trx.deleteFrom("category_redirects").where("category_id", "=", id).execute();
    await trx.deleteFrom("categories").where("id", "=", id).execute();
    await deleteUnusedPhotos(trx, [category.image_url]);
    await recordActivity(
      trx,
      options.actor,
      {
        action: "category.deleted",
        subjectType: "category",
        subject: category.title,
        before: { title: category.title },
      },
      options.now,
    );
    await catalogVersionBump(trx).execute();
    return { kind: "done", notice: `“${category.title}” is deleted.` };
  });
}
