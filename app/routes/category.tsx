import { data } from "react-router";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-grid";
import { redirectRenamedCategory } from "~/.server/catalog/renamed";
import { findCategoryPage } from "~/.server/catalog/queries";
import { capitalise, categoryPath } from "~/lib/catalog";
import { pageMeta } from "~/lib/meta";
import { pageCount, pagePath, parsePageNumber } from "~/lib/pagination";
import type { Route } from "./+types/category";

/** Whole rows in each of SPEC §2's grids (4, 3, 2 and 1 columns), and a page as light as a demo category's. */
export const PRODUCTS_PER_PAGE = 24;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"));
  const found =
    page === undefined
      ? undefined
      : await findCategoryPage(context.db, params.category, {
          offset: (page - 1) * PRODUCTS_PER_PAGE,
          limit: PRODUCTS_PER_PAGE,
        });
  if (!found) await redirectRenamedCategory(context.db, params.category, { url: new URL(request.url) });
  // An unknown category, or a page past the last.
  if (!found || page === undefined) throw data(null, { status: 404 });
  return { category: found.category, inStock: found.inStock, page, pages: pageCount(found.inStock, PRODUCTS_PER_PAGE) };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, page, pages } = loaderData;
  const heading = capitalise(category.title);
  return (
    <section className="page" aria-labelledby="category-title">
      <h1 className="page__title" id="category-title">
        {heading}
      </h1>
      {category.products.length === 0 ? (
        <p className="empty-state">Sorry, we are out of stock!</p>
      ) : (
        <ProductGrid products={category.products} label={`${heading} candles`} headingLevel={2} />
      )}
      <Pagination path={categoryPath(category.slug)} page={page} pages={pages} label={`${heading} candles`} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { category, inStock, page } = loaderData;
  const title = `${capitalise(category.title)} candles`;
  return pageMeta({
    title: page === 1 ? title : `${title}, page ${page}`,
    description: `Hand-poured ${category.title.toLowerCase()} candles, ${inStock} in stock now.`,
    path: pagePath(categoryPath(category.slug), page),
    matches,
  });
};
