import path from "node:path";
import { importCatalogFile, prepareCatalog, progress, withShop } from "./catalog-run";
import { productIdsOf } from "./catalog-generator";
import { measureCheckout } from "./checkout";
import type { LoadGenerator, ShopperAddresses } from "./load";
import { createBenchDatabase } from "./postgres";
import type { BenchResults, CheckoutFigure } from "./results";
import type { BenchSettings } from "./settings";
import type { ShopData } from "./shop-server";

/** `--checkout`: the main table's checkout figure on each engine, with every checkout from an address of its own and all from one. */
export interface CheckoutResults {
  date: string;
  quick: boolean;
  machine: BenchResults["machine"];
  loadAverage: BenchResults["loadAverage"];
  loadGenerator: BenchResults["loadGenerator"];
  settings: { connections: number; seconds: number; repeats: number; maxRequestsPerRun: number };
  shopEnv: BenchResults["shopEnv"];
  catalog: { products: number; categories: number };
  figures: CheckoutFigure[];
}

const ENGINE = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;
const FROM = { own: "each from an address of its own", one: "all from one address" } as const;

/**
 * `--checkout`: the main table's checkout figure alone, on each engine, and again
 * with every checkout from one address, as a harness that sends no
 * X-Forwarded-For measures it. Each figure gets a fresh shop (demo catalog,
 * stock raised by an import, as the main bench's) and its own limit, so
 * neither inherits the other's orders.
 */
export async function benchCheckoutAddresses(options: {
  generator: LoadGenerator;
  settings: BenchSettings;
  postgresServer: string;
  workDir: string;
}): Promise<{ products: number; categories: number; figures: CheckoutFigure[] }> {
  const { generator, settings, postgresServer, workDir } = options;
  const dir = path.join(workDir, "checkout");
  const { catalog, file, bodies } = prepareCatalog("demo", dir);
  const figures: CheckoutFigure[] = [];
  for (const engine of ["sqlite", "postgres"] as const) {
    for (const addresses of ["own", "one"] as const satisfies ShopperAddresses[]) {
      const label = `${engine}-${addresses}`;
      const database =
        engine === "postgres" ? await createBenchDatabase(postgresServer, `checkout${addresses}`) : undefined;
      try {
        const data: ShopData = { dataDir: path.join(dir, label), databaseUrl: database?.url };
        await withShop(data, async (shop) => {
          await importCatalogFile(file, data);
          progress(`checkout on ${ENGINE[engine]}, ${FROM[addresses]}`);
          const limitDatabaseUrl = database ? await database.schemaUrl("bench_limit") : undefined;
          const figure = await measureCheckout({
            generator,
            shop,
            shopData: data,
            limitDatabaseUrl,
            catalog,
            bodies,
            settings,
            dir: path.join(dir, `${label}-limit`),
            addresses,
          });
          progress(`checkout on ${ENGINE[engine]}, ${FROM[addresses]}: ${figure.ratio.toFixed(2)} of the limit`);
          figures.push(figure);
        });
      } finally {
        await database?.drop();
      }
    }
  }
  return { products: productIdsOf(catalog).length, categories: catalog.length, figures };
}
