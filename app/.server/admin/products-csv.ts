import { formatPrice } from "~/lib/money";
import { formatOunces } from "~/lib/weight";
import type { Db } from "../db";
import type { CsvExport } from "./csv-stream";
import { type OwnerProduct, ownerVariants, selectOwnerProducts, toOwnerProduct } from "./products";

/** A product's place in catalog order: its category's position and id, then its own position and id. */
export interface CatalogPlace {
  categoryPosition: number;
  categoryId: number;
  position: number;
  id: number;
}

/** The next `size` products after `after` in catalog order, hidden ones included: a batch of the products CSV. */
export async function productBatch(db: Db, after: CatalogPlace | undefined, size: number) {
  let query = selectOwnerProducts(db).select("c.position as category_position");
  if (after) {
    const { categoryPosition, categoryId, position, id } = after;
    query = query.where((eb) =>
      eb(
        eb.refTuple("c.position", "c.id", "p.position", "p.id"),
        ">",
        eb.tuple(categoryPosition, categoryId, position, id),
      ),
    );
  }
  const rows = await query
    .orderBy("c.position")
    .orderBy("c.id")
    .orderBy("p.position")
    .orderBy("p.id")
    .limit(size)
    .execute();
  const variants = await ownerVariants(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toOwnerProduct(row, variants.get(row.id) ?? []),
    categoryPosition: row.category_position,
    categoryId: row.category_id,
    position: row.position,
  }));
}

/**
 * Every product as CSV (GET /admin/products.csv), one row per variant
 * (a product without options has one, its Variant empty), defused against
 * formulas like the orders CSV.
 */
export const productsCsv = (db: Db, batchSize = 500): CsvExport<OwnerProduct & CatalogPlace> => ({
  name: "products",
  header: [
    "Id",
    "Name",
    "Variant",
    "SKU",
    "Category",
    "Price",
    "Stock",
    "Low-stock alert at",
    "Visible in the shop",
    "Scent",
    "Description",
    "Photos",
    "Weight (oz)",
  ],
  batchAfter: (last) => productBatch(db, last, batchSize),
  rows: (product) =>
    product.variants.map((variant) => [
      product.id,
      product.name,
      variant.label,
      variant.sku ?? "",
      product.categoryTitle,
      formatPrice(variant.priceCents),
      variant.stock,
      product.lowStockAt,
      product.visible && variant.available ? "yes" : "no",
      product.scent,
      product.description,
      product.images.join(" "),
      variant.weight === null ? "" : formatOunces(variant.weight),
    ]),
});
