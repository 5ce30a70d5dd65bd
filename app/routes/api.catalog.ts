import { getCatalog } from "~/.server/catalog";
import { toCatalogDocument } from "~/lib/catalog-api";
import type { Route } from "./+types/api.catalog";

/** Stock changes with every order: clients must always ask again. */
export const noStore = { "Cache-Control": "no-store" };

export async function loader({ context }: Route.LoaderArgs) {
  const catalog = await getCatalog(context.db);
  return Response.json(catalog.map(toCatalogDocument), { headers: noStore });
}
