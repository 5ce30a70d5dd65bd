import { findCategory } from "~/.server/catalog/queries";
import { toCatalogDocument } from "~/lib/catalog-api";
import { jsonError, noStore } from "~/.server/json-api";
import type { Route } from "./+types/api.catalog.$category";

export async function loader({ context, params }: Route.LoaderArgs) {
  const category = await findCategory(context.db, params.category);
  if (!category) {
    return jsonError(404, { code: "not_found", message: `There is no category "${params.category}".` });
  }
  return Response.json(toCatalogDocument(category), { headers: noStore });
}
