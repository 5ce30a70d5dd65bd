import type { WantedVariant } from "./variant-sync";
import { z } from "zod";
import { catalogNumber, imageUrl, price, stock, text, weight } from "./file-fields";
import { catalogOptionSchema, catalogVariantSchema, FileVariants, variantName } from "./file-variants";
import { MAX_VARIANTS } from "~/lib/variants";

/** The catalog import file of DESIGN.md: the original shop's category documents, items with sizes and scents. */

export const catalogItemSchema = z.object({
  id: catalogNumber,
  name: text(200),
  price,
  images: z.array(imageUrl).min(1, "must list at least one image").max(20, "must list at most 20 images"),
  stock,
  scent: z.string().trim().max(200, "must be at most 200 characters"),
  description: z.string().trim().max(5000, "must be at most 5000 characters"),
  itemCategoy: z.string().trim().optional(),
  /** Left out, an import leaves the product's weight as it is (a new product has none). */
  weight: weight.optional(),
  /**
   * Sizes and scents (file-variants.ts); without them the item is one variant with its own price and stock.
   * With them, its price and stock are what the API shows (the lowest, the sum) and the import reads the variants'.
   */
  options: z.array(catalogOptionSchema).optional(),
  variants: z.array(catalogVariantSchema).max(MAX_VARIANTS, `must list at most ${MAX_VARIANTS} variants`).optional(),
});

export const catalogCategorySchema = z.object({
  title: text(100).refine((title) => !/[/?#%\\]/.test(title), { message: "must not contain / ? # % or \\" }),
  route: z.string().trim(),
  imageUrl,
  items: z.array(catalogItemSchema).max(100_000, "must hold at most 100000 items"),
});

export const catalogFileSchema = z.array(catalogCategorySchema).min(1, "must hold at least one category");

export type CatalogFile = z.output<typeof catalogFileSchema>;

export const categorySlug = (title: string) => title.trim().toLowerCase();
export const categoryRoute = (slug: string) => `shop/${slug}`;

export class CatalogFileError extends Error {
  override name = "CatalogFileError";
}

/** How the import names an item, and one of its variants: 'category 1 ("Wax"), item 2 (id 1001), variant "12 oz"'. */
export function entryName(
  category: { index: number; title?: unknown },
  item?: { index: number; id?: unknown },
  variant?: string,
) {
  let where = `category ${category.index + 1}`;
  if (typeof category.title === "string") where += ` ("${category.title}")`;
  if (!item) return where;
  where += `, item ${item.index + 1}`;
  if (typeof item.id === "number") where += ` (id ${item.id})`;
  return variant === undefined ? where : `${where}, variant ${variant}`;
}

/** An entry and its field: a variant's field follows a colon, another's a comma. */
const fieldOf = (where: string, field: string, variant?: string) =>
  field === "" ? where : `${where}${variant === undefined ? "," : ":"} field "${field}"`;

const fieldPath = (parts: PropertyKey[]) =>
  parts
    .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
    .join("")
    .slice(1);

/** Names an entry of the raw file as a shop owner would look for it. */
function describePath(raw: unknown, pathParts: PropertyKey[]): string {
  const [categoryIndex, key, itemIndex, ...rest] = pathParts;
  if (typeof categoryIndex !== "number") return "the file";
  const category = Array.isArray(raw)
    ? (raw[categoryIndex] as { title?: unknown; items?: unknown[] } | undefined)
    : undefined;
  const where = entryName({ index: categoryIndex, title: category?.title });
  if (key === undefined) return where;
  if (key !== "items" || typeof itemIndex !== "number") return `${where}, field "${String(key)}"`;
  const item = category?.items?.[itemIndex] as { id?: unknown; variants?: unknown[] } | undefined;
  const [itemKey, variantIndex, ...variantRest] = rest;
  const inVariant = itemKey === "variants" && typeof variantIndex === "number";
  const variant = inVariant
    ? variantName((item?.variants?.[variantIndex] as { options?: unknown } | undefined)?.options, variantIndex)
    : undefined;
  const itemWhere = entryName(
    { index: categoryIndex, title: category?.title },
    { index: itemIndex, id: item?.id },
    variant,
  );
  return fieldOf(itemWhere, fieldPath(inVariant ? variantRest : rest), variant);
}

/** Validates a whole parsed file; throws a CatalogFileError naming the first bad entry and field. */
export function parseCatalogFile(raw: unknown): CatalogFile {
  const parsed = catalogFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CatalogFileError(`${describePath(raw, issue.path)}: ${issue.message}`);
  }
  const file = parsed.data;
  const slugs = new Map<string, number>();
  const itemIds = new Map<number, string>();
  const variants = new FileVariants();
  file.forEach((category, index) => {
    const where = entryName({ index, title: category.title });
    const slug = categorySlug(category.title);
    if (slugs.has(slug)) {
      throw new CatalogFileError(`${where}, field "title": the title "${category.title}" is used twice`);
    }
    slugs.set(slug, index);
    const expectedRoute = categoryRoute(slug);
    if (category.route.replace(/^\/+|\/+$/g, "").toLowerCase() !== expectedRoute) {
      throw new CatalogFileError(`${where}, field "route": must be "${expectedRoute}"`);
    }
    category.items.forEach((item, itemIndex) => {
      const itemWhere = entryName({ index, title: category.title }, { index: itemIndex, id: item.id });
      const other = itemIds.get(item.id);
      if (other) throw new CatalogFileError(`${itemWhere}, field "id": the id ${item.id} is also used in ${other}`);
      itemIds.set(item.id, `category "${category.title}"`);
      if (item.itemCategoy !== undefined && categorySlug(item.itemCategoy) !== slug) {
        throw new CatalogFileError(`${itemWhere}, field "itemCategoy": must be "${category.title}"`);
      }
      const problem = variants.problemOf(item);
      if (problem) {
        const variantWhere = problem.variant === undefined ? itemWhere : `${itemWhere}, variant ${problem.variant}`;
        throw new CatalogFileError(`${fieldOf(variantWhere, problem.field, problem.variant)}: ${problem.message}`);
      }
    });
  });
  return file;
}

/** Parses and validates a file's text: bad JSON is a CatalogFileError too. */
export function parseCatalogText(text: string): CatalogFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CatalogFileError(`the file is not valid JSON: ${(error as Error).message}`);
  }
  return parseCatalogFile(raw);
}

export type CatalogItem = CatalogFile[number]["items"][number];

/** An item's own columns in the products table, as the import writes them and its preview compares them. */
export const itemColumns = (item: CatalogItem) => ({
  name: item.name,
  scent: item.scent,
  description: item.description,
  images: JSON.stringify(item.images),
  options: JSON.stringify(item.variants ? (item.options ?? []) : []),
});

/**
 * The variants an item wants: those it lists, else one with the item's
 * price, stock and weight. A weight left out keeps the variant's, except
 * that a variant takes the item's weight when it gives one.
 */
export const itemVariants = (item: CatalogItem): WantedVariant[] =>
  item.variants
    ? item.variants.map((variant) => ({
        id: variant.id,
        values: variant.options,
        priceCents: variant.price,
        stock: variant.stock,
        sku: variant.sku ?? null,
        weight: variant.weight ?? item.weight,
        image: variant.image ?? null,
      }))
    : [{ values: [], priceCents: item.price, stock: item.stock, sku: null, weight: item.weight, image: null }];
