import { requireOwner } from "~/.server/admin/owners";
import { getCatalog } from "~/.server/catalog/queries";
import { toCatalogDocument } from "~/lib/catalog-api";
import type { Route } from "./+types/admin.catalog[.]json";

/** GET /admin/catalog.json: the whole catalog, hidden products included, as the file `npm run catalog:import` and Import read. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const catalog = await getCatalog(context.db, { hidden: true });
  return new Response(`${JSON.stringify(catalog.map(toCatalogDocument), null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalog-${new Date().toISOString().slice(0, 10)}.json"`,
    },
  });
}
