import type { Db } from "~/.server/db";
import type { TestItem } from "./catalog-files";

export const sizes = [{ name: "Size", values: ["8 oz", "12 oz"] }];
export const images = ["/images/products/lavender-1-800.webp", "/images/products/lavender-2-800.webp"];

/** Lavender Fields in two sizes, each with its own id, price, stock, SKU, weight and photo. */
export const lavender = (overrides: Partial<TestItem> = {}): TestItem => ({
  id: 1001,
  name: "Lavender Fields",
  images,
  options: sizes,
  variants: [
    { id: 5001, options: ["8 oz"], price: 18, stock: 4, sku: "LAV-8", weight: 10 },
    { id: 5002, options: ["12 oz"], price: "24.50", stock: 2, sku: "LAV-12", weight: 14.5, image: 1 },
  ],
  ...overrides,
});

/** Every variant row an import wrote, archived ones too, by id. */
export const variantRows = (db: Db) =>
  db
    .selectFrom("variants")
    .select(["id", "product_id", "option_values", "price_cents", "stock", "sku", "weight", "image", "archived"])
    .orderBy("id")
    .execute();
