import type { LoadGenerator } from "./load";
import { startPageLimit } from "./limits";
import type { PageFigure } from "./results";
import type { BenchSettings } from "./settings";
import { type Server, shopBesideLimit } from "./side-by-side";
import { ratio } from "./stats";

export interface PageToMeasure {
  label: string;
  path: string;
}

/** Requests per second for each page, beside a bare Node server sending the very same bytes. */
export async function measurePages(
  generator: LoadGenerator,
  shop: Server,
  pages: PageToMeasure[],
  settings: BenchSettings,
  dir: string,
): Promise<PageFigure[]> {
  const limit = await startPageLimit(
    shop.url,
    pages.map((page) => page.path),
    dir,
  );
  try {
    const figures: PageFigure[] = [];
    for (const page of pages) {
      const servers = { shop, limit };
      const { shop: atShop, limit: atLimit } = await shopBesideLimit(
        generator,
        servers,
        { kind: "get", path: page.path },
        settings,
      );
      const captured = limit.pages.get(page.path)!;
      figures.push({
        ...page,
        shop: atShop,
        limit: atLimit,
        ratio: ratio(atShop.requestsPerSecond, atLimit.requestsPerSecond),
        ...captured,
      });
    }
    return figures;
  } finally {
    await limit.stop();
  }
}
