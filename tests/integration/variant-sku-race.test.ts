import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveVariant, type VariantEdit } from "~/.server/admin/variant-save";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { catalogFile } from "../helpers/catalog-files";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

const owner = { actor: { id: "owner-id", displayName: "Mara Wick" }, now: Date.now() };
const PAIRS = 10;

/**
 * Two products' variants saved at the same moment with one SKU: on
 * PostgreSQL both saves can pass the check for another variant with it
 * before either writes, so the second write meets the unique index. The
 * owner sees the same refusal as when the check catches it, never an error.
 */
describe(`one SKU saved on two products at once, on ${testEngine}`, () => {
  let database: TestDatabase;
  const products = Array.from({ length: PAIRS * 2 }, (_, index) => ({ id: 5001 + index, stock: 3 }));

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

  it("saves one and refuses the other, pair after pair", async () => {
    for (let pair = 0; pair < PAIRS; pair++) {
      const sku = `FIG-${pair}`;
      const [first, second] = [products[pair * 2]!.id, products[pair * 2 + 1]!.id];
      const outcomes = await Promise.all([
        saveVariant(database.db, edit(first, sku), owner),
        saveVariant(database.db, edit(second, sku), owner),
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
});
