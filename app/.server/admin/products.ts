import type { ExpressionBuilder, Insertable } from "kysely";
import { type Db, type Trx, transaction } from "../db";
import type { Database, ProductTable } from "../db/schema";
import { lockForUpdate } from "../db/locks";
import { toProduct } from "../catalog/queries";
import { catalogVersionBump } from "../catalog/version";
import { type ProcessedPhoto, deleteUnusedPhotos, photoUrl, storePhotos } from "../catalog/photos";
import type { ProductForm } from "~/lib/catalog-schemas";
import { type Actor, recordActivity } from "./activity";

/**
 * The owner's products (DESIGN.md, "The owner's back office"): the list, one
 * product to edit, and saving the form. Stock is not part of the form: it
 * changes only through stock.ts, so a save never overwrites a sale.
 */

export const selectOwnerProducts = (db: Db) =>
  db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .selectAll("p")
    .select(["c.slug as category_slug", "c.title as category_title"]);

type OwnerProductRow = Awaited<ReturnType<ReturnType<typeof selectOwnerProducts>["executeTakeFirstOrThrow"]>>;

/** A product as the storefront reads it, with what only the owner sees. */
export const toOwnerProduct = (row: OwnerProductRow) => ({
  ...toProduct(row),
  categoryTitle: row.category_title,
  visible: row.visible === 1,
  lowStockAt: row.low_stock_at,
  low: row.stock <= row.low_stock_at,
});

export type OwnerProduct = ReturnType<typeof toOwnerProduct>;

/** A page of products in catalog order, found by words of the name or by number, with how many match. */
export async function listProducts(db: Db, search: string, page: { number: number; size: number }) {
  const matching = (eb: ExpressionBuilder<Database & { p: ProductTable }, "p">) => {
    if (/^\d{1,9}$/.test(search)) return eb("p.id", "=", Number(search));
    const words = search ? search.split(/\s+/) : [];
    return eb.and(words.map((word) => eb(eb.fn("lower", ["p.name"]), "like", `%${word.toLowerCase()}%`)));
  };
  const { total } = await db
    .selectFrom("products as p")
    .where(matching)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const rows = await selectOwnerProducts(db)
    .where(matching)
    .orderBy("c.position")
    .orderBy("c.id")
    .orderBy("p.position")
    .orderBy("p.id")
    .limit(page.size)
    .offset((page.number - 1) * page.size)
    .execute();
  return { products: rows.map(toOwnerProduct), total: Number(total) };
}

export async function findOwnerProduct(db: Db, id: number): Promise<OwnerProduct | undefined> {
  const row = await selectOwnerProducts(db).where("p.id", "=", id).executeTakeFirst();
  return row && toOwnerProduct(row);
}

/** Products at or below their own low-stock level, the emptiest first: the Today screen's "to pour". */
export async function lowStockProducts(db: Db, limit = 50) {
  const rows = await selectOwnerProducts(db)
    .whereRef("p.stock", "<=", "p.low_stock_at")
    .orderBy("p.stock")
    .orderBy("p.id")
    .limit(limit)
    .execute();
  return rows.map(toOwnerProduct);
}

/** The categories a product can be put in, in menu order. */
export const categoryChoices = (db: Db) =>
  db.selectFrom("categories").select(["slug", "title"]).orderBy("position").orderBy("id").execute();

