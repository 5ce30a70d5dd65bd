import type { CategoryWithProducts, Product } from "./catalog";
import { centsToDollars } from "./money";
import { dollarsToCents } from "./money-input";
import { priceRange, type ProductOption } from "./variants";

/** A variant as the JSON API shows it (DESIGN.md, "Sizes and scents"): its values, price in dollars and stock. */
export interface CatalogVariant {
  id: number;
  options: string[];
  price: number;
  stock: number;
  image?: number;
}

/**
 * A product as the JSON API shows it: the import file's item, price in
 * dollars. One with options carries them and its variants; its price is
 * the lowest and its stock the sum.
 */
export function toCatalogItem(product: Product, categoryTitle: string) {
  const item = {
    id: product.id,
    name: product.name,
    price: centsToDollars(product.priceCents),
    images: product.images,
    stock: product.stock,
    scent: product.scent,
    description: product.description,
    itemCategoy: categoryTitle,
  };
  if (product.options.length === 0) return item;
  return {
    ...item,
    options: product.options,
    variants: product.variants.map((variant): CatalogVariant => ({
      id: variant.id,
      options: variant.values,
      price: centsToDollars(variant.priceCents),
      stock: variant.stock,
      ...(variant.image === null ? {} : { image: variant.image }),
    })),
  };
}

export type CatalogItem = ReturnType<typeof toCatalogItem> & { options?: ProductOption[]; variants?: CatalogVariant[] };

/** A category in the JSON API's shape: the import file's, with prices in dollars. */
export function toCatalogDocument(category: CategoryWithProducts) {
  return {
    title: category.title,
    route: category.route,
    imageUrl: category.imageUrl,
    items: category.products.map((product) => toCatalogItem(product, category.title)),
  };
}

export type CatalogDocument = ReturnType<typeof toCatalogDocument>;

/** Reads an API item back into the shape pages use (the category's slug is its lowercased name). */
export function fromCatalogItem(item: CatalogItem): Product {
  const priceCents = dollarsToCents(item.price) ?? 0;
  const variants = (item.variants ?? []).map((variant) => ({
    id: variant.id,
    values: variant.options,
    priceCents: dollarsToCents(variant.price) ?? 0,
    stock: variant.stock,
    image: variant.image ?? null,
  }));
  return {
    id: item.id,
    categorySlug: item.itemCategoy.toLowerCase(),
    name: item.name,
    priceCents,
    priceVaries: variants.length > 0 && priceRange(variants).varies,
    hasOptions: (item.options ?? []).length > 0,
    stock: item.stock,
    scent: item.scent,
    description: item.description,
    images: item.images,
    options: item.options ?? [],
    variants:
      variants.length > 0 ? variants : [{ id: item.id, values: [], priceCents, stock: item.stock, image: null }],
  };
}
