import { getCatalog } from "~/.server/catalog/queries";
import { toCatalogDocument } from "~/lib/catalog-api";
import { noStore, withDatabaseOutage } from "~/.server/json-api";
import type { Route } from "./+types/api.catalog";

export const loader = withDatabaseOutage(async function loader({ context }: Route.LoaderArgs) {
  const catalog = await getCatalog(context.db);
  return Response.json(catalog.map(toCatalogDocument), { headers: noStore });
});
