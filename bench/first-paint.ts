import path from "node:path";
import { measureAddToCart } from "./add-to-cart";
import { type CatalogName, importCatalogFile, prepareCatalog, progress, withShop } from "./catalog-run";
import { productIdsOf } from "./catalog-generator";
import { LIGHTHOUSE, measureLighthouse } from "./lighthouse";
import type { FirstPaintResults } from "./results";
import type { ShopData } from "./shop-server";

export interface FirstPaintOptions {
  quick: boolean;
  /** Lighthouse's runs of each page and of its floor, and the cold loads that time Add to Cart. */
  rounds: number;
  workDir: string;
}

/**
 * `--first-paint`: how soon a phone on slow 4G sees each browsing page
 * against the same page without scripts (Lighthouse, alternated with the
 * floor), and when Add to Cart first works on the product page, on the
 * demo's catalog and the generated one of 10,000 products (SQLite; the
 * engine does not reach the browser). `quick`: the demo's product page
 * alone, to check the measurement works.
 */
export async function benchFirstPaint({ quick, rounds, workDir }: FirstPaintOptions) {
  const names: CatalogName[] = quick ? ["demo"] : ["demo", "large"];
  const catalogs: FirstPaintResults["catalogs"] = [];
  for (const name of names) {
    const dir = path.join(workDir, name);
    const { catalog, file, pages } = prepareCatalog(name, dir);
    const data: ShopData = { dataDir: path.join(dir, "sqlite") };
    // The demo's shop loads its catalog itself on its first start.
    if (name !== "demo") {
      progress(`importing ${productIdsOf(catalog).length} products into SQLite`);
      await importCatalogFile(file, data);
    }
    const product = pages.browsing.find((page) => page.label === "product")!;
    const measured = quick ? [product] : pages.browsing;
    catalogs.push(
      await withShop(data, async (shop) => {
        progress(`${name} catalog: Lighthouse (${LIGHTHOUSE}, mobile) beside the floor`);
        const lighthouse = await measureLighthouse(shop.url, measured, rounds, path.join(dir, "lighthouse"));
        progress(`${name} catalog: Add to Cart on slow 4G`);
        const addToCart = await measureAddToCart(shop.url, product.path, rounds);
        return { name, products: productIdsOf(catalog).length, categories: catalog.length, lighthouse, addToCart };
      }),
    );
  }
  return catalogs;
}