/** The photos a saved product shows: the kept ones in the owner's order, then the new uploads. */
export interface PhotoChanges {
  /** Current image URLs with the position the owner gave each; anything not listed is removed. */
  keep: { url: string; position: number }[];
  uploads: ProcessedPhoto[];
}

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
  return transaction(db, async (trx) => {
    const category = await trx
      .selectFrom("categories")
      .select(["id", "slug", "title"])
      .where("slug", "=", form.category)
      .executeTakeFirst();
    if (!category) return { kind: "refused", field: "category", message: "Choose a category from the list." };
    const before = id === undefined ? undefined : await findForUpdate(trx, id);
    if (id !== undefined && !before) return { kind: "not_found" };

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
      price_cents: form.price,
      scent: form.scent,
      description: form.description,
      images: JSON.stringify(images),
      visible: form.visible ? 1 : 0,
      low_stock_at: form.lowStockAt,
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
    } else {
      productId = await insertWithNextId(trx, category.id, {
        ...values,
        stock: 0,
        position: await nextPosition(trx, category.id),
      });
    }
    await deleteUnusedPhotos(
      trx,
      current.filter((url) => !images.includes(url)),
    );

    const saved = toOwnerProduct(
      await selectOwnerProducts(trx).where("p.id", "=", productId).executeTakeFirstOrThrow(),
    );
    const changes = before ? changedFields(before, saved) : { after: summary(saved) };
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

async function findForUpdate(trx: Trx, id: number) {
  const row = await lockForUpdate(trx, selectOwnerProducts(trx).where("p.id", "=", id), "p").executeTakeFirst();
  return row && toOwnerProduct(row);
}

/** What the activity log keeps of a product: its fields, and how many photos it shows. */
const summary = (product: OwnerProduct): Record<string, unknown> => ({
  name: product.name,
  priceCents: product.priceCents,
  scent: product.scent,
  description: product.description,
  category: product.categoryTitle,
  lowStockAt: product.lowStockAt,
  visible: product.visible,
  photos: product.images.length,
});

/** The fields a save changed, as they were and as they became; undefined when it changed nothing. */
function changedFields(before: OwnerProduct, after: OwnerProduct) {
  const was = summary(before);
  const now = summary(after);
  const fields = Object.keys(now).filter((field) =>
    field === "photos" ? before.images.join() !== after.images.join() : was[field] !== now[field],
  );
  if (fields.length === 0) return undefined;
  return {
    before: Object.fromEntries(fields.map((field) => [field, was[field]])),
    after: Object.fromEntries(fields.map((field) => [field, now[field]])),
  };
}

/** Last in its category's order. */
async function nextPosition(trx: Trx, categoryId: number) {
  const row = await trx
    .selectFrom("products")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("category_id", "=", categoryId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

async function highestId(trx: Trx, categoryId?: number) {
  let query = trx.selectFrom("products").select((eb) => eb.fn.max("id").as("id"));
  if (categoryId !== undefined) query = query.where("category_id", "=", categoryId);
  const row = await query.executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The highest number any product ever had: orders and stock records keep those of deleted products. */
async function highestEverId(trx: Trx) {
  const row = await trx
    .selectFrom((eb) =>
      eb
        .selectFrom("products")
        .select((max) => max.fn.max("id").as("id"))
        .unionAll(eb.selectFrom("order_items").select((max) => max.fn.max("product_id").as("id")))
        .unionAll(eb.selectFrom("stock_adjustments").select((max) => max.fn.max("product_id").as("id")))
        .as("ids"),
    )
    .select((eb) => eb.fn.max("ids.id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Whether a past order or stock record names this number: a deleted product's number is never given again. */
async function numberWasUsed(trx: Trx, id: number) {
  const used = await trx
    .selectFrom("order_items")
    .select("product_id")
    .where("product_id", "=", id)
    .union(trx.selectFrom("stock_adjustments").select("product_id").where("product_id", "=", id))
    .limit(1)
    .executeTakeFirst();
  return used !== undefined;
}

/**
 * Inserts a new product under the next catalog number of its category: the
 * demo numbers wax 1001…, seasonal 2001…, so a new wax candle gets the next
 * wax number when it is free, and a category without products starts the
 * next thousand. A number taken meanwhile (another tab saving), or ever held
 * by a deleted product (its orders and stock records still name it, and a
 * refund's restock must not reach the new candle), moves on to a number
 * above every one used so far.
 */
async function insertWithNextId(trx: Trx, categoryId: number, values: Omit<Insertable<ProductTable>, "id">) {
  const inCategory = await highestId(trx, categoryId);
  let id = inCategory > 0 ? inCategory + 1 : (Math.floor((await highestEverId(trx)) / 1000) + 1) * 1000 + 1;
  if (await numberWasUsed(trx, id)) id = (await highestEverId(trx)) + 1;
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await trx
      .insertInto("products")
      .values({ ...values, id })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return inserted.id;
    id = (await highestEverId(trx)) + 1;
  }
  throw new Error("Could not find a free product number");
}

export type DeleteOutcome = { kind: "deleted" } | { kind: "refused"; message: string } | { kind: "not_found" };

/**
 * Deletes a product for good, once no unpaid order holds it (that order may
 * still be paid). Past orders keep their own copy of what was bought. The
 * units it had in stock leave with it as an adjustment, so DESIGN.md's stock
 * invariant still adds up; its photos go when nothing else shows them.
 */
export function deleteProduct(db: Db, id: number, options: { actor: Actor; now: number }): Promise<DeleteOutcome> {
  return transaction(db, async (trx) => {
    const product = await findForUpdate(trx, id);
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
    if (product.stock > 0) {
      await trx
        .insertInto("stock_adjustments")
        .values({ product_id: id, delta: -product.stock, reason: "product deleted", created_at: options.now })
        .execute();
    }
    await deleteUnusedPhotos(trx, product.images);
    await recordActivity(
      trx,
      options.actor,
      { action: "product.deleted", subjectType: "product", subject: String(id), before: summary(product) },
      options.now,
    );
    await catalogVersionBump(trx).execute();
    return { kind: "deleted" };
  });
}
