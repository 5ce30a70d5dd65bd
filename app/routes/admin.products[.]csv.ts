import { csvDownload } from "~/.server/admin/csv-stream";
import { requireOwner } from "~/.server/admin/owners";
import { productsCsv } from "~/.server/admin/products-csv";
import type { Route } from "./+types/admin.products[.]csv";

/** GET /admin/products.csv: every product, hidden ones included, one row each, defused against formulas like the orders CSV. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  return csvDownload(productsCsv(context.db), context.logger);
}
