import type { CategoryWithProducts, Product } from "./catalog";
import { centsToDollars, dollarsToCents } from "./money";

/** A product as the JSON API shows it: the import file's item, price in dollars. */
export function toCatalogItem(product: Product, categoryTitle: string) {
  return {
    id: product.id,
    name: product.name,
    price: centsToDollars(product.priceCents),
    images: product.images,
    stock: product.stock,
    scent: product.scent,
    description: product.description,
    itemCategoy: categoryTitle,
  };
}

export type CatalogItem = ReturnType<typeof toCatalogItem>;

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
  return {
    id: item.id,
    categorySlug: item.itemCategoy.toLowerCase(),
    name: item.name,
    priceCents: dollarsToCents(item.price) ?? 0,
    stock: item.stock,
    scent: item.scent,
    description: item.description,
    images: item.images,
  };
}
