import { findProducts } from "~/.server/catalog/queries";
import { toCatalogItem } from "~/lib/catalog-api";
import { jsonError, noStore } from "~/.server/json-api";
import type { Route } from "./+types/api.products";

/** One cart's worth of ids at most. */
const MAX_IDS = 500;

function parseIds(param: string | null): number[] | undefined {
  if (param === null || param === "") return [];
  const parts = param.split(",");
  if (parts.length > MAX_IDS || !parts.every((part) => /^\d{1,10}$/.test(part))) return undefined;
  return [...new Set(parts.map(Number))];
}

/** GET /api/products?ids=1001,2002 — fresh data for the items of a cart. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ids = parseIds(new URL(request.url).searchParams.get("ids"));
  if (!ids) {
    return jsonError(400, {
      code: "invalid_ids",
      message: `ids must be up to ${MAX_IDS} product numbers separated by commas, e.g. ids=1001,2002.`,
      fields: { ids: "must be product numbers separated by commas" },
    });
  }
  const found = await findProducts(context.db, ids);
  return Response.json(
    { items: found.map(({ product, categoryTitle }) => toCatalogItem(product, categoryTitle)) },
    { headers: noStore },
  );
}
