import { getCatalog } from "~/.server/catalog/queries";
import { toCatalogDocument } from "~/lib/catalog-api";
import { noStore } from "~/.server/json-api";
import type { Route } from "./+types/api.catalog";

export async function loader({ context }: Route.LoaderArgs) {
  const catalog = await getCatalog(context.db);
  return Response.json(catalog.map(toCatalogDocument), { headers: noStore });
}
