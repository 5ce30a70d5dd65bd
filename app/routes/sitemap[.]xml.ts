import { listCatalogPaths } from "~/.server/catalog/queries";
import { publishedPolicies, shopPages } from "~/.server/settings/shop-settings";
import { categoryPath, productPath } from "~/lib/catalog";
import type { Route } from "./+types/sitemap[.]xml";

const STATIC_PATHS = ["/", "/shop", "/contact", "/about"];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Every page of the shop, streamed so a catalog of any size fits. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context;
  const encoder = new TextEncoder();
  const policies = publishedPolicies(await shopPages(db)).map((policy) => policy.path);
  const url = (path: string) => `<url><loc>${escapeXml(config.publicUrl + path)}</loc></url>\n`;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(
        encoder.encode(
          '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
        ),
      );
      for (const path of [...STATIC_PATHS, ...policies]) controller.enqueue(encoder.encode(url(path)));
      for await (const entry of listCatalogPaths(db)) {
        const path =
          entry.id === undefined ? categoryPath(entry.slug) : productPath({ categorySlug: entry.slug, id: entry.id });
        controller.enqueue(encoder.encode(url(path)));
      }
      controller.enqueue(encoder.encode("</urlset>\n"));
      controller.close();
    },
  });
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
