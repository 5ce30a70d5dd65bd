import type { CategoryWithProducts } from "./catalog";
import { centsToDollars } from "./money";

/** A category in the JSON API's shape: the import file's, with prices in dollars. */
export function toCatalogDocument(category: CategoryWithProducts) {
  return {
    title: category.title,
    route: category.route,
    imageUrl: category.imageUrl,
    items: category.products.map((product) => ({
      id: product.id,
      name: product.name,
      price: centsToDollars(product.priceCents),
      images: product.images,
      stock: product.stock,
      scent: product.scent,
      description: product.description,
      itemCategoy: category.title,
    })),
  };
}

export type CatalogDocument = ReturnType<typeof toCatalogDocument>;
