import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { getCatalog } from "~/.server/catalog/queries";
import { catalogFile, runCatalogImport } from "../helpers/catalog-files";
import { PostgresFaults } from "../helpers/postgres-faults";
import { runScript } from "../helpers/run-script";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

describe(`npm run catalog:import on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.cleanup());

  const importFile = (content: unknown, ...options: string[]) => runCatalogImport(database.env, content, ...options);
  /** The catalog a test starts from, loaded in this process by the command's own domain call (no process to start). */
  const startingCatalog = (content: unknown) =>
    importCatalog(database.db, parseCatalogFile(content), { replace: false });

  /** What a shopper could see: category titles with their product ids, names, prices and stock. */
  async function catalogSummary() {
    const catalog = await getCatalog(database.db);
    return Object.fromEntries(
      catalog.map((category) => [
        category.title,
        category.products.map(({ id, name, priceCents, stock }) => ({ id, name, priceCents, stock })),
      ]),
    );
  }

  it("loads a file, converting dollar prices to exact cents", async () => {
    const result = await importFile(
      catalogFile({
        Wax: [
          { id: 1001, price: 19.99 },
          { id: 1002, price: 0.29 },
        ],
        Jelly: [{ id: 3001, price: "24.50" }],
      }),
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Imported 2 categories and 3 products into /);
    expect(await catalogSummary()).toEqual({
      Wax: [
        { id: 1001, name: "Candle 1001", priceCents: 1999, stock: 5 },
        { id: 1002, name: "Candle 1002", priceCents: 29, stock: 5 },
      ],
      Jelly: [{ id: 3001, name: "Candle 3001", priceCents: 2450, stock: 5 }],
    });
  });

  it("without --replace, updates by title and id and keeps everything else", async () => {
    await startingCatalog(catalogFile({ Wax: [{ id: 1001 }, { id: 1002 }], Jelly: [{ id: 3001 }] }));
    const result = await importFile(catalogFile({ Wax: [{ id: 1002, name: "Renamed", stock: 0 }, { id: 1003 }] }));
    expect(result.code).toBe(0);
    expect(await catalogSummary()).toEqual({
      // Ordered by position in the latest file that named them, then by id.
      Wax: [
        { id: 1001, name: "Candle 1001", priceCents: 1000, stock: 5 },
        { id: 1002, name: "Renamed", priceCents: 1000, stock: 0 },
        { id: 1003, name: "Candle 1003", priceCents: 1000, stock: 5 },
      ],
      Jelly: [{ id: 3001, name: "Candle 3001", priceCents: 1000, stock: 5 }],
    });
  });

  it("with --replace, makes the catalog exactly the file, moving products between categories", async () => {
    await startingCatalog(catalogFile({ Wax: [{ id: 1001 }, { id: 1002 }], Jelly: [{ id: 3001 }] }));
    const result = await importFile(catalogFile({ Seasonal: [{ id: 1002 }, { id: 2001 }] }), "--replace");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("(removed 2 categories and 2 products)");
    expect(await catalogSummary()).toEqual({
      Seasonal: [
        { id: 1002, name: "Candle 1002", priceCents: 1000, stock: 5 },
        { id: 2001, name: "Candle 2001", priceCents: 1000, stock: 5 },
      ],
    });
  });

  it("changes nothing when any entry is bad, and names it", async () => {
    await startingCatalog(catalogFile({ Wax: [{ id: 1001 }] }));
    const before = await catalogSummary();
    const bad = catalogFile({ Wax: [{ id: 1001, stock: 1 }], Jelly: [{ id: 3001 }, { id: 3002, price: 19.999 }] });

    for (const options of [[], ["--replace"]]) {
      const result = await importFile(bad, ...options);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        'Nothing was imported: category 2 ("Jelly"), item 2 (id 3002), field "price": must be an amount of dollars from 0 to 1000000 with at most 2 decimals',
      );
    }
    expect(await catalogSummary()).toEqual(before);
  });

  it("refuses a file that is not JSON, or a missing file, changing nothing", async () => {
    const notJson = await importFile("[{ title: ");
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/^Nothing was imported: the file is not valid JSON: /);

    const missing = await runScript("scripts/catalog-import.ts", ["/nonexistent/catalog.json"], database.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe("Cannot read /nonexistent/catalog.json: ENOENT");

    const usage = await runScript("scripts/catalog-import.ts", [], database.env);
    expect(usage.code).toBe(1);
    expect(usage.stderr.trim()).toBe("Usage: npm run catalog:import -- FILE [--replace]");
    expect(await catalogSummary()).toEqual({});
  });

  it("prints progress for a large file and imports all of it", async () => {
    const items = Array.from({ length: 1200 }, (_, index) => ({ id: 10_000 + index }));
    const result = await importFile(catalogFile({ Wax: items }));
    expect(result.code).toBe(0);
    expect(result.stderr.trim().split("\n")).toEqual([
      "Importing products: 500/1200",
      "Importing products: 1000/1200",
      "Importing products: 1200/1200",
    ]);
    expect((await catalogSummary()).Wax).toHaveLength(1200);
  });

  // SQLite runs one writer at a time; PostgreSQL locks rows, and two transactions locking them in opposite orders deadlock.
  it.runIf(testEngine === "postgres").each([
    { how: "upserting", options: [], kept: { Gone: [3000] } },
    { how: "replacing", options: ["--replace"], kept: {} },
  ])("locks variants in id order, as a checkout does, so the two never deadlock ($how)", async ({ options, kept }) => {
    // 500 products fill the import's first batch, candle 1000 comes in the second, and candle 3000 is not in the file.
    const later = Array.from({ length: 500 }, (_, index) => ({ id: 2000 + index }));
    await startingCatalog(catalogFile({ Later: later, Earlier: [{ id: 1000 }], Gone: [{ id: 3000 }] }));
    const faults = await PostgresFaults.open(database);
    try {
      // A checkout of candles 1000, 2000 and 3000 locks them in id order, and holds the first when the import starts.
      const checkout = await faults.holdTransaction("select id from variants where id = 1000 for update");
      const importing = importFile(catalogFile({ Later: later, Earlier: [{ id: 1000 }] }), ...options);
      await faults.blockedBackend(/"variants"/);
      await checkout.query("select id from variants where id in (2000, 3000) order by id for update");
      await checkout.commit();

      const result = await importing;
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const ids = Object.fromEntries(
        Object.entries(await catalogSummary()).map(([title, products]) => [
          title,
          products.map((product) => product.id),
        ]),
      );
      expect(ids).toEqual({ Later: later.map((product) => product.id), Earlier: [1000], ...kept });
    } finally {
      await faults.close();
    }
  });
});
