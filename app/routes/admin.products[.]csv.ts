import { requireOwner } from "~/.server/admin/owners";
import { allProducts } from "~/.server/admin/products";
import { csvFile } from "~/lib/csv";
import { formatPrice } from "~/lib/money";
import type { Route } from "./+types/admin.products[.]csv";

const HEADER = ["Id", "Name", "Category", "Price", "Stock", "Low-stock alert at", "Visible in the shop", "Scent", "Description", "Photos"];

/** GET /admin/products.csv: every product, hidden ones included, one row each, defused against formulas like the orders CSV. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const rows = (await allProducts(context.db)).map((product) => [
    product.id, product.name, product.categoryTitle, formatPrice(product.priceCents), product.stock, product.lowStockAt,
    product.visible ? "yes" : "no", product.scent, product.description, product.images.join(" "),
  ]);
  return new Response(csvFile([HEADER, ...rows]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
}
