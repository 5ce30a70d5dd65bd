import { Link, data } from "react-router";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-grid";
import { getCatalogPreview } from "~/.server/catalog/queries";
import { capitalise, categoryPath } from "~/lib/catalog";
import { pageMeta } from "~/lib/meta";
import { pageCount, pagePath, parsePageNumber } from "~/lib/pagination";
import type { Route } from "./+types/shop";

/** SPEC §9: the overview shows at most 3 items per category. */
const ITEMS_PER_CATEGORY = 3;
/** Sections per page of the overview: a shop with dozens of categories stays as light as the demo shop's. */
export const CATEGORIES_PER_PAGE = 8;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"));
  if (page === undefined) throw data(null, { status: 404 });
  const { categories, categoryCount } = await getCatalogPreview(context.db, {
    offset: (page - 1) * CATEGORIES_PER_PAGE,
    limit: CATEGORIES_PER_PAGE,
    perCategory: ITEMS_PER_CATEGORY,
  });
  if (page > 1 && categories.length === 0) throw data(null, { status: 404 });
  return { categories, page, pages: pageCount(categoryCount, CATEGORIES_PER_PAGE) };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { categories, page, pages } = loaderData;
  return (
    <div className="page">
      <h1 className="page__title">Shop</h1>
      {categories.map((category, index) => (
        <section key={category.slug} className="shop-section" aria-labelledby={`section-${category.slug}`}>
          <h2 className="shop-section__title" id={`section-${category.slug}`}>
            <Link to={categoryPath(category.slug)}>{capitalise(category.title)}</Link>
          </h2>
          <ProductGrid
            products={category.products}
            label={`${capitalise(category.title)} candles`}
            eagerCount={index === 0 ? 4 : 0}
            trailer={
              <Link to={categoryPath(category.slug)} className="see-more-tile">
                <span>See More!</span>
                <span className="visually-hidden"> {capitalise(category.title)} candles</span>
              </Link>
            }
          />
        </section>
      ))}
      <Pagination path="/shop" page={page} pages={pages} label="the shop's categories" />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: !loaderData || loaderData.page === 1 ? "Shop" : `Shop, page ${loaderData.page}`,
    description: "Browse every candle we make, by category.",
    path: pagePath("/shop", loaderData?.page ?? 1),
    matches,
  });
