import type { WantedVariant } from "./variant-sync";
import { z } from "zod";
import { dollarsToCents } from "~/lib/money";
import { ouncesToHundredths } from "~/lib/weight";

/** The catalog import file of DESIGN.md: the original shop's category documents. */

const text = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

const imageUrl = z
  .string()
  .trim()
  .max(2000, "must be at most 2000 characters")
  .refine((value) => (value.startsWith("/") && !value.startsWith("//") ? true : /^https?:\/\/[^\s]+$/.test(value)), {
    message: "must be a path starting with / or an http(s) URL",
  });

const price = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = dollarsToCents(value);
  if (cents === undefined) {
    ctx.addIssue({ code: "custom", message: "must be an amount of dollars from 0 to 1000000 with at most 2 decimals" });
    return z.NEVER;
  }
  return cents;
});

/** Ounces, in hundredths of an ounce (app/lib/weight.ts). */
const weight = z.number("must be a number of ounces").transform((value, ctx) => {
  const hundredths = Number.isFinite(value) ? ouncesToHundredths(String(value)) : undefined;
  if (hundredths === undefined || hundredths === 0) {
    ctx.addIssue({ code: "custom", message: "must be ounces above 0 and at most 10000, with at most 2 decimals" });
    return z.NEVER;
  }
  return hundredths;
});

export const catalogItemSchema = z.object({
  id: z.number().int("must be a whole number").positive("must be positive").max(2_147_483_647, "is too large"),
  name: text(200),
  price,
  images: z.array(imageUrl).min(1, "must list at least one image").max(20, "must list at most 20 images"),
  stock: z.number().int("must be a whole number").min(0, "must not be negative").max(1_000_000, "is too large"),
  scent: z.string().trim().max(200, "must be at most 200 characters"),
  description: z.string().trim().max(5000, "must be at most 5000 characters"),
  itemCategoy: z.string().trim().optional(),
  /** Left out, an import leaves the product's weight as it is (a new product has none). */
  weight: weight.optional(),
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

/** Names an entry of the raw file as a shop owner would look for it. */
function describePath(raw: unknown, pathParts: PropertyKey[]): string {
  const [categoryIndex, key, itemIndex, ...rest] = pathParts;
  if (typeof categoryIndex !== "number") return "the file";
  const category = Array.isArray(raw)
    ? (raw[categoryIndex] as { title?: unknown; items?: unknown[] } | undefined)
    : undefined;
  let where = `category ${categoryIndex + 1}`;
  if (typeof category?.title === "string") where += ` ("${category.title}")`;
  if (key === undefined) return where;
  if (key !== "items" || typeof itemIndex !== "number") return `${where}, field "${String(key)}"`;
  const item = category?.items?.[itemIndex] as { id?: unknown } | undefined;
  where += `, item ${itemIndex + 1}`;
  if (typeof item?.id === "number") where += ` (id ${item.id})`;
  const field = rest
    .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
    .join("")
    .slice(1);
  return field ? `${where}, field "${field}"` : where;
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
  file.forEach((category, index) => {
    const where = `category ${index + 1} ("${category.title}")`;
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
      const itemWhere = `${where}, item ${itemIndex + 1} (id ${item.id})`;
      const other = itemIds.get(item.id);
      if (other) throw new CatalogFileError(`${itemWhere}, field "id": the id ${item.id} is also used in ${other}`);
      itemIds.set(item.id, `category "${category.title}"`);
      if (item.itemCategoy !== undefined && categorySlug(item.itemCategoy) !== slug) {
        throw new CatalogFileError(`${itemWhere}, field "itemCategoy": must be "${category.title}"`);
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

type CatalogItem = CatalogFile[number]["items"][number];

/** An item's own columns in the products table, as the import writes them and its preview compares them. */
export const itemColumns = (item: CatalogItem) => ({
  name: item.name,
  scent: item.scent,
  description: item.description,
  images: JSON.stringify(item.images),
  options: "[]",
});

/** The variants an item wants: without options, one, with the item's price, stock and weight (none given: as it is). */
export const itemVariants = (item: CatalogItem): WantedVariant[] => [
  { values: [], priceCents: item.price, stock: item.stock, sku: null, weight: item.weight, image: null },
];
