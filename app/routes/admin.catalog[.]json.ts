import { requireOwner } from "~/.server/admin/owners";
import { catalogFileOfShop } from "~/.server/admin/catalog-export";
import type { Route } from "./+types/admin.catalog[.]json";

/** GET /admin/catalog.json: the whole catalog, hidden products included, as the file `npm run catalog:import` and Import read. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const catalog = await catalogFileOfShop(context.db);
  return new Response(`${JSON.stringify(catalog, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalog-${new Date().toISOString().slice(0, 10)}.json"`,
    },
  });
}
