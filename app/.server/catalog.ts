import { sql } from "kysely";
import type { Db } from "./db";
import type { CategoryRow, ProductRow } from "./db/schema";
import type { Category, CategoryWithProducts, Product } from "~/lib/catalog";

const toCategory = (row: CategoryRow): Category => ({
  slug: row.slug,
  title: row.title,
  route: row.route,
  imageUrl: row.image_url,
});

type ProductRowWithSlug = ProductRow & { category_slug: string; category_title: string };

const toProduct = (row: ProductRowWithSlug): Product => ({
  id: row.id,
  categorySlug: row.category_slug,
  name: row.name,
  priceCents: row.price_cents,
  stock: row.stock,
  scent: row.scent,
  description: row.description,
  images: JSON.parse(row.images) as string[],
});

function selectProducts(db: Db) {
  return db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .selectAll("products")
    .select(["categories.slug as category_slug", "categories.title as category_title"]);
}

function groupByCategory(categories: CategoryRow[], products: ProductRowWithSlug[]): CategoryWithProducts[] {
  const byCategory = new Map<number, Product[]>(categories.map((category) => [category.id, []]));
  for (const row of products) byCategory.get(row.category_id)?.push(toProduct(row));
  return categories.map((category) => ({ ...toCategory(category), products: byCategory.get(category.id) ?? [] }));
}

const listCategoryRows = (db: Db) => db.selectFrom("categories").selectAll().orderBy("position").orderBy("id").execute();

export async function listCategories(db: Db): Promise<Category[]> {
  return (await listCategoryRows(db)).map(toCategory);
}

/** Every category with every product, out-of-stock ones included (the JSON API). */
export async function getCatalog(db: Db): Promise<CategoryWithProducts[]> {
  const [categories, products] = await Promise.all([
    listCategoryRows(db),
    selectProducts(db).orderBy("products.category_id").orderBy("products.position").orderBy("products.id").execute(),
  ]);
  return groupByCategory(categories, products);
}

/** The shop overview: each category with its first `limit` products in stock. */
export async function getCatalogPreview(db: Db, limit: number): Promise<CategoryWithProducts[]> {
  const ranked = db
    .selectFrom("products")
    .select(["id", sql<number>`row_number() over (partition by category_id order by position, id)`.as("rank")])
    .where("stock", ">=", 1)
    .as("ranked");
  const [categories, products] = await Promise.all([
    listCategoryRows(db),
    selectProducts(db)
      .innerJoin(ranked, "ranked.id", "products.id")
      .where("ranked.rank", "<=", limit)
      .orderBy("products.category_id")
      .orderBy("ranked.rank")
      .execute(),
  ]);
  return groupByCategory(categories, products);
}

export async function findCategory(
  db: Db,
  slug: string,
  options: { inStockOnly: boolean },
): Promise<CategoryWithProducts | undefined> {
  const category = await db.selectFrom("categories").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!category) return undefined;
  let query = selectProducts(db).where("products.category_id", "=", category.id);
  if (options.inStockOnly) query = query.where("products.stock", ">=", 1);
  const products = await query.orderBy("products.position").orderBy("products.id").execute();
  return groupByCategory([category], products)[0];
}

/** A product as seen at /shop/{category}/{id}: it must belong to that category. */
export async function findProduct(db: Db, categorySlug: string, id: number): Promise<Product | undefined> {
  const row = await selectProducts(db)
    .where("products.id", "=", id)
    .where("categories.slug", "=", categorySlug)
    .executeTakeFirst();
  return row && toProduct(row);
}

/** Category slugs and product ids for the sitemap, streamed in pages so no catalog is too large. */
export async function* listCatalogPaths(db: Db, pageSize = 1000) {
  for (const category of await listCategoryRows(db)) yield { slug: category.slug };
  let afterId = 0;
  for (;;) {
    const page = await selectProducts(db).where("products.id", ">", afterId).orderBy("products.id").limit(pageSize).execute();
    for (const row of page) yield { slug: row.category_slug, id: row.id };
    if (page.length < pageSize) return;
    afterId = page[page.length - 1]!.id;
  }
}

/** The products with these ids, for refreshing a cart; unknown ids are simply absent. */
export async function findProducts(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db).where("products.id", "in", ids).orderBy("products.id").execute();
  return rows.map((row) => ({ product: toProduct(row), categoryTitle: row.category_title }));
}
