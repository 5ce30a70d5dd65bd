import os from "node:os";
import path from "node:path";
import { type CatalogRunOptions, withShop } from "./catalog-run";
import { pagesInRounds, type RoundPageShop } from "./page-rounds";
import type { PageToMeasure } from "./pages";
import { type BenchDatabase, createBenchDatabase } from "./postgres";
import type { RoundPagesEngine } from "./results";
import { type ShopData, type ShopServer, startShop } from "./shop-server";

export type Engine = RoundPagesEngine<string>["engine"];

/** Both engines, as the two-shop modes measure them unless `--engine` names one. */
export const BOTH_ENGINES: readonly Engine[] = ["sqlite", "postgres"];

/** One of the two shops as its engine's rounds take it, with what its own set-up gave it. */
export type TwoShopsShop<Key extends string, Own> = RoundPageShop<Key> & Own;

/**
 * Two shops of one engine at once, on each of `engines` in turn (SQLite, then PostgreSQL), as
 * `--own-shop` and `--variants` measure them: each shop gets its data
 * folder in `dir` (and a database of its own on PostgreSQL), is set up
 * while it runs for the first time (`setUp`, which also says what its
 * pages must show), and is then measured in a process started afresh:
 * `measureFirst` if given, then every page in alternating rounds
 * (page-rounds.ts). An engine's figures are `measureFirst`'s beside the
 * pages'; ratios are `keys[1]`'s shop over `keys[0]`'s.
 */
export async function twoShopsOnEachEngine<Key extends string, Own extends object, Extra extends object>(
  options: Pick<CatalogRunOptions, "generator" | "settings" | "postgresServer"> & {
    /** Names the runs in the progress lines, and the databases: "own shop", "variants". */
    what: string;
    engines: readonly Engine[];
    dir: string;
    keys: readonly [base: Key, other: Key];
    rounds: number;
    pages: PageToMeasure[];
    setUp: (
      running: ShopServer,
      key: Key,
      data: ShopData,
      engine: Engine,
    ) => Promise<Pick<RoundPageShop<Key>, "pathOf" | "expectShown"> & Own>;
    measureFirst?: (shops: [TwoShopsShop<Key, Own>, TwoShopsShop<Key, Own>], engine: Engine) => Promise<Extra>;
  },
): Promise<(RoundPagesEngine<Key> & Extra)[]> {
  const { generator, settings, postgresServer, what, dir, keys, rounds, pages, setUp, measureFirst } = options;
  const engines: (RoundPagesEngine<Key> & Extra)[] = [];
  for (const engine of options.engines) {
    const loadAtStart = os.loadavg()[0]!;
    const shops: TwoShopsShop<Key, Own>[] = [];
    const databases: BenchDatabase[] = [];
    try {
      for (const key of keys) {
        const database =
          engine === "postgres"
            ? await createBenchDatabase(postgresServer, `${what.replaceAll(" ", "_")}_${key}`)
            : undefined;
        if (database) databases.push(database);
        const data: ShopData = { dataDir: path.join(dir, `${engine}-${key}`), databaseUrl: database?.url };
        // The first start loads the demo catalog; the set-up then makes the shop what it is measured as.
        const own = await withShop(data, (running) => setUp(running, key, data, engine));
        shops.push({ ...own, key, data, shop: await startShop(data) });
      }
      // A pair of its own: stopping the shops below empties `shops`, and the page cache's figures read the pair.
      const pair: [TwoShopsShop<Key, Own>, TwoShopsShop<Key, Own>] = [shops[0]!, shops[1]!];
      const extra = measureFirst ? await measureFirst(pair, engine) : ({} as Extra);
      const measured = await pagesInRounds({ generator, settings, engine, what, rounds, pages, shops: pair });
      // Stopped, each has written every line of its log.
      for (const { shop } of shops.splice(0)) await shop.stop();
      engines.push({
        engine,
        loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
        ...extra,
        pages: measured.pages,
        overall: measured.overall,
        pageCache: await measured.pageCache(),
      });
    } finally {
      for (const { shop } of shops) await shop.stop();
      for (const database of databases) await database.drop();
    }
  }
  return engines;
}
