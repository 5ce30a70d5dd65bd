import { sql } from "kysely";
import type { Db } from "../db";
import { leftJoinFirstProducts } from "../db/lateral";
import type { CategoryRow, ProductRow } from "../db/schema";
import type { Category, CategoryWithProducts, Product, ProductSummary } from "~/lib/catalog";
import { photoAlts } from "~/lib/photo-alt";
import { parseOptions, type Variant } from "~/lib/variants";
import { shopVariants } from "./variant-queries";

/*
 * Every page reads the catalog with one query, along the indexes of
 * migration 006: categories by (position, id), a category's products by
 * (category_id, position, id). docs/decisions/001-page-cache.md has the plans.
 */

const toCategory = (row: Pick<CategoryRow, "slug" | "title" | "route" | "image_url">): Category => ({
  slug: row.slug,
  title: row.title,
  route: row.route,
  imageUrl: row.image_url,
});

/*
 * A product's price and stock are its variants' (migration 033): the lowest
 * price, whether the prices differ, and the stock of those for sale
 * together. The variants it shows are those not archived; one the owner
 * took off sale shows as sold out.
 */
const lowestPrice = sql<number>`(select min(v.price_cents) from variants v where v.product_id = p.id and v.archived = 0)`;
const highestPrice = sql<number>`(select max(v.price_cents) from variants v where v.product_id = p.id and v.archived = 0)`;
const stockForSale = sql<number>`(select cast(coalesce(sum(v.stock), 0) as integer) from variants v
  where v.product_id = p.id and v.archived = 0 and v.available = 1)`;
/** A product's price and stock from its variants, for a query of products as "p". */
export const totals = [
  lowestPrice.as("price_cents"),
  highestPrice.as("top_price_cents"),
  stockForSale.as("stock"),
] as const;

/** Whether product "p" (or `product`) has a variant that can be bought: a product is in stock while any of its variants is. */
export const inStock = (product = "p") =>
  sql<boolean>`exists (select 1 from variants v where v.product_id = ${sql.ref(`${product}.id`)}
    and v.archived = 0 and v.available = 1 and v.stock >= 1)`;

type ProductRowWithSlug = ProductRow & {
  category_slug: string;
  category_title: string;
  price_cents: number;
  top_price_cents: number;
  stock: number;
};

export const toProduct = (row: ProductRowWithSlug, variants: Variant[]): Product => ({
  ...toSummary({ ...row, slug: row.category_slug }),
  description: row.description,
  options: parseOptions(row.options),
  variants,
});

/** The alt texts the owner wrote for a product's photos, by image URL (migration 031). */
export const writtenPhotoAlts = (row: Pick<ProductRow, "image_alts">) =>
  JSON.parse(row.image_alts) as Record<string, string>;

/** The storefront's products: those the owner has not hidden (DESIGN.md, "The owner's back office"). */
function selectProducts(db: Db) {
  return db
    .selectFrom("products as p")
    .innerJoin("categories", "categories.id", "p.category_id")
    .where("p.visible", "=", 1)
    .selectAll("p")
    .select([...totals, "categories.slug as category_slug", "categories.title as category_title"]);
}

/** A category row with (left-joined, so possibly absent) one of its products, as the joined queries below return them. */
interface JoinedRow {
  category_id: number;
  slug: string;
  title: string;
  route: string;
  image_url: string;
  id: number | null;
  name: string | null;
  price_cents: number | null;
  top_price_cents: number | null;
  options: string | null;
  stock: number | null;
  scent: string | null;
  images: string | null;
}

const categoryColumns = ["c.id as category_id", "c.slug", "c.title", "c.route", "c.image_url"] as const;
const summaryColumns = ["p.id", "p.name", ...totals, "p.scent", "p.images", "p.options"] as const;

/** Joined rows, ordered by category, back into categories with their products. */
function groupJoined<Row extends JoinedRow, P>(
  rows: Row[],
  toItem: (row: Row & { id: number }) => P,
): (Category & { products: P[] })[] {
  const categories: (Category & { products: P[] })[] = [];
  let lastId: number | undefined;
  for (const row of rows) {
    if (row.category_id !== lastId) {
      categories.push({ ...toCategory(row), products: [] });
      lastId = row.category_id;
    }
    if (row.id !== null) categories[categories.length - 1]!.products.push(toItem(row as Row & { id: number }));
  }
  return categories;
}

const toSummary = (
  row: Omit<JoinedRow, "category_id" | "title" | "route" | "image_url"> & { id: number },
): ProductSummary => ({
  id: row.id,
  categorySlug: row.slug,
  name: row.name!,
  priceCents: row.price_cents!,
  priceVaries: row.price_cents !== row.top_price_cents,
  hasOptions: row.options !== "[]",
  stock: Number(row.stock),
  scent: row.scent!,
  images: JSON.parse(row.images!) as string[],
});

/** Categories of the JSON API with their products' options and variants. */
async function withVariants(
  db: Db,
  categories: CategoryWithProducts<ProductSummary & { description: string; options: string }>[],
) {
  const variants = await shopVariants(
    db,
    categories.flatMap((category) => category.products.map((product) => product.id)),
  );
  return categories.map((category) => ({
    ...category,
    products: category.products.map((product): Product => ({
      ...product,
      options: parseOptions(product.options),
      variants: variants.get(product.id) ?? [],
    })),
  }));
}

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db.selectFrom("categories").selectAll().orderBy("position").orderBy("id").execute();
  return rows.map(toCategory);
}

