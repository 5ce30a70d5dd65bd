import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCatalog } from "~/.server/catalog/queries";
import { catalogFile, runCatalogImport } from "../helpers/catalog-files";
import { type CheckoutAnswer, checkout, type Shop, openShop, type ApiResponse } from "../helpers/shop-api";
import { accountedStock, adjustedStock } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

/** Shoppers checking out at the same time, each as soon as her last checkout was answered. */
const SHOPPERS = 4;
const IMPORTS = 3;

/**
 * `npm run catalog:import` while the server takes orders: on SQLite, two
 * processes writing one file, where the import's transaction reads before it
 * writes and the server commits a checkout every few milliseconds. Both go
 * on, each waiting for the other's write (db/sqlite-dialect.ts); before
 * they did, an import failed with "database is locked" in one run of two
 * (transaction-two-processes.test.ts shows why, every time). A few seconds:
 * three imports, each a process of its own.
 */
describe(`npm run catalog:import while the shop sells, on ${testEngine}`, () => {
  const selling = { id: 101, stock: 10_000 };
  const repriced = { id: 201, stock: 5 };
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [selling], Jelly: [repriced] });
  });
  afterAll(() => shop?.close());

  it("imports every time, and every checkout meanwhile is placed", async () => {
    let importing = true;
    const answers: ApiResponse<CheckoutAnswer>[] = [];
    const sell = async () => {
      while (importing) answers.push(await checkout(shop, [{ id: selling.id, quantity: 1 }]));
    };
    const importPrices = async () => {
      try {
        const results = [];
        for (let price = 11; price < 11 + IMPORTS; price++)
          results.push(await runCatalogImport(shop.database.env, catalogFile({ Jelly: [{ ...repriced, price }] })));
        return results;
      } finally {
        importing = false;
      }
    };
    const [imports] = await Promise.all([importPrices(), ...Array.from({ length: SHOPPERS }, sell)]);

    expect(imports.map(({ code, stderr }) => ({ code, stderr }))).toEqual(
      Array.from({ length: IMPORTS }, () => ({ code: 0, stderr: "" })),
    );
    expect(answers.length).toBeGreaterThanOrEqual(SHOPPERS);
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    const jelly = (await getCatalog(shop.db)).find((category) => category.title === "Jelly")!;
    expect(jelly.products.map(({ id, priceCents }) => ({ id, priceCents }))).toEqual([
      { id: repriced.id, priceCents: (10 + IMPORTS) * 100 },
    ]);
    expect(await accountedStock(shop.db)).toEqual(await adjustedStock(shop.db));
  });
});
