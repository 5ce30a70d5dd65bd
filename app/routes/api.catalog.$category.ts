import { findCategory } from "~/.server/catalog";
import { toCatalogDocument } from "~/lib/catalog-api";
import type { Route } from "./+types/api.catalog.$category";
import { noStore } from "./api.catalog";

export async function loader({ context, params }: Route.LoaderArgs) {
  const category = await findCategory(context.db, params.category, { inStockOnly: false });
  if (!category) {
    return Response.json(
      { error: { code: "not_found", message: `There is no category "${params.category}".` } },
      { status: 404, headers: noStore },
    );
  }
  return Response.json(toCatalogDocument(category), { headers: noStore });
}