/**
 * Every category with every product, out-of-stock ones included (the JSON
 * API); with `hidden`, the products the owner hid too (her catalog export).
 */
export async function getCatalog(
  db: Db,
  options: { hidden: boolean } = { hidden: false },
): Promise<CategoryWithProducts[]> {
  const rows = await db
    .selectFrom("categories as c")
    .leftJoin("products as p", (join) => {
      const ofCategory = join.onRef("p.category_id", "=", "c.id");
      return options.hidden ? ofCategory : ofCategory.on("p.visible", "=", 1);
    })
    .select([...categoryColumns, ...summaryColumns, "p.description", "p.options"])
    .orderBy("c.position")
    .orderBy("c.id")
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  return withVariants(
    db,
    groupJoined(rows, (row) => ({ ...toSummary(row), description: row.description!, options: row.options! })),
  );
}

/** One category with all its products, out-of-stock ones included (the JSON API). */
export async function findCategory(db: Db, slug: string): Promise<CategoryWithProducts | undefined> {
  const rows = await db
    .selectFrom("categories as c")
    .leftJoin("products as p", (join) => join.onRef("p.category_id", "=", "c.id").on("p.visible", "=", 1))
    .select([...categoryColumns, ...summaryColumns, "p.description", "p.options"])
    .where("c.slug", "=", slug)
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  const categories = groupJoined(rows, (row) => ({
    ...toSummary(row),
    description: row.description!,
    options: row.options!,
  }));
  return (await withVariants(db, categories))[0];
}

export interface PageRequest {
  offset: number;
  limit: number;
}

/**
 * The shop overview: a page of categories, each with its first `perCategory`
 * products in stock, and how many categories there are in all, in one
 * query on either engine (db/lateral.ts).
 */
export async function getCatalogPreview(db: Db, page: PageRequest & { perCategory: number }) {
  const pageOfCategories = db
    .selectFrom("categories")
    .selectAll()
    .orderBy("position")
    .orderBy("id")
    .limit(page.limit)
    .offset(page.offset)
    .as("c");
  const firstInStock = (db: Db) =>
    db
      .selectFrom("products as x")
      .where(inStock("x"))
      .where("x.visible", "=", 1)
      .where("x.category_id", "=", sql.ref<number>("c.id"))
      .orderBy("x.position")
      .orderBy("x.id")
      .limit(page.perCategory);
  const categoryCount = db.selectFrom("categories").select((eb) => eb.fn.countAll<number>().as("n"));
  const rows = await leftJoinFirstProducts(db, pageOfCategories, firstInStock(db))
    .select([...categoryColumns, ...summaryColumns, categoryCount.as("category_count")])
    .orderBy("c.position")
    .orderBy("c.id")
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  return { categories: groupJoined(rows, toSummary), categoryCount: Number(rows[0]?.category_count ?? 0) };
}

/**
 * A page of a category's products in stock, and how many it has in stock in
 * all; undefined for an unknown category or a page past the last.
 */
export async function findCategoryPage(db: Db, slug: string, page: PageRequest) {
  const rows = await db
    .selectFrom("categories as c")
    .leftJoin("products as p", (join) => join.onRef("p.category_id", "=", "c.id").on(inStock()).on("p.visible", "=", 1))
    .select([...categoryColumns, ...summaryColumns, sql<number>`count(p.id) over ()`.as("in_stock")])
    .where("c.slug", "=", slug)
    .orderBy("p.position")
    .orderBy("p.id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const category = groupJoined(rows, toSummary)[0];
  return category && { category, inStock: Number(rows[0]!.in_stock) };
}

/** A product as seen at /shop/{category}/{id}, with its photos' alt texts: it must belong to that category. */
export async function findProduct(
  db: Db,
  categorySlug: string,
  id: number,
): Promise<(Product & { photoAlts: string[] }) | undefined> {
  const row = await selectProducts(db)
    .where("p.id", "=", id)
    .where("categories.slug", "=", categorySlug)
    .executeTakeFirst();
  if (!row) return undefined;
  const product = toProduct(row, (await shopVariants(db, [id])).get(id) ?? []);
  return { ...product, photoAlts: photoAlts(product.name, product.images, writtenPhotoAlts(row)) };
}

/** Category slugs and product ids for the sitemap, streamed in pages so no catalog is too large. */
export async function* listCatalogPaths(db: Db, pageSize = 1000) {
  for (const category of await listCategories(db)) yield { slug: category.slug };
  let afterId = 0;
  for (;;) {
    const page = await db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .select(["products.id", "categories.slug"])
      .where("products.visible", "=", 1)
      .where("products.id", ">", afterId)
      .orderBy("products.id")
      .limit(pageSize)
      .execute();
    for (const row of page) yield { slug: row.slug, id: row.id };
    if (page.length < pageSize) return;
    afterId = page[page.length - 1]!.id;
  }
}

/** The products with these ids, for refreshing a cart; unknown and hidden ids are simply absent. */
export async function findProducts(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db).where("p.id", "in", ids).orderBy("p.id").execute();
  const variants = await shopVariants(db, ids);
  return rows.map((row) => ({
    product: toProduct(row, variants.get(row.id) ?? []),
    categoryTitle: row.category_title,
  }));
}
