import type { Db } from "../db";
import { getCatalog } from "../catalog/queries";
import { type OwnerVariant, ownerVariants } from "./products";
import { type CatalogItem, toCatalogDocument } from "~/lib/catalog-api";
import { centsToDollars } from "~/lib/money";
import { formatOunces, type HundredthsOfOunce } from "~/lib/weight";

/**
 * The whole catalog as the import file (GET /admin/catalog.json), hidden
 * products included, so that importing it gives the same shop: each
 * variant's stock as it is (one taken off sale too), its SKU, its weight
 * in ounces and its photo, and a product with options its variants.
 */
export async function catalogFileOfShop(db: Db) {
  const catalog = await getCatalog(db, { hidden: true });
  const variants = await ownerVariants(
    db,
    catalog.flatMap((category) => category.products.map((product) => product.id)),
  );
  return catalog.map(toCatalogDocument).map((category) => ({
    ...category,
    items: category.items.map((item) => fileItem(item, variants.get(item.id) ?? [])),
  }));
}

const ounces = (weight: HundredthsOfOunce) => Number(formatOunces(weight));

function fileItem(item: CatalogItem, variants: OwnerVariant[]) {
  const stock = variants.reduce((sum, variant) => sum + variant.stock, 0);
  if (!item.options) {
    const weight = variants[0]?.weight ?? null;
    return { ...item, stock, ...(weight === null ? {} : { weight: ounces(weight) }) };
  }
  return {
    ...item,
    stock,
    variants: variants.map((variant) => ({
      id: variant.id,
      options: variant.values,
      price: centsToDollars(variant.priceCents),
      stock: variant.stock,
      ...(variant.sku === null ? {} : { sku: variant.sku }),
      ...(variant.weight === null ? {} : { weight: ounces(variant.weight) }),
      ...(variant.image === null ? {} : { image: variant.image }),
    })),
  };
}
