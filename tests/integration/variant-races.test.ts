import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveOptions, saveVariant, type VariantEdit } from "~/.server/admin/variant-save";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { catalogFile } from "../helpers/catalog-files";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

const owner = { actor: { id: "owner-id", displayName: "Mara Wick" }, now: Date.now() };
const PAIRS = 10;

/**
 * Two products' variants written at the same moment. On PostgreSQL both
 * writes can read the shop before either commits: the same free SKU, the
 * same next variant id. The owner sees the same answer as when one save
 * follows the other, never an error, and no variant changes product.
 */
describe(`two products' variants saved at once, on ${testEngine}`, () => {
  let database: TestDatabase;
  const products = Array.from({ length: PAIRS * 4 }, (_, index) => ({ id: 5001 + index, stock: 3 }));
  const pairs = (from: number) =>
    Array.from({ length: PAIRS }, (_, pair) => [products[from + pair * 2]!.id, products[from + pair * 2 + 1]!.id]);

  beforeAll(async () => {
    database = await createTestDatabase();
    await importCatalog(database.db, parseCatalogFile(catalogFile({ Wax: products })), { replace: false });
  });
  afterAll(() => database?.cleanup());

  // A product without options has one variant, numbered as the product.
  const edit = (productId: number, sku: string): VariantEdit => ({
    productId,
    variantId: productId,
    priceCents: 2400,
    sku,
    weight: null,
    image: null,
    available: true,
  });

  it("one SKU: saves one and refuses the other, pair after pair", async () => {
    for (const [pair, [first, second]] of pairs(0).entries()) {
      const sku = `FIG-${pair}`;
      const outcomes = await Promise.all([
        saveVariant(database.db, edit(first!, sku), owner),
        saveVariant(database.db, edit(second!, sku), owner),
      ]);
      expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["refused", "saved"]);
      expect(outcomes.find((outcome) => outcome.kind === "refused")).toEqual({
        kind: "refused",
        field: "sku",
        message: `Another variant has the SKU ${sku}.`,
      });
      const holders = await database.db.selectFrom("variants").select("product_id").where("sku", "=", sku).execute();
      expect(holders).toHaveLength(1);
    }
  });

  it("new sizes: each product gets its own, pair after pair", async () => {
    const sizes = [{ name: "Size", values: ["8 oz", "12 oz", "16 oz"] }, null, null];
    for (const [first, second] of pairs(PAIRS * 2)) {
      const outcomes = await Promise.all([
        saveOptions(database.db, first!, sizes, owner),
        saveOptions(database.db, second!, sizes, owner),
      ]);
      expect(outcomes).toEqual([
        { kind: "saved", variants: 3, archived: [] },
        { kind: "saved", variants: 3, archived: [] },
      ]);
      for (const productId of [first!, second!]) {
        const variants = await database.db
          .selectFrom("variants")
          .select(["option_values"])
          .where("product_id", "=", productId)
          .where("archived", "=", 0)
          .orderBy("position")
          .execute();
        expect(
          variants.map((row) => row.option_values),
          `product ${productId}`,
        ).toEqual(['["8 oz"]', '["12 oz"]', '["16 oz"]']);
      }
    }
  });
});
